import { Readable } from 'node:stream'
import { net } from 'electron'
import { bodyWriterOf } from '../core/gateway/node-upload'
import type { ResolvingFetch } from '../core/gateway/result-address'

/**
 * The Electron shell's FetchLike, over `net.request` (Chromium's network stack: the system proxy and
 * PAC, the OS certificate store, which users behind corporate proxies need).
 *
 * Why not `net.fetch`:
 *  - A `redirect: 'manual'` request is cancelled unless `followRedirect()` is called synchronously in
 *    the ClientRequest's `redirect` event; net.fetch cannot, and rejects with "Redirect was cancelled"
 *    (electron/electron#43715, working as documented). The result downloader (core
 *    gateway/result-address.ts `fetchResult`) follows redirects by hand so that every hop is checked
 *    against the result-address policy, and needs the 3xx and its Location. Here a `manual` request
 *    listens to `redirect`, aborts the request there (nothing is sent to the next address) and answers
 *    with a Response carrying the redirect's status, headers and resolved Location: the same answer
 *    Node's fetch gives with `redirect: 'manual'`, so both shells run the one policy in the core and
 *    reach the same outcomes. Gateway calls that carry the key use `manual` too, and `sendGateway`
 *    refuses every 3xx, as in the browser host.
 *  - net.fetch sends its body through a non-chunked ClientRequest, which buffers the whole body and
 *    concatenates it per chunk. Here a streamed body (a multipart edit or video upload) goes out with
 *    `chunkedEncoding`, one chunk at a time, the next written only once the last was "delivered to
 *    the Chromium networking layer" (request.write's callback). An edit body's direct writer
 *    (gateway/node-upload.ts) is used as in the browser host, its two buffers reused in turn.
 *    (Chunked: Content-Length is one of the headers apps may not set; Chromium sends the body
 *    with `Transfer-Encoding: chunked`.) A string or byte body is written whole, once: its length is
 *    known and Chromium sends it with a Content-Length.
 *  - Every request is sent with `credentials: 'omit'` (no session cookies, no HTTP auth from the
 *    session, no 'login' prompt on a 401) and `cache: 'no-store'`: polls and downloads share nothing
 *    with the default session's cookie jar and HTTP cache.
 */

/** Chromium reports failures as `net::ERR_*` messages without Node's error codes. */
const NET_TO_NODE: Record<string, string> = {
  ERR_CONNECTION_REFUSED: 'ECONNREFUSED',
  ERR_NAME_NOT_RESOLVED: 'ENOTFOUND',
  ERR_NAME_RESOLUTION_FAILED: 'EAI_AGAIN',
  ERR_ADDRESS_UNREACHABLE: 'EHOSTUNREACH',
  ERR_INTERNET_DISCONNECTED: 'ENETUNREACH',
  ERR_ADDRESS_INVALID: 'EADDRNOTAVAIL',
  ERR_CONNECTION_RESET: 'ECONNRESET',
  ERR_CONNECTION_CLOSED: 'ECONNRESET',
  ERR_EMPTY_RESPONSE: 'ECONNRESET'
}

/**
 * The gateway client classifies by code (refused/DNS = nothing sent, safe to retry; reset = outcome
 * unknown). Only codes whose meaning is certain are mapped; anything else stays unknown, which is the
 * cautious reading.
 */
export function withNodeCode(e: unknown): unknown {
  if (!(e instanceof Error)) return e
  const m = /net::(ERR_[A-Z0-9_]+)/.exec(e.message)
  if (!m) return e
  const mapped =
    NET_TO_NODE[m[1]] ??
    (/^ERR_(CERT|SSL)_/.test(m[1]) || m[1] === 'ERR_UNSAFE_REDIRECT' || m[1] === 'ERR_INVALID_REDIRECT'
      ? m[1]
      : undefined)
  if (mapped === undefined) return e
  return Object.assign(new Error(e.message, { cause: e }), { code: mapped })
}

/** The parts of Electron's ClientRequest this adapter uses (https://www.electronjs.org/docs/latest/api/client-request). */
export interface NetClientRequest extends NodeJS.WritableStream {
  chunkedEncoding: boolean
  setHeader(name: string, value: string): void
  abort(): void
  followRedirect(): void
  on(event: 'response', listener: (res: NetIncomingMessage) => void): this
  on(
    event: 'redirect',
    listener: (
      statusCode: number,
      method: string,
      redirectUrl: string,
      responseHeaders: Record<string, string[]>
    ) => void
  ): this
  on(event: 'error', listener: (e: Error) => void): this
  on(event: string, listener: (...args: never[]) => void): this
}

/** Electron's IncomingMessage: a Readable with the answer's head. */
export interface NetIncomingMessage extends NodeJS.ReadableStream {
  statusCode: number
  statusMessage: string
  headers: Record<string, string | string[]>
}

export interface NetRequestOptions {
  method: string
  url: string
  redirect: 'follow' | 'error' | 'manual'
  credentials: 'omit'
  useSessionCookies: false
  cache: 'no-store'
}

export interface NetLike {
  request(options: NetRequestOptions): NetClientRequest
  /** "Resolves with the resolved IP addresses for the host ... from the default session" (https://www.electronjs.org/docs/latest/api/net). */
  resolveHost?(host: string): Promise<{ endpoints: Array<{ address: string }> }>
}

/** "Certain headers are restricted from being set by apps" (request.setHeader); Chromium sets them itself. */
const RESTRICTED = new Set([
  'content-length',
  'host',
  'trailer',
  'te',
  'upgrade',
  'cookie2',
  'keep-alive',
  'transfer-encoding',
  'connection'
])
const REDIRECTS = new Set([301, 302, 303, 307, 308])
/** Statuses whose Response must not have a body (the Fetch standard's null body statuses). */
const NULL_BODY = new Set([101, 103, 204, 205, 304])

function abortReason(signal: AbortSignal): unknown {
  return signal.reason ?? new DOMException('This operation was aborted', 'AbortError')
}

function toHeaders(raw: Record<string, string | string[]>, drop?: string): Headers {
  const headers = new Headers()
  for (const [name, value] of Object.entries(raw)) {
    if (name.toLowerCase() === drop) continue
    for (const v of Array.isArray(value) ? value : [value]) headers.append(name, v)
  }
  return headers
}

type Body = Buffer | ReadableStream<Uint8Array> | null

/**
 * The body as bytes of known length, or as a stream. FormData, Blob and URLSearchParams are encoded
 * as the Fetch standard does (a form's boundary in its content type), read as a stream.
 */
function normalizeBody(body: RequestInit['body']): { body: Body; contentType: string | null } {
  if (body === null || body === undefined) return { body: null, contentType: null }
  if (typeof body === 'string') return { body: Buffer.from(body), contentType: null }
  if (body instanceof ArrayBuffer) return { body: Buffer.from(body), contentType: null }
  if (ArrayBuffer.isView(body))
    return { body: Buffer.from(body.buffer, body.byteOffset, body.byteLength), contentType: null }
  if (body instanceof ReadableStream) return { body: body as ReadableStream<Uint8Array>, contentType: null }
  const encoded = new Response(body)
  return { body: encoded.body, contentType: encoded.headers.get('content-type') }
}

/** Writes `body` to the request: whole and once when its length is known, else chunked, each chunk taken before the next. */
async function writeBody(req: NetClientRequest, body: Body, signal: AbortSignal | undefined): Promise<void> {
  if (body === null) return void req.end()
  if (Buffer.isBuffer(body)) return void req.end(body)
  req.chunkedEncoding = true
  const direct = bodyWriterOf(body)
  if (direct) {
    await direct(req, signal)
    return void req.end()
  }
  const reader = body.getReader()
  try {
    for (;;) {
      signal?.throwIfAborted()
      const { done, value } = await reader.read()
      if (done) break
      await new Promise<void>((resolve, reject) =>
        req.write(Buffer.from(value.buffer, value.byteOffset, value.byteLength), (e?: Error | null) =>
          e ? reject(e) : resolve()
        )
      )
    }
  } finally {
    reader.releaseLock()
  }
  req.end()
}

/** One request over net.request, answered as a standard Response once its head (or a manual redirect) arrives. */
export function netRequestFetch(netImpl: NetLike, input: string | URL, init: RequestInit = {}): Promise<Response> {
  const url = typeof input === 'string' ? input : input.href
  const signal = init.signal ?? undefined
  if (signal?.aborted) return Promise.reject(abortReason(signal))
  const redirect = init.redirect ?? 'follow'
  const headers = new Headers(init.headers)
  const body = normalizeBody(init.body)
  const contentType = headers.get('content-type') ?? body.contentType
  let req: NetClientRequest
  try {
    req = netImpl.request({
      method: init.method ?? 'GET',
      url,
      redirect,
      credentials: 'omit',
      useSessionCookies: false,
      cache: 'no-store'
    })
    for (const [name, value] of headers)
      if (!RESTRICTED.has(name) && name !== 'content-type') req.setHeader(name, value)
    if (contentType) req.setHeader('content-type', contentType)
  } catch (e) {
    return Promise.reject(e instanceof Error ? new TypeError(e.message, { cause: e }) : e)
  }
  return new Promise<Response>((resolve, reject) => {
    let settled = false
    const settle = (fn: () => void) => {
      if (settled) return
      settled = true
      fn()
    }
    const onAbort = () => {
      settle(() => reject(abortReason(signal!)))
      req.abort()
    }
    signal?.addEventListener('abort', onAbort, { once: true })
    const done = () => signal?.removeEventListener('abort', onAbort)
    // An error after the answer's head reaches its body (Electron destroys the IncomingMessage with it).
    req.on('error', (e) =>
      settle(() => {
        done()
        reject(withNodeCode(e))
      })
    )
    if (redirect === 'manual') {
      req.on('redirect', (statusCode, _method, redirectUrl, responseHeaders) => {
        // Not followed: abort here ("If this event is handled, request.followRedirect must be called
        // synchronously, otherwise the request will be cancelled"), and hand the hop to the caller.
        req.abort()
        settle(() => {
          done()
          const h = toHeaders(responseHeaders, 'set-cookie')
          h.set('location', redirectUrl)
          resolve(new Response(null, { status: REDIRECTS.has(statusCode) ? statusCode : 302, headers: h }))
        })
      })
    }
    req.on('response', (res) => {
      if (settled) {
        res.resume()
        return
      }
      const status = res.statusCode
      if (status < 200 || status > 599) {
        req.abort()
        settle(() =>
          reject(
            Object.assign(new Error(`The server answered with an invalid HTTP status (${status})`), {
              code: 'ERR_INVALID_STATUS'
            })
          )
        )
        return
      }
      const h = toHeaders(res.headers, 'set-cookie')
      const readable = res as unknown as Readable
      // A body left unread (cancelled) ends the request too, so no answer stays paused in Chromium.
      readable.once('close', () => {
        done()
        if (!readable.readableEnded) req.abort()
      })
      const empty = NULL_BODY.has(status) || (init.method ?? 'GET').toUpperCase() === 'HEAD'
      if (empty) readable.resume()
      settle(() =>
        resolve(
          new Response(empty ? null : (Readable.toWeb(readable) as ReadableStream<Uint8Array>), {
            status,
            statusText: res.statusMessage,
            headers: h
          })
        )
      )
    })
    writeBody(req, body.body, signal).catch((e: unknown) => {
      // A body that could not be read (a file that changed size) ends the request with that error.
      settle(() => {
        done()
        reject(e)
      })
      req.abort()
    })
  })
}

/**
 * The Electron shell's FetchLike (see the header comment). Its `resolveHost` is Chromium's resolver:
 * the result-address check judges the answers (cache, secure DNS) the request will connect with.
 * net.request cannot be pinned to the checked address; a second lookup within Chromium is not
 * excluded (docs/ELECTRON.md).
 */
export function createNetFetch(netImpl: NetLike = net as unknown as NetLike): ResolvingFetch {
  const fetchImpl: ResolvingFetch = (input, init) => netRequestFetch(netImpl, input, init)
  if (typeof netImpl.resolveHost === 'function') {
    const resolveHost = netImpl.resolveHost.bind(netImpl)
    fetchImpl.resolveHost = async (host) => (await resolveHost(host)).endpoints.map((e) => e.address)
  }
  return fetchImpl
}
