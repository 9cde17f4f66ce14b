import type { QueueHold } from '@shared/contract/queue'
import type { EditRequest, GenerateRequest, ImageJob, NativeTaskRequest } from '@shared/domain/images'
import type { VideoCreateRequest, VideoRemixRequest, VideoTask } from '@shared/domain/video'
import type { QueuedRequest } from './queue-table'

/** What the queue needs of the services it sends through, and of the studio around it. */

/** What the queue needs of the image service. */
export interface QueueImages {
  /** Journals the job under `jobId` before its create leaves, then sends it. */
  generate(req: GenerateRequest, jobId: string): Promise<ImageJob>
  /** A native image task: checked before it is queued (answers its model), then journaled under `jobId` before its submit leaves. */
  planNative?(req: NativeTaskRequest): Promise<{ model: string }>
  native?(req: NativeTaskRequest, jobId: string): Promise<ImageJob>
  /**
   * An edit: checked and its inputs copied into the library under `jobId` when it is queued (its file
   * grants do not outlive the process; the copies do), then journaled and sent from those copies.
   * `staged` is the image service's own record, kept by the queue as JSON.
   */
  stageEdit?(req: EditRequest, jobId: string): Promise<unknown>
  edit?(req: EditRequest, staged: unknown, jobId: string): Promise<ImageJob>
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
  emit(profileId: string): void
  /**
   * Before a create: why a spending limit or the low-balance threshold holds it (as data, or in
   * words), or null. `model`: the model the item runs on (a native task's resolved one). An item held so waits until the user lets it go (`release`) or changes the
   * limit (`recheckHeld`, then a later check passes).
   */
  limitReason?: (profileId: string, item: QueuedRequest, model: string) => QueueHold | string | null | Promise<QueueHold | string | null>
  newId?: () => string
  now?: () => number
  log?: (line: string) => void
  notice?: (message: string) => void
}
