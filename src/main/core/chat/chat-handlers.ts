import { StudioError } from '@shared/errors'
import type { Handlers } from '../ipc/dispatcher'
import type { ChatService } from './chat-service'
import type { ChatCompareService } from './compare/compare-service'

type ChatChannel = Extract<keyof Handlers, `chat:${string}`>

/** The chat channels of the contract, mapped onto the chat service. */
export function createChatHandlers(chat: ChatService, compare?: ChatCompareService): Pick<Handlers, ChatChannel> {
  const comparing = (): ChatCompareService => {
    if (!compare) throw new StudioError('INTERNAL', 'Comparing models is not available here.')
    return compare
  }
  return {
    'chat:list-models': (input) => chat.listModels(input),
    'chat:list-conversations': (input) => chat.listConversations(input?.query),
    'chat:get-conversation': (input) => chat.getConversation(input),
    'chat:create-conversation': (input) => chat.createConversation(input),
    'chat:update-conversation': (input) => chat.updateConversation(input),
    'chat:delete-conversation': async ({ id }) => {
      await chat.deleteConversation(id)
      return {}
    },
    'chat:duplicate-conversation': ({ id }) => chat.duplicateConversation(id),
    'chat:branch-conversation': ({ id, messageId }) => chat.branchConversation(id, messageId),
    'chat:send': (input) => chat.send(input),
    'chat:send-tool-results': (input) => chat.sendToolResults(input),
    'chat:complete-text': (input) => chat.completeText(input),
    'chat:stop': ({ streamId }) => {
      chat.stop(streamId)
      return {}
    },
    'chat:export-conversation': ({ id, as }) => chat.exportConversation(id, as),
    'chat:list-presets': () => chat.listPresets(),
    'chat:save-preset': (input) => chat.savePreset(input),
    'chat:delete-preset': ({ id }) => {
      chat.deletePreset(id)
      return {}
    },
    'chat:start-compare': (input) => comparing().start(input),
    'chat:list-compares': () => comparing().list(),
    'chat:settle-compare': async (input) => {
      await comparing().settle(input)
      return {}
    }
  }
}
