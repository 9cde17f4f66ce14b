import type { Disposer } from '@shared/contract-kit'
import type { MediaSource } from '../core/files/media'
import type { Dispatch } from '../core/ipc/dispatcher'
import type { EventSink } from '../core/ipc/event-hub'
import type { UploadDispatch } from '../core/ipc/upload-dispatcher'
import type { Logger } from '../core/log'

/** The slice of StudioCore the browser host needs; small enough for tests to fake. */
export interface HostCore {
  dispatch: Dispatch
  /** POST /upload bodies go here (files.upload). */
  upload: UploadDispatch
  /** GET /media/<id> looks ids up here. */
  media: MediaSource
  events: { addSink(sink: EventSink): Disposer }
  log: Logger
}
