import { z } from 'zod'
import type { InvokeSpec } from '../contract-kit'
import { ChatFormatSchema, ChatParamsSchema, PROMPT_MAX_CHARS, SYSTEM_MAX_CHARS } from '../domain/chat'
import { COMPARE_MAX_MODELS, COMPARE_MIN_MODELS, CompareRunSchema } from '../domain/chat-compare'
import { StudioErrorDataSchema } from '../errors'

const Id = z.string().min(1).max(64).regex(/^[A-Za-z0-9_-]+$/)
const Model = z.string().trim().min(1).max(200)

export const chatCompareInvokes = {
  'chat:start-compare': {
    doc: 'Sends one prompt to 2–4 models, each in a new conversation of the same format, system instruction and parameters, and starts every answer streaming.',
    input: z.strictObject({
      format: ChatFormatSchema,
      models: z.array(Model).min(COMPARE_MIN_MODELS).max(COMPARE_MAX_MODELS),
      text: z.string().max(PROMPT_MAX_CHARS),
      system: z.string().max(SYSTEM_MAX_CHARS),
      params: ChatParamsSchema
    }),
    output: z.object({
      compare: CompareRunSchema,
      /** One per column, in column order: its stream, or why it could not start (the others still run). */
      started: z.array(
        z.object({
          conversationId: z.string(),
          streamId: z.string().optional(),
          userMessageId: z.string().optional(),
          assistantMessageId: z.string().optional(),
          error: StudioErrorDataSchema.optional()
        })
      )
    })
  },
  'chat:list-compares': {
    doc: 'Compare runs the user has not settled yet, newest first (columns whose conversation was deleted are left out).',
    input: z.undefined(),
    output: z.object({ compares: z.array(CompareRunSchema) })
  },
  'chat:settle-compare': {
    doc: 'Ends a compare run: the chosen conversation (if any) carries on as a normal one; the others are kept, or deleted with `discardOthers`.',
    input: z.strictObject({ id: Id, keep: Id.optional(), discardOthers: z.boolean().optional() }),
    output: z.strictObject({})
  }
} satisfies Record<string, InvokeSpec>
