import type { ChatFormat, ChatParams } from '@shared/domain/chat'
import { COMPARE_PROMPT_EXCERPT, type CompareRun } from '@shared/domain/chat-compare'
import { isStudioError, StudioError, type StudioErrorData } from '@shared/errors'
import type { ChatService } from '../chat-service'
import { newId } from '../conversation-ops'
import { checkDocument, checkModel, checkParams, checkPrompt } from '../validate'
import type { ChatCompareStore } from './compare-store'

export interface CompareInput {
  format: ChatFormat
  models: string[]
  text: string
  system: string
  params: ChatParams
}

export interface ColumnStart {
  conversationId: string
  streamId?: string
  userMessageId?: string
  assistantMessageId?: string
  error?: StudioErrorData
}

function errorData(e: unknown): StudioErrorData {
  if (isStudioError(e)) return e.toData()
  return { code: 'INTERNAL', message: 'This answer could not be started.', retryable: false }
}

/**
 * Compare runs: one prompt to several models, each in its own ordinary conversation, so every
 * answer streams, saves, survives a restart and carries on exactly as a single chat does.
 */
export class ChatCompareService {
  constructor(
    private readonly chat: ChatService,
    private readonly store: ChatCompareStore,
    private readonly now: () => number = Date.now
  ) {}

  /** Everything a send would refuse is refused here first, for the whole run: no column starts on bad input. */
  private check(input: CompareInput): string[] {
    const models = input.models.map((m) => m.trim())
    models.forEach((m, i) => {
      try {
        checkModel(m)
      } catch (e) {
        throw isStudioError(e) ? new StudioError(e.code, e.message, { field: `models.${i}` }) : e
      }
    })
    const twice = models.find((m, i) => models.indexOf(m) !== i)
    if (twice !== undefined) throw new StudioError('INVALID_INPUT', `The model ${twice} is chosen twice; compare different models.`, { field: 'models' })
    if (input.params.format !== input.format) {
      throw new StudioError('INVALID_INPUT', `These parameters are for the ${input.params.format} format, but the compare uses ${input.format}.`, { field: 'params' })
    }
    checkParams(input.params)
    if (input.format === 'completions') checkDocument(input.text)
    else checkPrompt(input.text, 0)
    return models
  }

  async start(input: CompareInput): Promise<{ compare: CompareRun; started: ColumnStart[] }> {
    const models = this.check(input)
    // A missing key fails the whole run here, before any conversation is made.
    await this.chat.ready()
    const columns: CompareRun['columns'] = []
    for (const model of models) {
      const created = await this.chat.createConversation({ format: input.format, model })
      await this.chat.updateConversation({ id: created.id, system: input.system, params: input.params })
      columns.push({ conversationId: created.id, model })
    }
    const compare: CompareRun = { id: newId('cmp'), createdAt: this.now(), format: input.format, prompt: input.text.slice(0, COMPARE_PROMPT_EXCERPT), columns }
    this.store.add(compare)
    // All at once: each column is its own stream, and one that fails does not hold up the rest.
    const started = await Promise.all(
      columns.map(async ({ conversationId }): Promise<ColumnStart> => {
        try {
          const s = input.format === 'completions' ? await this.chat.completeText({ conversationId, document: input.text }) : await this.chat.send({ conversationId, text: input.text })
          return { conversationId, ...s }
        } catch (e) {
          return { conversationId, error: errorData(e) }
        }
      })
    )
    return { compare, started }
  }

  async list(): Promise<{ compares: CompareRun[] }> {
    const runs = this.store.list()
    if (runs.length === 0) return { compares: [] }
    const existing = new Set((await this.chat.listConversations()).conversations.map((c) => c.id))
    const compares: CompareRun[] = []
    for (const run of runs) {
      const columns = run.columns.filter((c) => existing.has(c.conversationId))
      // Every answer was deleted one by one: nothing is left to compare.
      if (columns.length === 0) this.store.remove(run.id)
      else compares.push({ ...run, columns })
    }
    return { compares }
  }

  async settle(input: { id: string; keep?: string; discardOthers?: boolean }): Promise<void> {
    const run = this.store.get(input.id)
    if (!run) throw new StudioError('NOT_FOUND', 'This comparison is no longer open.', { field: 'id' })
    if (input.keep !== undefined && !run.columns.some((c) => c.conversationId === input.keep)) {
      throw new StudioError('INVALID_INPUT', 'That answer is not part of this comparison.', { field: 'keep' })
    }
    if (input.discardOthers && input.keep === undefined) {
      throw new StudioError('INVALID_INPUT', 'Choose the answer to keep before discarding the others.', { field: 'discardOthers' })
    }
    if (input.discardOthers) {
      for (const c of run.columns) {
        if (c.conversationId === input.keep) continue
        try {
          await this.chat.deleteConversation(c.conversationId)
        } catch (e) {
          // Already deleted from the list: that is what was asked.
          if (!(isStudioError(e) && e.code === 'NOT_FOUND')) throw e
        }
      }
    }
    this.store.remove(run.id)
  }
}
