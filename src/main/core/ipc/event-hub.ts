import type { z } from 'zod'
import { events, type EventName, type Events, type HostEventArgs } from '@shared/contract'
import type { Disposer, EventPayload } from '@shared/contract-kit'
import type { SecretGuard } from './secret-guard'

/**
 * What receives events: a shell's transport (webContents.send, WebSocket clients) or code that reads
 * them (a feature following another's). `payload` is typed by `name` once the name is tested, so no
 * sink casts; `json` is the payload already serialized (as checked for keys), for sinks that send
 * text, and undefined when the event has no payload.
 */
export type EventSink = (...event: HostEventArgs) => void

/**
 * Host -> renderer events. Every payload is parsed by its contract schema and checked for keys
 * before any shell sees it; each shell adds a sink (webContents.send, WebSocket clients).
 */
export class EventHub {
  /** Sinks and listeners, called in the order they were added. */
  private readonly listeners = new Set<EventSink>()

  constructor(
    private readonly guard: SecretGuard,
    private readonly log: (line: string) => void = () => {}
  ) {}

  addSink(sink: EventSink): Disposer {
    return this.listen(sink)
  }

  /** Every event, typed: `if (name === 'images:job-updated')` makes `payload` an ImageJob. */
  listen(listener: EventSink): Disposer {
    this.listeners.add(listener)
    return () => this.listeners.delete(listener)
  }

  /** One event's payloads, typed by the event map (`src/shared/contract.ts`). */
  on<N extends EventName>(name: N, listener: (payload: EventPayload<Events, N>) => void): Disposer {
    return this.listen((...event) => {
      // The event map pairs each name with its payload's type; a union of tuples cannot say which member N is.
      if (event[0] === name) listener(event[1] as EventPayload<Events, N>)
    })
  }

  emit<N extends EventName>(name: N, payload: z.input<Events[N]>): void {
    const parsed = events[name].safeParse(payload)
    if (!parsed.success) {
      this.log(`dropped event ${name}: payload outside its contract`)
      return
    }
    // Serialized once: checked for keys here, and handed to the sinks so a text transport (the
    // browser host's socket) does not serialize the same payload again (a long answer's end event
    // is a whole message).
    const json: string | undefined = JSON.stringify(parsed.data)
    if (this.guard.leaks(json ?? '')) {
      this.log(`dropped event ${name}: payload contained a key`)
      return
    }
    // The schema of `name` parsed the payload, so the three belong together as HostEventArgs says.
    const event = [name, parsed.data, json] as HostEventArgs
    for (const listener of this.listeners) {
      try {
        listener(...event)
      } catch (e) {
        this.log(`event sink failed for ${name}: ${this.guard.scrub(String(e))}`)
      }
    }
  }
}
