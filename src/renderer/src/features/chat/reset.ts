import { resetChatUiStore } from './chat-ui-store'
import { resetCompareStarts } from './compare/start-errors'
import { resetDraftStore } from './settings/draft-store'
import { resetStreamStore } from './stream-store'
import { resetToolAnswers } from './tools/tool-answer-store'

/** For tests: chat's UI, draft and live stores back to the first-launch state. */
export function resetChatState(): void {
  resetChatUiStore()
  resetDraftStore()
  resetStreamStore()
  resetToolAnswers()
  resetCompareStarts()
}
