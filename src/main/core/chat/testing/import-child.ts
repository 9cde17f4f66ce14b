// Child of the conversation import kill test: opens the conversations of argv[2] (which imports
// the conversation files of an earlier version), prints how many and exits. The parent SIGKILLs
// it at random moments of that import.
import { ConversationStore } from '../conversation-store'

const store = await ConversationStore.open(process.argv[2])
process.stdout.write(`open ${store.summaries().length}\n`)
store.close()
