import { isStudioError, StudioError } from '@shared/errors'
import type { ChatComparePort } from '../compare/compare-port'
import type { ChatService } from './chat-service'
import { newId } from './conversation-ops'
import { checkDocument, checkModel, checkParams, checkPrompt } from './validate'

/** Chat columns of a compare run: one ordinary conversation each, sent in through the chat service. */
export function chatComparePort(chat: ChatService): ChatComparePort {
  return {
    check: (input) => {
      const models = input.models.map((m) => m.trim())
      models.forEach((m, i) => {
        try {
          checkModel(m)
        } catch (e) {
          throw isStudioError(e) ? new StudioError(e.code, e.message, { field: `models.${i}` }) : e
        }
      })
      const twice = models.find((m, i) => models.indexOf(m) !== i)
      if (twice !== undefined)
        throw new StudioError('INVALID_INPUT', `The model ${twice} is chosen twice; compare different models.`, {
          field: 'models'
        })
      if (input.params.format !== input.format) {
        throw new StudioError(
          'INVALID_INPUT',
          `These parameters are for the ${input.params.format} format, but the compare uses ${input.format}.`,
          { field: 'params' }
        )
      }
      checkParams(input.params)
      if (input.format === 'completions') checkDocument(input.text)
      else checkPrompt(input.text, 0)
      return models
    },
    ready: () => chat.ready(),
    newRef: () => newId('cmp'),
    open: async (input, model) => {
      const created = await chat.createConversation({ format: input.format, model })
      await chat.updateConversation({ id: created.id, system: input.system, params: input.params })
      return created.id
    },
    // Completions continue the prompt in the document; the other formats send it as the user turn.
    start: (input, conversationId) =>
      input.format === 'completions'
        ? chat.completeText({ conversationId, document: input.text })
        : chat.send({ conversationId, text: input.text }),
    existing: async () => new Set((await chat.listConversations()).conversations.map((c) => c.id)),
    discard: async (conversationId) => {
      try {
        await chat.deleteConversation(conversationId)
      } catch (e) {
        // Already deleted from the list: that is what was asked.
        if (!(isStudioError(e) && e.code === 'NOT_FOUND')) throw e
      }
    }
  }
}
