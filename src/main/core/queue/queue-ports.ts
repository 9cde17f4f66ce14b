import type { QueueHold } from '@shared/contract/queue'
import type { EditRequest, GenerateRequest, ImageJob, NativeTaskRequest } from '@shared/domain/images'
import type { VideoCreateRequest, VideoRemixRequest, VideoTask } from '@shared/domain/video'
import type { QueuedRequest } from './queue-table'

/** What the queue needs of the services it sends through, and of the studio around it. */

/**
 * Who an item is sent as: the profile it was queued under (its key and address, never the active
 * one's), and the parameters kept on its items besides the request's own (a variation's group).
 */
export interface SendAs {
  profileId: string
  tag?: Record<string, unknown>
}

/** A variation to queue: the request that made a gallery image, again (a fresh seed where its family takes one). */
export type VariationRequest =
  | { kind: 'generate'; req: GenerateRequest }
  | { kind: 'native'; req: NativeTaskRequest }
  | { kind: 'edit'; req: EditRequest; maskFile?: string }

/** What the queue needs of the image service. Every call names the item's profile. */
export interface QueueImages {
  /** Journals the job under `jobId` before its create leaves, then sends it as `as.profileId`. */
  generate(req: GenerateRequest, jobId: string, as: SendAs): Promise<ImageJob>
  /** A native image task: checked before it is queued (answers its model), then journaled under `jobId` before its submit leaves. */
  planNative?(req: NativeTaskRequest, profileId: string): Promise<{ model: string }>
  native?(req: NativeTaskRequest, jobId: string, as: SendAs): Promise<ImageJob>
  /**
   * An edit: checked and its inputs copied into the library under `jobId` when it is queued (its file
   * grants do not outlive the process; the copies do), then journaled and sent from those copies.
   * `staged` is the image service's own record, kept by the queue as JSON.
   */
  stageEdit?(req: EditRequest, jobId: string, opts: { profileId: string; maskFile?: string }): Promise<unknown>
  edit?(req: EditRequest, staged: unknown, jobId: string, as: SendAs): Promise<ImageJob>
  /** "More like this": `count` requests rebuilt from a gallery item (refused when no request made it). */
  variations?(itemId: string, count: number): VariationRequest[]
  /** A staged edit removed from the queue: its copies go. */
  discardEdit?(staged: unknown): Promise<void>
  /** The journal's word on a job: running, ended, or unknown (never journaled, or long pruned). */
  jobState(jobId: string): 'running' | 'ended' | undefined
}

/** What the queue needs of the video service. */
export interface QueueVideos {
  /** Journals the task under `id` (phase sending) before its create leaves, then sends it. */
  create(req: VideoCreateRequest, id: string): Promise<VideoTask>
  remix(req: VideoRemixRequest, id: string): Promise<VideoTask>
  /** The journal's word on a task: running (not final), ended, or unknown (never journaled, or removed). */
  taskState(id: string): 'running' | 'ended' | undefined
  /** The profile a remix runs on: its source task's. */
  remixProfile(req: VideoRemixRequest): string | undefined
}

export interface QueueDeps {
  dataDir: string
  images: QueueImages
  videos?: QueueVideos
  activeId(): Promise<string>
  /** Throws for a profile that does not exist (an unknown id is refused, never stored). */
  checkProfile?: (profileId: string) => void
  /**
   * Before a create: why the item's own profile cannot send it (removed, or without a usable key),
   * or null. Such an item is held, never sent under another profile.
   */
  profileHold?: (profileId: string) => Promise<QueueHold | null>
  emit(profileId: string): void
  /**
   * Before a create: why a spending limit or the low-balance threshold holds it (as data, or in
   * words), or null. `model`: the model the item runs on (a native task's resolved one). An item held so waits until the user lets it go (`release`) or changes the
   * limit (`recheckHeld`, then a later check passes).
   */
  limitReason?: (
    profileId: string,
    item: QueuedRequest,
    model: string
  ) => QueueHold | string | null | Promise<QueueHold | string | null>
  newId?: () => string
  now?: () => number
  log?: (line: string) => void
  notice?: (message: string) => void
}
