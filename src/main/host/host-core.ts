import type { Disposer } from '@shared/contract-kit'
import type { Dispatch } from '../core/ipc/dispatcher'
import type { EventSink } from '../core/ipc/event-hub'
import type { Logger } from '../core/log'

/** The slice of StudioCore the browser host needs; small enough for tests to fake. */
export interface HostCore {
  dispatch: Dispatch
  events: { addSink(sink: EventSink): Disposer }
  log: Logger
}
