import { z } from 'zod'
import { StudioErrorDataSchema } from '../errors'
import { ChatFormatSchema, ChatParamsSchema, PROMPT_MAX_CHARS, SYSTEM_MAX_CHARS } from './chat'
import { GalleryItemSchema, GenerateRequestSchema } from './images'
import { VideoCreateRequestSchema, VideoTaskSchema } from './video'

/**
 * A compare run: one prompt sent to 2–4 models side by side. The run is recorded before anything is
 * sent, so it survives restarts. Images and video: one create per model, each a cell following its
 * job or task. Chat: one ordinary conversation per model (a column), each answer streaming as a
 * single chat does; the run only remembers which conversations belong together until the user
 * continues with one of them.
 */
export const COMPARE_MIN = 2
export const COMPARE_MAX = 4

export const CompareAreaSchema = z.enum(['chat', 'images', 'video'])
export type CompareArea = z.infer<typeof CompareAreaSchema>
/** The areas whose runs are cells of jobs or tasks (the `compare:*` channels). */
export const MediaCompareAreaSchema = z.enum(['images', 'video'])
export type MediaCompareArea = z.infer<typeof MediaCompareAreaSchema>

/** Chat: the prompt is kept in each conversation; the run keeps only an excerpt to name itself. */
export const COMPARE_PROMPT_EXCERPT = 300

/** Chosen by the page per send, so a retried or doubled send finds the run it already started. */
export const CompareRunIdSchema = z
  .string()
  .regex(/^[A-Za-z0-9_-]{8,64}$/, 'A run id is 8 to 64 letters, digits, - or _')

export const CompareStartSchema = z.discriminatedUnion('area', [
  z.strictObject({
    runId: CompareRunIdSchema,
    area: z.literal('images'),
    requests: z.array(GenerateRequestSchema).min(COMPARE_MIN).max(COMPARE_MAX)
  }),
  z.strictObject({
    runId: CompareRunIdSchema,
    area: z.literal('video'),
    requests: z.array(VideoCreateRequestSchema).min(COMPARE_MIN).max(COMPARE_MAX)
  })
])
export type CompareStart = z.infer<typeof CompareStartSchema>

/** Chat: one prompt to 2–4 models, each in a new conversation of the same format, system instruction and parameters. */
export const ChatCompareStartSchema = z.strictObject({
  format: ChatFormatSchema,
  models: z.array(z.string().trim().min(1).max(200)).min(COMPARE_MIN).max(COMPARE_MAX),
  text: z.string().max(PROMPT_MAX_CHARS),
  system: z.string().max(SYSTEM_MAX_CHARS),
  params: ChatParamsSchema
})
export type ChatCompareStart = z.infer<typeof ChatCompareStartSchema>

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

const mediaRun = <A extends MediaCompareArea>(area: A) =>
  z.object({
    id: z.string(),
    area: z.literal(area),
    profileId: z.string(),
    prompt: z.string(),
    createdAt: z.number(),
    cells: z.array(CompareCellSchema),
    /** The cell picked as the winner. */
    keptIndex: z.number().int().min(0).optional()
  })

/** A chat column: the conversation holding one model's answer. */
export const CompareColumnSchema = z.object({ conversationId: z.string(), model: z.string() })
export type CompareColumn = z.infer<typeof CompareColumnSchema>

export const ChatCompareRunSchema = z.object({
  id: z.string(),
  area: z.literal('chat'),
  createdAt: z.number(),
  format: ChatFormatSchema,
  /** An excerpt of the prompt (COMPARE_PROMPT_EXCERPT). */
  prompt: z.string(),
  columns: z.array(CompareColumnSchema)
})

export const MediaCompareRunSchema = z.discriminatedUnion('area', [mediaRun('images'), mediaRun('video')])

export const CompareRunSchema = z.discriminatedUnion('area', [
  ChatCompareRunSchema,
  mediaRun('images'),
  mediaRun('video')
])
export type CompareRun = z.infer<typeof CompareRunSchema>
/** The run of one area (or of several: `CompareRunOf<MediaCompareArea>`). */
export type CompareRunOf<A extends CompareArea> = Extract<CompareRun, { area: A }>

export const FINAL_CELL_STATES: readonly CompareCellState[] = ['done', 'failed', 'outcome-unknown', 'not-sent']
