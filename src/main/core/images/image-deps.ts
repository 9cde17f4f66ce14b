import type { RecordGeneration } from '../balance/generation-log'
import type { FileGrants } from '../files/grants'
import type { MediaLibrary } from '../files/media'
import type { FetchLike, GatewayConnection } from '../gateway/http'
import type { EventHub } from '../ipc/event-hub'
import type { PollScheduler } from '../tasks/scheduler'
import type { CheckedEdit, LibraryCopies } from './edit-inputs'
import type { SaveFile } from './gallery-actions'
import type { ImageTiming } from './timing'
import type { editFamilyFor } from './validate'

/** What the images host is built from, and the plain-data shapes the queue hands back to it. */

export interface ImageServiceDeps {
  dataDir: string
  profiles: {
    activeId(): Promise<string>
    connection(id: string): Promise<GatewayConnection>
    /** Profile changes (a new key among them): a job paused on a rejected key resumes from here. */
    onChanged?(listener: () => void): () => void
  }
  fetch: FetchLike
  /** The host's one task scheduler (native task polls). */
  scheduler: PollScheduler
  /** `fetch` is Node's own: edit uploads go over node:http (gateway/node-upload.ts). */
  nodeFetch?: boolean
  /** The grant table: local files as edit sources, masks and references. */
  files?: Pick<FileGrants, 'get' | 'readBytes' | 'copyTo'> & Partial<Pick<FileGrants, 'release'>>
  media: MediaLibrary
  emit: EventHub['emit']
  log?: (line: string) => void
  notice?: (message: string) => void
  /** Electron: the save dialog + copy. Absent in the browser host (export answers a download URL). */
  saveFile?: SaveFile
  timing?: Partial<ImageTiming>
  /** The balance host's generation log (src/main/core/balance/generation-log.ts). */
  recordGeneration?: RecordGeneration
}

/** An edit checked and its inputs in the library, ready to send (plain data: the queue keeps it as JSON). */
export interface StagedEdit {
  jobId: string
  family: ReturnType<typeof editFamilyFor>
  warnings: string[]
  checked: CheckedEdit
  copies: LibraryCopies
}

/**
 * Who a create is sent as: `profileId` (the queue's item's own profile; absent: the active one) and
 * `tag`, parameters kept on the items besides the request's own (a variation's group).
 */
export interface SendAs {
  profileId?: string
  tag?: Record<string, unknown>
}
