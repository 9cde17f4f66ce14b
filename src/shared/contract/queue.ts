import { z } from 'zod'
import type { InvokeSpec } from '../contract-kit'
import { GenerateRequestSchema } from '../domain/images'

/**
 * The local queue in front of the gateway (issue 28): per profile, at most `imageCap` paid image
 * creates in flight; the rest wait here in order, can be moved and removed, and the queue paused.
 */
const ItemId = z.string().min(1).max(64).regex(/^[A-Za-z0-9_-]+$/)
const ProfileId = z.string().min(1).max(64)

export const QueueItemSchema = z.object({
  id: z.string(),
  /** The image job it becomes (chosen when queued, so a create is journaled under it exactly once). */
  jobId: z.string(),
  model: z.string(),
  prompt: z.string(),
  /** waiting: not sent; sending: its create is being journaled and sent; running: sent, not ended; held: refused before sending, with `reason`. */
  state: z.enum(['waiting', 'sending', 'running', 'held']),
  /** 1-based place among the waiting items (in a list); null for the others, and in the answer to an add. */
  place: z.number().int().nullable(),
  reason: z.string().optional(),
  createdAt: z.number()
})
export type QueueItem = z.infer<typeof QueueItemSchema>

export const QueueViewSchema = z.object({
  profileId: z.string(),
  paused: z.boolean(),
  imageCap: z.number().int(),
  items: z.array(QueueItemSchema)
})
export type QueueView = z.infer<typeof QueueViewSchema>

export const QUEUE_IMAGE_CAP_DEFAULT = 4
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
    doc: 'Pauses or resumes a profile’s queue (pausing stops new creates; accepted tasks go on) and sets its cap of image creates in flight.',
    input: z.strictObject({ profileId: ProfileId.optional(), paused: z.boolean().optional(), imageCap: z.number().int().min(1).max(QUEUE_CAP_MAX).optional() }),
    output: QueueViewSchema
  }
} satisfies Record<string, InvokeSpec>

export const queueEvents = {
  'queue:changed': z.object({ profileId: z.string() })
}
