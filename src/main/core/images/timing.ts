import type { PollTiming } from './native-poller'
import type { DownloadTiming } from './result-files'

/** Every image-route time limit in one table (SECURITY.md §5.2), overridable in tests. */
export interface ImageTiming {
  /** POST /v1/images/generations and /edits: response headers may take minutes. */
  syncHeadersMs: number
  /** POST of the native task (an async create): the answer is just a task id. */
  nativeSubmitHeadersMs: number
  /** Uploads may not be slower than this, so a big edit gets more time (SECURITY.md H9). */
  uploadFloorBytesPerSec: number
  poll: Partial<PollTiming>
  download: Partial<DownloadTiming>
  /** First wait before re-trying a result download that failed transiently. */
  downloadRetryMs: number
}

export const DEFAULT_IMAGE_TIMING: ImageTiming = {
  syncHeadersMs: 600_000,
  nativeSubmitHeadersMs: 120_000,
  uploadFloorBytesPerSec: 50 * 1024,
  poll: {},
  download: {},
  downloadRetryMs: 1000
}

/** The edit's headers limit: the sync limit, or longer when the upload itself may take that long. */
export function editHeadersMs(t: ImageTiming, uploadBytes: number): number {
  return Math.max(t.syncHeadersMs, Math.ceil((uploadBytes / t.uploadFloorBytesPerSec) * 1000) + 120_000)
}
