import type { StoredConversation } from '../../src/main/core/chat/conversation-files'
import { CHAT_SCHEMA, putConversation } from '../../src/main/core/chat/conversation-table'
import { openLibrary } from '../../src/main/core/store/library-db'
import type { ChatMessage } from '../../src/shared/domain/chat'

/**
 * A year of chat for G2: `messages` messages in conversations of 20, written straight into the
 * data dir's library database in one transaction with the host's own row code (what an import or
 * a year of sends leaves). `needles` messages carry the rare word, the same number at every size,
 * each in its own conversation, so a search's answer is the same size whatever the library's.
 */
const PER_CONVERSATION = 20
const WORDS =
  'please explain the pipeline step shader render queue budget invoice river mountain noodles harbour castle dragon prompt model token stream answer chart'.split(
    ' '
  )

function text(i: number, needle: string | null): string {
  const w = (k: number) => WORDS[(i * 11 + k * 17 + (i >> k)) % WORDS.length]
  return `${w(1)} ${w(2)} ${w(3)} about the ${w(4)} and the ${w(5)} ${w(6)}, message ${i}${needle ? ` ${needle}` : ''}. ${w(7)} ${w(8)} ${w(9)}.`
}

export function seedChat(dataDir: string, messages: number, needle: string, needles = 20): void {
  const lib = openLibrary(dataDir)
  try {
    lib.schema('chat', CHAT_SCHEMA)
    const conversations = Math.ceil(messages / PER_CONVERSATION)
    const every = Math.max(1, Math.floor(conversations / needles))
    lib.tx(() => {
      for (let c = 0; c < conversations; c++) {
        const base = c * PER_CONVERSATION
        const list: ChatMessage[] = []
        for (let k = 0; k < PER_CONVERSATION && base + k < messages; k++) {
          const i = base + k
          const withNeedle = k === PER_CONVERSATION / 2 && c % every === 0 && c / every < needles
          list.push({
            id: `m${i}`,
            role: k % 2 ? 'assistant' : 'user',
            parts: [{ type: 'text', text: text(i, withNeedle ? needle : null) }],
            createdAt: 1_700_000_000_000 + i,
            status: 'complete'
          })
        }
        const conversation: StoredConversation = {
          id: `c${c}`,
          title: `Conversation ${c} on ${WORDS[c % WORDS.length]}`,
          format: 'chat',
          model: 'bench-model',
          createdAt: 1_700_000_000_000 + base,
          updatedAt: 1_700_000_000_000 + base + PER_CONVERSATION,
          system: '',
          params: { format: 'chat', params: {} },
          document: '',
          messages: list
        }
        putConversation(lib, conversation)
      }
    })
  } finally {
    lib.release()
  }
}
