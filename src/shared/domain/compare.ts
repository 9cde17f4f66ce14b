import { z } from 'zod'
import { StudioErrorDataSchema } from '../errors'
import { GalleryItemSchema, GenerateRequestSchema } from './images'
import { VideoCreateRequestSchema, VideoTaskSchema } from './video'

/**
 * A compare run: one prompt sent to 2–4 models side by side, one create per model. The run (which
 * cells, which model, which job) is recorded before any create leaves, so it survives restarts.
 */
export const COMPARE_MIN = 2
export const COMPARE_MAX = 4

export const CompareAreaSchema = z.enum(['images', 'video'])
export type CompareArea = z.infer<typeof CompareAreaSchema>

/** Chosen by the page per send, so a retried or doubled send finds the run it already started. */
export const CompareRunIdSchema = z.string().regex(/^[A-Za-z0-9_-]{8,64}$/, 'A run id is 8 to 64 letters, digits, - or _')

export const CompareStartSchema = z.discriminatedUnion('area', [
  z.strictObject({ runId: CompareRunIdSchema, area: z.literal('images'), requests: z.array(GenerateRequestSchema).min(COMPARE_MIN).max(COMPARE_MAX) }),
  z.strictObject({ runId: CompareRunIdSchema, area: z.literal('video'), requests: z.array(VideoCreateRequestSchema).min(COMPARE_MIN).max(COMPARE_MAX) })
])
export type CompareStart = z.infer<typeof CompareStartSchema>

/** not-sent: the studio stopped after recording the run and before this cell's create was journaled (nothing was sent). */
export const COMPARE_CELL_STATES = ['waiting', 'running', 'done', 'failed', 'outcome-unknown', 'not-sent'] as const
export const CompareCellStateSchema = z.enum(COMPARE_CELL_STATES)
export type CompareCellState = z.infer<typeof CompareCellStateSchema>

export const CompareCellSchema = z.object({
  model: z.string(),
  family: z.string(),
  /** The studio's id of the cell's image job or video task. */
  ref: z.string(),
  state: CompareCellStateSchema,
  /** 0–100 when the area reports one. */
  progress: z.number().int().min(0).max(100).nullable(),
  note: z.string().optional(),
  startedAt: z.number().optional(),
  endedAt: z.number().optional(),
  error: StudioErrorDataSchema.optional(),
  /** Raw quota units, from the generation log (attributed from the usage snapshots around the job). */
  cost: z.object({ amount: z.number(), basis: z.enum(['exact', 'shared', 'mixed']) }).optional(),
  /** Images: the cell's results (gallery items still in the gallery). */
  items: z.array(GalleryItemSchema).optional(),
  /** Video: the cell's task as the board knows it. */
  task: VideoTaskSchema.optional()
})
export type CompareCell = z.infer<typeof CompareCellSchema>

export const CompareRunSchema = z.object({
  id: z.string(),
  area: CompareAreaSchema,
  profileId: z.string(),
  prompt: z.string(),
  createdAt: z.number(),
  cells: z.array(CompareCellSchema),
  /** The cell picked as the winner. */
  keptIndex: z.number().int().min(0).optional()
})
export type CompareRun = z.infer<typeof CompareRunSchema>

export const FINAL_CELL_STATES: readonly CompareCellState[] = ['done', 'failed', 'outcome-unknown', 'not-sent']
