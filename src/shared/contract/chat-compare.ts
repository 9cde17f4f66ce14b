import { z } from 'zod'
import type { InvokeSpec } from '../contract-kit'
import { ChatCompareRunSchema, ChatCompareStartSchema } from '../domain/compare'
import { StudioErrorDataSchema } from '../errors'

const Id = z
  .string()
  .min(1)
  .max(64)
  .regex(/^[A-Za-z0-9_-]+$/)

/** The chat side of the compare engine (src/main/core/compare): runs of area `chat`. */
export const chatCompareInvokes = {
  'chat:start-compare': {
    doc: 'Sends one prompt to 2–4 models, each in a new conversation of the same format, system instruction and parameters, and starts every answer streaming.',
    input: ChatCompareStartSchema,
    output: z.object({
      compare: ChatCompareRunSchema,
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
    output: z.object({ compares: z.array(ChatCompareRunSchema) })
  },
  'chat:settle-compare': {
    doc: 'Ends a compare run: the chosen conversation (if any) carries on as a normal one; the others are kept, or deleted with `discardOthers`.',
    input: z.strictObject({ id: Id, keep: Id.optional(), discardOthers: z.boolean().optional() }),
    output: z.strictObject({})
  }
} satisfies Record<string, InvokeSpec>
