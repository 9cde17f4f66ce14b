/**
 * Chat compare: one prompt sent to 2–4 models at once, each answer streaming in its own
 * conversation. A compare run only remembers which conversations belong together until the user
 * continues with one of them; the conversations themselves are ordinary ones.
 */
import { z } from 'zod'
import { ChatFormatSchema } from './chat'

export const COMPARE_MIN_MODELS = 2
export const COMPARE_MAX_MODELS = 4
/** The prompt is kept in each conversation; the run keeps only an excerpt to name itself. */
export const COMPARE_PROMPT_EXCERPT = 300

export const CompareColumnSchema = z.object({ conversationId: z.string(), model: z.string() })
export type CompareColumn = z.infer<typeof CompareColumnSchema>

export const CompareRunSchema = z.object({
  id: z.string(),
  createdAt: z.number(),
  format: ChatFormatSchema,
  prompt: z.string(),
  columns: z.array(CompareColumnSchema)
})
export type CompareRun = z.infer<typeof CompareRunSchema>
