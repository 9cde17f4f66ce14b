import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

/** One host->renderer event as the renderer side saw it. */
export interface SeenEvent {
  name: string
  payload: Record<string, unknown>
  /** process.hrtime.bigint() after the frame was serialized, as the WebSocket bridge does. */
  at: bigint
  /** Bytes of the serialized frame. */
  bytes: number
}

export interface CoreHarness {
  /** Invokes a contract channel; throws with the coded error when the result is not ok. */
  call(channel: string, input?: unknown): Promise<Record<string, unknown>>
  events: SeenEvent[]
  /** The first event (recorded from index `from` on) matching `pred`, waiting up to `timeoutMs`. */
  waitFor(pred: (e: SeenEvent) => boolean, timeoutMs: number, from?: number): Promise<SeenEvent>
  close(): Promise<void>
}

/**
 * The host core in this process, as the browser host builds it, but with the built-in sandbox off
 * and the active profile pointing at `gateway` (the STUDIO_GATEWAY_URL / STUDIO_API_KEY path). The
 * "renderer side" is an EventHub sink that serializes each event exactly like the WebSocket bridge,
 * so serialization is charged to the relay.
 */
export async function startCore(gateway: { url: string; key: string }): Promise<CoreHarness> {
  // Loaded here, not at the top: a metric whose feature is missing must not break the whole suite's import.
  const { createStudioCore } = await import('../../src/main/core/studio-core')
  const { noKeychain } = await import('../../src/main/core/profiles/secret-backend')
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-core-'))
  let core: Awaited<ReturnType<typeof createStudioCore>>
  try {
    core = await createStudioCore({
      dataDir,
      shell: 'browser',
      appVersion: '0.0.0-bench',
      platform: process.platform,
      secrets: noKeychain,
      env: { gatewayUrl: gateway.url, apiKey: gateway.key },
      sandbox: { enabled: false }
    })
  } catch (e) {
    rmSync(dataDir, { recursive: true, force: true })
    throw e
  }
  const events: SeenEvent[] = []
  const waiters = new Set<() => void>()
  const removeSink = core.events.addSink((...[name, payload]) => {
    const text = JSON.stringify({ t: 'event', name, payload })
    events.push({
      name,
      payload: payload as Record<string, unknown>,
      at: process.hrtime.bigint(),
      bytes: Buffer.byteLength(text)
    })
    for (const w of waiters) w()
  })
  return {
    events,
    async call(channel, input) {
      const r = await core.dispatch(channel, input, { shell: 'browser' })
      if (!r.ok) throw new Error(`${channel} failed: ${r.error.code} ${r.error.message}`)
      return (r.value ?? {}) as Record<string, unknown>
    },
    waitFor(pred, timeoutMs, from = 0) {
      return new Promise((resolve, reject) => {
        let i = from
        const check = () => {
          for (; i < events.length; i++) {
            if (pred(events[i])) {
              done()
              resolve(events[i])
              return
            }
          }
        }
        const timer = setTimeout(() => {
          done()
          reject(new Error(`no matching event within ${timeoutMs} ms`))
        }, timeoutMs)
        const done = () => {
          clearTimeout(timer)
          waiters.delete(check)
        }
        waiters.add(check)
        check()
      })
    },
    async close() {
      removeSink()
      try {
        await core.dispose()
      } finally {
        rmSync(dataDir, { recursive: true, force: true })
      }
    }
  }
}

/** The text a stream's deltas add up to (text parts only), for byte-identity checks. */
export function appendedText(deltas: SeenEvent[]): string {
  let out = ''
  for (const d of deltas) {
    for (const op of (d.payload.ops as Array<{ type: string; append: string }>) ?? [])
      if (op.type === 'text') out += op.append
  }
  return out
}
