import { z } from 'zod'
import type { InvokeSpec } from '../contract-kit'
import { EditRequestSchema, GenerateRequestSchema, NativeTaskRequestSchema } from '../domain/images'
import { VideoCreateRequestSchema, VideoRemixRequestSchema } from '../domain/video'

/**
 * The local queue in front of the gateway: per profile, at most `imageCap` paid image creates and
 * `videoCap` video tasks in flight; the rest wait here in order, can be moved and removed, and the
 * queue paused.
 */
const ItemId = z
  .string()
  .min(1)
  .max(64)
  .regex(/^[A-Za-z0-9_-]+$/)
const ProfileId = z.string().min(1).max(64)

/**
 * Why an item is held, as data the page words in its language: a spending limit it would cross (the
 * limit, what was spent in its window, the item's estimate), the low-balance threshold or a balance
 * below the item's estimate (what is left), the gateway's or host's refusal of its create (its own
 * words), or its own profile removed or without a usable key. Amounts are raw quota units;
 * `estimate` is null when the model has no history here.
 */
export const QueueHoldSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('daily-limit'), limit: z.number(), spent: z.number(), estimate: z.number().nullable() }),
  z.object({ kind: z.literal('weekly-limit'), limit: z.number(), spent: z.number(), estimate: z.number().nullable() }),
  z.object({
    kind: z.literal('below-threshold'),
    available: z.number(),
    threshold: z.number().nullable(),
    estimate: z.number().nullable()
  }),
  z.object({ kind: z.literal('below-cost'), available: z.number(), estimate: z.number().nullable() }),
  z.object({ kind: z.literal('refused'), message: z.string() }),
  // The profile the item was queued under is gone, or has no usable key: it is never sent under another one.
  z.object({ kind: z.literal('profile-missing') }),
  z.object({ kind: z.literal('no-key'), profile: z.string() })
])
export type QueueHold = z.infer<typeof QueueHoldSchema>

export const QueueItemSchema = z.object({
  id: z.string(),
  /** What it creates: an image job, or a video task (a create or a remix). */
  kind: z.enum(['image', 'video']),
  /** What an image item sends: a generation, a native image task or an edit (absent: a generation or a video). */
  origin: z.enum(['generate', 'native', 'edit']).optional(),
  /** The image job or video task it becomes (chosen when queued, so a create is journaled under it exactly once). */
  jobId: z.string(),
  model: z.string(),
  prompt: z.string(),
  /** waiting: not sent; sending: its create is being journaled and sent; running: sent, not ended; held: refused before sending, with `reason`. */
  state: z.enum(['waiting', 'sending', 'running', 'held']),
  /** 1-based place among the waiting items (in a list); null for the others, and in the answer to an add. */
  place: z.number().int().nullable(),
  /** The hold's reason in the host's words (English); `hold` says the same as data, for the page's language. */
  reason: z.string().optional(),
  hold: QueueHoldSchema.optional(),
  /**
   * Why it is held: a spending limit or the low-balance threshold (waits again once the limit allows
   * it), a refusal of the create, or its own profile gone or without a key (checked again whenever
   * profiles change).
   */
  heldBy: z.enum(['limit', 'refused', 'profile']).optional(),
  /**
   * When it should end (ms since the epoch): at the median and by the 75th percentile of its model's
   * latest runs, after the queue ahead of it; `runs` is how many runs that rests on. Null: no runs of
   * its model yet (or held). Absent in the answer to an add.
   */
  eta: z.object({ median: z.number(), p75: z.number(), runs: z.number().int() }).nullable().optional(),
  createdAt: z.number()
})
export type QueueItem = z.infer<typeof QueueItemSchema>

export const QueueViewSchema = z.object({
  profileId: z.string(),
  paused: z.boolean(),
  imageCap: z.number().int(),
  videoCap: z.number().int(),
  items: z.array(QueueItemSchema)
})
export type QueueView = z.infer<typeof QueueViewSchema>

export const QUEUE_IMAGE_CAP_DEFAULT = 4
export const QUEUE_VIDEO_CAP_DEFAULT = 2
export const QUEUE_CAP_MAX = 32

export const queueInvokes = {
  'queue:list': {
    doc: "A profile's queue (the active one when no id is given): running, sending, held and waiting items, waiting ones in order.",
    input: z.strictObject({ profileId: ProfileId.optional() }).optional(),
    output: QueueViewSchema
  },
  'queue:add-image': {
    doc: 'Queues an image generation on the active profile; it is sent when fewer than the cap of creates are in flight and the queue is not paused.',
    input: GenerateRequestSchema,
    output: QueueItemSchema
  },
  'queue:add-video': {
    doc: 'Queues a video create or remix on the active profile (a remix on its source’s profile); it is sent when fewer than the video cap of tasks are in flight and the queue is not paused.',
    input: z.union([
      z.strictObject({ create: VideoCreateRequestSchema }),
      z.strictObject({ remix: VideoRemixRequestSchema })
    ]),
    output: QueueItemSchema
  },
  'queue:add-native': {
    doc: 'Queues a native image task on the active profile, checked first; it is sent under the image cap, in the same order as image generations. `letGo`: sent past a spending limit the user already let it go by.',
    input: z.strictObject({ native: NativeTaskRequestSchema, letGo: z.boolean().optional() }),
    output: QueueItemSchema
  },
  'queue:add-edit': {
    doc: 'Queues an image edit on the active profile: checked, and its source and mask copied into the library at once (a waiting edit outlives its file grants); sent under the image cap, in the same order as image generations. `letGo`: as for a native task.',
    input: z.strictObject({ edit: EditRequestSchema, letGo: z.boolean().optional() }),
    output: QueueItemSchema
  },
  'queue:run-stats': {
    doc: 'How long runs of each model took here (median and 75th percentile in ms of its latest runs, and their number), for the ETA of a job sent outside the queue; null for a model with no finished run.',
    input: z.strictObject({ kind: z.enum(['image', 'video']), models: z.array(z.string().min(1).max(200)).max(50) }),
    output: z.array(
      z.object({
        model: z.string(),
        stats: z.object({ median: z.number(), p75: z.number(), runs: z.number().int() }).nullable()
      })
    )
  },
  'queue:move': {
    doc: 'Moves a waiting item to a 0-based place among the waiting items of its profile.',
    input: z.strictObject({ id: ItemId, to: z.number().int().min(0).max(1_000_000) }),
    output: QueueViewSchema
  },
  'queue:remove': {
    doc: 'Removes a waiting or held item (nothing was sent for it). A running item is not the queue’s to remove.',
    input: z.strictObject({ id: ItemId }),
    output: QueueViewSchema
  },
  'queue:release': {
    doc: 'Puts a held item back to waiting (after its reason was dealt with).',
    input: z.strictObject({ id: ItemId }),
    output: QueueViewSchema
  },
  'queue:set': {
    doc: 'Pauses or resumes a profile’s queue (pausing stops new creates; accepted tasks go on) and sets its caps of image creates and video tasks in flight.',
    input: z.strictObject({
      profileId: ProfileId.optional(),
      paused: z.boolean().optional(),
      imageCap: z.number().int().min(1).max(QUEUE_CAP_MAX).optional(),
      videoCap: z.number().int().min(1).max(QUEUE_CAP_MAX).optional()
    }),
    output: QueueViewSchema
  }
} satisfies Record<string, InvokeSpec>

export const queueEvents = {
  'queue:changed': z.object({ profileId: z.string() })
}
