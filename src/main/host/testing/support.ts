// Shared by the browser-host tests: a fake renderer build, a fake core, raw HTTP and WS clients.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { request, type IncomingHttpHeaders, type OutgoingHttpHeaders } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { WebSocket } from 'ws'
import { TOKEN_HEADER } from '@shared/bridge-wire'
import type { EventName, Events } from '@shared/contract'
import type { EventPayload } from '@shared/contract-kit'
import type { Result } from '@shared/errors'
import type { EventSink } from '../../core/ipc/event-hub'
import type { HostCore } from '../host-core'

export const APP_SCRIPT = '<script type="module" crossorigin src="/assets/app.js"></script>'

export function makeRendererDir(): { dir: string; cleanup(): void } {
  const dir = mkdtempSync(join(tmpdir(), 'studio-renderer-'))
  mkdirSync(join(dir, 'assets'))
  writeFileSync(
    join(dir, 'index.html'),
    `<!doctype html><html><head><meta charset="utf-8">${APP_SCRIPT}</head><body><div id="root"></div></body></html>`
  )
  writeFileSync(join(dir, 'bridge.js'), 'export {}\n')
  writeFileSync(join(dir, 'assets', 'app.js'), 'console.log("app")\n')
  writeFileSync(join(dir, 'assets', 'style.css'), 'body{}\n')
  return { dir, cleanup: () => rmSync(dir, { recursive: true, force: true }) }
}

export interface FakeCore extends HostCore {
  calls: Array<{ channel: unknown; input: unknown; shell: string }>
  uploads: Array<{ channel: unknown; meta: unknown; bytes: number; shell: string }>
  logged: string[]
  /** An event as the core's EventHub hands it to its sinks: the payload typed by the event map. */
  emit(...event: EmittedEvent): void
}

/** One event as a test emits it: its name and a payload of that name's type. */
export type EmittedEvent = { [N in EventName]: [name: N, payload: EventPayload<Events, N>] }[EventName]

/** Echoes invokes back, so a test sees exactly what crossed the socket. */
export function fakeCore(answer?: (channel: unknown, input: unknown) => Promise<Result<unknown>>): FakeCore {
  const sinks = new Set<EventSink>()
  const core: FakeCore = {
    calls: [],
    uploads: [],
    logged: [],
    dispatch: async (channel, input, ctx) => {
      core.calls.push({ channel, input, shell: ctx.shell })
      return answer ? answer(channel, input) : { ok: true, value: { echo: { channel, input } } }
    },
    // Reads the whole body, so a test sees what crossed the wire; no media at all.
    upload: async (channel, body, meta, ctx) => {
      let bytes = 0
      if (body.kind === 'stream') for await (const chunk of body.stream) bytes += chunk.byteLength
      core.uploads.push({ channel, meta, bytes, shell: ctx.shell })
      return { ok: true, value: { received: bytes } }
    },
    media: { resolve: () => null },
    events: {
      addSink(sink) {
        sinks.add(sink)
        return () => sinks.delete(sink)
      }
    },
    log: (line) => core.logged.push(line),
    emit: (...event) => {
      // As the core's EventHub does: the payload serialized once, handed to every sink.
      const json = JSON.stringify(event[1])
      for (const s of sinks) s(...event, json)
    }
  }
  return core
}

export interface RawResponse {
  status: number
  headers: IncomingHttpHeaders
  body: string
}

/** A raw GET: unlike fetch, it lets a test send any Host and Origin it likes. */
export function httpGet(
  port: number,
  path: string,
  headers: OutgoingHttpHeaders = {},
  method = 'GET'
): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const req = request(
      { host: '127.0.0.1', port, path, method, headers: { host: `127.0.0.1:${port}`, ...headers } },
      (res) => {
        const chunks: Buffer[] = []
        res.on('data', (c: Buffer) => chunks.push(c))
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') })
        )
      }
    )
    req.on('error', reject)
    req.end()
  })
}

/** Any method, an optional body (chunked when it is an iterable), the answer's bytes kept as bytes. */
export function httpSend(
  port: number,
  path: string,
  opts: { method?: string; headers?: OutgoingHttpHeaders; body?: Uint8Array | AsyncIterable<Uint8Array> } = {}
): Promise<{ status: number; headers: IncomingHttpHeaders; bytes: Buffer; json(): unknown }> {
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port,
        path,
        method: opts.method ?? 'GET',
        headers: { host: `127.0.0.1:${port}`, ...opts.headers }
      },
      (res) => {
        const chunks: Buffer[] = []
        res.on('data', (c: Buffer) => chunks.push(c))
        res.on('end', () => {
          const bytes = Buffer.concat(chunks)
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            bytes,
            json: () => JSON.parse(bytes.toString('utf8'))
          })
        })
      }
    )
    req.on('error', reject)
    const body = opts.body
    if (body === undefined) return void req.end()
    if (body instanceof Uint8Array) return void req.end(body)
    void (async () => {
      for await (const chunk of body) if (!req.write(chunk)) await new Promise((r) => req.once('drain', r))
      req.end()
    })().catch(reject)
  })
}

/** The token from the printed address (it travels in the fragment). */
export function tokenOf(url: string): string {
  const token = new URLSearchParams(new URL(url).hash.slice(1)).get('token')
  if (!token) throw new Error('url has no token')
  return token
}

/** A token of the same shape that is always different from `token` (its last character flipped). */
export function wrongToken(token: string): string {
  return token.slice(0, -1) + (token.endsWith('A') ? 'B' : 'A')
}

/** The cookie the host used to set (before cookies were dropped): tests show it opens nothing. */
export function oldTokenCookie(port: number, token: string): string {
  return `studio_token_${port}=${token}`
}

/** A valid challenge, as the page makes one per connection. */
export const CHALLENGE = 'c'.repeat(43)

/** Opens a bridge socket the way the page does (Origin, a challenge) unless told otherwise. */
export function openSocket(
  port: number,
  headers: Record<string, string>,
  path = `/bridge?challenge=${CHALLENGE}`
): WebSocket {
  return new WebSocket(`ws://127.0.0.1:${port}${path}`, { headers })
}

/** What a browser adds by itself to the page's requests: our Origin (and no cookie). */
export function browserHeaders(port: number): Record<string, string> {
  return { Origin: `http://127.0.0.1:${port}` }
}

/** The page's upload header. */
export function tokenHeader(token: string): Record<string, string> {
  return { [TOKEN_HEADER]: token }
}

/**
 * A bridge socket past the handshake: the host's hello read, the token sent as the first frame,
 * and one round trip (channel `test:ready`) so the host has surely taken the token.
 */
export async function openAuthed(port: number, token: string): Promise<WebSocket> {
  const ws = openSocket(port, browserHeaders(port))
  const hello = new Promise<void>((resolve) => ws.once('message', () => resolve()))
  await opened(ws)
  await hello
  ws.send(JSON.stringify({ t: 'auth', token }))
  const ready = new Promise<void>((resolve) => {
    const onMessage = (data: unknown): void => {
      if ((JSON.parse(String(data)) as { id?: unknown }).id === 0) {
        ws.off('message', onMessage)
        resolve()
      }
    }
    ws.on('message', onMessage)
  })
  ws.send(JSON.stringify({ t: 'invoke', id: 0, channel: 'test:ready' }))
  await ready
  return ws
}

/** Resolves with the handshake status: 101 when the socket opened, else the HTTP status. */
export function handshakeStatus(ws: WebSocket): Promise<number> {
  return new Promise((resolve) => {
    ws.once('open', () => {
      ws.close()
      resolve(101)
    })
    ws.once('unexpected-response', (_req, res) => {
      resolve(res.statusCode ?? 0)
      res.resume()
      ws.terminate()
    })
    ws.once('error', () => resolve(-1))
  })
}

export function opened(ws: WebSocket): Promise<void> {
  return new Promise((resolve, reject) => {
    ws.once('open', () => resolve())
    ws.once('error', reject)
  })
}

/** Collects parsed JSON frames; `next(pred)` waits for the first matching one. */
export function frames(ws: WebSocket): {
  next(pred?: (f: Record<string, unknown>) => boolean): Promise<Record<string, unknown>>
} {
  const seen: Array<Record<string, unknown>> = []
  const waiters: Array<{
    pred: (f: Record<string, unknown>) => boolean
    resolve: (f: Record<string, unknown>) => void
  }> = []
  ws.on('message', (data) => {
    const f = JSON.parse(String(data)) as Record<string, unknown>
    const w = waiters.findIndex((x) => x.pred(f))
    if (w >= 0) waiters.splice(w, 1)[0].resolve(f)
    else seen.push(f)
  })
  return {
    next(pred = () => true) {
      const i = seen.findIndex(pred)
      if (i >= 0) return Promise.resolve(seen.splice(i, 1)[0])
      return new Promise((resolve) => waiters.push({ pred, resolve }))
    }
  }
}
