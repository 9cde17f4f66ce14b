import type { Handlers } from '../ipc/dispatcher'
import type { ChatService } from './chat-service'

// chat:start-compare, chat:list-compares and chat:settle-compare go to the compare engine
// (src/main/core/compare/compare-handlers.ts).
type ChatChannel = Exclude<Extract<keyof Handlers, `chat:${string}`>, `chat:${string}-compare${string}`>

/** The chat channels of the contract, mapped onto the chat service. */
export function createChatHandlers(chat: ChatService): Pick<Handlers, ChatChannel> {
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
    }
  }
}
