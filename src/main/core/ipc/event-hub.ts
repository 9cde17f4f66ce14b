import type { z } from 'zod'
import { events, type EventName, type Events } from '@shared/contract'
import type { Disposer } from '@shared/contract-kit'
import type { SecretGuard } from './secret-guard'

/**
 * `json` is the payload already serialized (as checked for keys), for sinks that send text;
 * undefined when the event has no payload.
 */
export type EventSink = (name: EventName, payload: unknown, json: string | undefined) => void

/**
 * Host -> renderer events. Every payload is parsed by its contract schema and checked for keys
 * before any shell sees it; each shell adds a sink (webContents.send, WebSocket clients).
 */
export class EventHub {
  private readonly sinks = new Set<EventSink>()

  constructor(
    private readonly guard: SecretGuard,
    private readonly log: (line: string) => void = () => {}
  ) {}

  addSink(sink: EventSink): Disposer {
    this.sinks.add(sink)
    return () => this.sinks.delete(sink)
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
    for (const sink of this.sinks) {
      try {
        sink(name, parsed.data, json)
      } catch (e) {
        this.log(`event sink failed for ${name}: ${this.guard.scrub(String(e))}`)
      }
    }
  }
}
