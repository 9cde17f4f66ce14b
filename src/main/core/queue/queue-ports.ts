import type { GenerateRequest, ImageJob } from '@shared/domain/images'
import type { VideoCreateRequest, VideoRemixRequest, VideoTask } from '@shared/domain/video'
import type { QueuedRequest } from './queue-table'

/** What the queue needs of the services it sends through, and of the studio around it. */

/** What the queue needs of the image service. */
export interface QueueImages {
  /** Journals the job under `jobId` before its create leaves, then sends it. */
  generate(req: GenerateRequest, jobId: string): Promise<ImageJob>
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
   * Before a create: why a spending limit or the low-balance threshold holds it (the reason in
   * words), or null. An item held so waits until the user lets it go (`release`) or changes the
   * limit (`recheckHeld`, then a later check passes).
   */
  limitReason?: (profileId: string, item: QueuedRequest) => string | null | Promise<string | null>
  newId?: () => string
  now?: () => number
  log?: (line: string) => void
  notice?: (message: string) => void
}
