import {
  request as httpRequest,
  type ClientRequest as NodeClientRequest,
  type IncomingMessage as NodeIncomingMessage
} from 'node:http'
import { request as httpsRequest } from 'node:https'
import { isIP } from 'node:net'
import { Readable, Writable } from 'node:stream'

/**
 * A fake of Electron's `net` (net.request / ClientRequest / IncomingMessage, and net.fetch), written
 * from Electron's documentation, not from what the studio's adapter needs. Each behaviour cites the
 * sentence (https://www.electronjs.org/docs/latest/api/client-request, https://www.electronjs.org/docs/latest/api/incoming-message, https://www.electronjs.org/docs/latest/api/net of Electron 45) or the issue it
 * follows. Requests really go out, over node:http(s) to the (loopback) server a test runs, so a test
 * sees what a server receives; Chromium's own network stack (proxy, certificate store, HTTP cache)
 * is not modelled.
 *
 * What only a real Electron binary can tell is a switch here, never a guess baked in:
 *  - `unsafeRedirects`: a redirect to a scheme other than http(s). The docs say the `redirect` event
 *    is "Emitted when the server returns a redirect response"; Chromium's URLRequestJob may instead
 *    refuse such a redirect itself (net::ERR_UNSAFE_REDIRECT) before any event. Tests run both.
 */

/** "Certain headers are restricted from being set by apps" (https://www.electronjs.org/docs/latest/api/client-request, request.setHeader). */
const RESTRICTED = new Set([
  'content-length',
  'host',
  'trailer',
  'te',
  'upgrade',
  'cookie2',
  'keep-alive',
  'transfer-encoding'
])

/** Node's socket errors as Chromium names them: "errors as net::ERR_* messages" (Chromium's net_error_list.h). */
const NODE_TO_NET: Record<string, string> = {
  ECONNREFUSED: 'net::ERR_CONNECTION_REFUSED',
  ENOTFOUND: 'net::ERR_NAME_NOT_RESOLVED',
  EAI_AGAIN: 'net::ERR_NAME_RESOLUTION_FAILED',
  ECONNRESET: 'net::ERR_CONNECTION_RESET',
  EHOSTUNREACH: 'net::ERR_ADDRESS_UNREACHABLE'
}

export interface FakeNetOptions {
  /** What a redirect to a non-http(s) scheme does; see the header comment. Default 'event'. */
  unsafeRedirects?: 'event' | 'error'
  /** What net.resolveHost answers, by host name (anything else: net::ERR_NAME_NOT_RESOLVED). */
  hosts?: Record<string, string[]>
  /** Cookies the fake session holds, by host name (sent only when the request's options say so). */
  sessionCookies?: Record<string, string>
}

export interface ClientRequestOptions {
  method?: string
  url?: string
  headers?: Record<string, string | string[]>
  credentials?: 'include' | 'omit' | 'same-origin'
  useSessionCookies?: boolean
  redirect?: 'follow' | 'error' | 'manual'
  origin?: string
  cache?: 'default' | 'no-store' | 'reload' | 'no-cache' | 'force-cache' | 'only-if-cached'
}

/** What one ClientRequest did, for assertions. */
export interface RequestRecord {
  options: ClientRequestOptions
  chunkedEncoding: boolean
  /** The URLs the request was sent to, in order (a followed redirect adds one). */
  urls: string[]
  /** The largest body the request held in memory at once (the slurped body when not chunked). */
  bufferedBodyBytes: number
  /** How many body writes reached the "networking layer" (each chunk in chunked mode; 1 otherwise). */
  bodyPieces: number
}

/** IncomingMessage: "implements the Readable Stream interface" (https://www.electronjs.org/docs/latest/api/incoming-message). */
export class FakeIncomingMessage extends Readable {
  readonly statusCode: number
  readonly statusMessage: string
  /** "headers Record<string, string | string[]>": set-cookie kept as an array, other duplicates joined. */
  readonly headers: Record<string, string | string[]>
  readonly rawHeaders: string[]

  constructor(private readonly source: NodeIncomingMessage) {
    super()
    this.statusCode = source.statusCode ?? 0
    this.statusMessage = source.statusMessage ?? ''
    this.rawHeaders = source.rawHeaders
    const headers: Record<string, string | string[]> = {}
    for (let i = 0; i + 1 < source.rawHeaders.length; i += 2) {
      const name = source.rawHeaders[i].toLowerCase()
      const value = source.rawHeaders[i + 1]
      if (name === 'set-cookie') headers[name] = [...((headers[name] as string[] | undefined) ?? []), value]
      else headers[name] = headers[name] === undefined ? value : `${String(headers[name])}, ${value}`
    }
    this.headers = headers
    source.on('data', (chunk: Buffer) => {
      if (!this.push(chunk)) source.pause()
    })
    source.on('end', () => this.push(null))
    // "Emitted when an error was encountered while streaming response data events" (event 'error').
    source.on('error', (e: NodeJS.ErrnoException) =>
      this.destroy(new Error(NODE_TO_NET[e.code ?? ''] ?? 'net::ERR_FAILED'))
    )
    source.on('aborted', () => this.destroy(new Error('net::ERR_CONNECTION_RESET')))
  }

  override _read(): void {
    this.source.resume()
  }
}

/**
 * ClientRequest: "implements the Writable Stream interface and is therefore an EventEmitter"
 * (https://www.electronjs.org/docs/latest/api/client-request). Events: 'response', 'redirect', 'error', 'abort', 'close', 'finish'.
 */
export class FakeClientRequest extends Writable {
  readonly record: RequestRecord
  private readonly headers = new Map<string, string>()
  private chunked: boolean | undefined
  private firstWrite = false
  private started = false
  private aborted = false
  private ended = false
  private slurped: Buffer = Buffer.alloc(0)
  private wire: NodeClientRequest | null = null
  private response: FakeIncomingMessage | null = null
  private redirecting: { follow: () => void } | null = null
  private readonly target: URL
  private method: string

  constructor(
    options: ClientRequestOptions | string,
    private readonly net: FakeNet
  ) {
    // 'close' is the transaction's last event (below), not the Writable's own end.
    super({ autoDestroy: false, emitClose: false })
    const o: ClientRequestOptions = typeof options === 'string' ? { url: options } : options
    // "url ... Must be provided in the absolute form with the protocol scheme specified as http or https."
    this.target = new URL(o.url ?? '')
    if (this.target.protocol !== 'http:' && this.target.protocol !== 'https:')
      throw new Error('ClientRequest only supports http: and https: protocols')
    // "credentials ... If set to same-origin, origin must also be specified."
    if (o.credentials === 'same-origin' && !o.origin)
      throw new Error('credentials: same-origin requires origin to be set')
    this.method = (o.method ?? 'GET').toUpperCase()
    for (const [name, value] of Object.entries(o.headers ?? {}))
      this.setHeader(name, Array.isArray(value) ? value.join(', ') : value)
    this.record = { options: o, chunkedEncoding: false, urls: [], bufferedBodyBytes: 0, bodyPieces: 0 }
    net.requests.push(this.record)
  }

  /** "can be set only before the first write ... Trying to set the chunkedEncoding property after the first write will throw an error." */
  get chunkedEncoding(): boolean {
    return this.chunked ?? false
  }
  set chunkedEncoding(value: boolean) {
    if (this.firstWrite || this.started)
      throw new Error('chunkedEncoding can only be set before the request is started')
    this.chunked = value
    this.record.chunkedEncoding = value
  }

  /** "It can be called only before first write. Calling this method after the first write will throw an error." */
  setHeader(name: string, value: string): void {
    if (this.firstWrite || this.started) throw new Error("Can't set headers after they are sent")
    const key = name.toLowerCase()
    if (RESTRICTED.has(key) || (key === 'connection' && /upgrade/i.test(value)))
      throw new Error(`The header ${name} is restricted from being set by apps`)
    this.headers.set(key, String(value))
  }
  getHeader(name: string): string | undefined {
    return this.headers.get(name.toLowerCase())
  }
  removeHeader(name: string): void {
    if (this.firstWrite || this.started) throw new Error("Can't remove headers after they are sent")
    this.headers.delete(name.toLowerCase())
  }

  /**
   * Without chunked encoding the body is "internally buffered inside Electron process memory" and sent
   * when the request ends; with it, "data will be streamed in small chunks" (request.chunkedEncoding).
   * The write callback "is called asynchronously in the next tick after chunk content have been
   * delivered to the Chromium networking layer" (request.write).
   */
  override _write(chunk: Buffer, _enc: BufferEncoding, callback: (e?: Error | null) => void): void {
    this.firstWrite = true
    if (this.aborted) return callback(new Error('net::ERR_ABORTED'))
    if (this.chunked) {
      if (!this.started) this.start()
      this.record.bodyPieces++
      this.record.bufferedBodyBytes = Math.max(this.record.bufferedBodyBytes, chunk.byteLength)
      this.wire!.write(chunk, () => process.nextTick(callback))
      return
    }
    this.slurped = Buffer.concat([this.slurped, chunk])
    this.record.bufferedBodyBytes = Math.max(this.record.bufferedBodyBytes, this.slurped.byteLength)
    callback()
  }

  override _final(callback: (e?: Error | null) => void): void {
    if (this.aborted) return callback()
    if (this.chunked) {
      if (!this.started) this.start()
      this.wire!.end()
    } else {
      if (this.slurped.byteLength > 0) this.record.bodyPieces = 1
      this.start(this.slurped)
    }
    callback()
  }

  /** "Cancels an ongoing HTTP transaction ... an ongoing event will emit abort and close events. Additionally, if there is an ongoing response object, it will emit the aborted event." */
  abort(): void {
    if (this.ended || this.aborted) return
    this.aborted = true
    this.wire?.destroy()
    const response = this.response
    process.nextTick(() => {
      this.emit('abort')
      if (response && !response.readableEnded) {
        response.emit('aborted')
        response.destroy()
      }
      this.finishClose()
    })
  }

  /** "Continues any pending redirection. Can only be called during a 'redirect' event." */
  followRedirect(): void {
    if (!this.redirecting) throw new Error('followRedirect() called, but was not waiting for a redirect')
    this.redirecting.follow()
  }

  private finishClose(): void {
    if (this.ended) return
    this.ended = true
    // "Emitted as the last event in the HTTP request-response transaction" (event 'close').
    this.emit('close')
  }

  /** "Emitted when the net module fails to issue a network request. Typically ... a close event will subsequently follow" (event 'error'). */
  private fail(message: string): void {
    if (this.aborted || this.ended) return
    this.wire?.destroy()
    this.emit('error', new Error(message))
    this.finishClose()
  }

  private start(body?: Buffer): void {
    this.started = true
    this.send(this.target, this.method, body)
  }

  private send(url: URL, method: string, body?: Buffer): void {
    this.record.urls.push(url.toString())
    const o = this.record.options
    const headers: Record<string, string> = Object.fromEntries(this.headers)
    // "credentials ... If set to omit, credentials will not be sent ... If this option is not specified,
    // ... cookies will not be sent (unless useSessionCookies is set)"; "useSessionCookies ... If
    // credentials is specified, this option has no effect."
    const cookie = this.net.options.sessionCookies?.[url.hostname]
    const sendCookies = o.credentials === undefined ? o.useSessionCookies === true : o.credentials === 'include'
    if (cookie && sendCookies) headers.cookie = cookie
    if (body && body.byteLength > 0) headers['content-length'] = String(body.byteLength)
    const send = url.protocol === 'https:' ? httpsRequest : httpRequest
    const wire = send(url, { method, headers, agent: false })
    this.wire = wire
    wire.on('error', (e: NodeJS.ErrnoException) => this.fail(NODE_TO_NET[e.code ?? ''] ?? 'net::ERR_FAILED'))
    wire.on('response', (res) => this.answer(res, url, method))
    if (!this.chunked) wire.end(body)
  }

  private answer(res: NodeIncomingMessage, url: URL, method: string): void {
    if (this.aborted) return void res.destroy()
    const status = res.statusCode ?? 0
    const location = res.headers.location
    if ([301, 302, 303, 307, 308].includes(status) && location !== undefined) {
      res.resume()
      let next: URL
      try {
        next = new URL(location, url)
      } catch {
        return this.fail('net::ERR_INVALID_REDIRECT')
      }
      if (next.protocol !== 'http:' && next.protocol !== 'https:' && this.net.options.unsafeRedirects === 'error')
        return this.fail('net::ERR_UNSAFE_REDIRECT')
      const nextMethod = status === 303 || ((status === 301 || status === 302) && method === 'POST') ? 'GET' : method
      const responseHeaders: Record<string, string[]> = {}
      for (let i = 0; i + 1 < res.rawHeaders.length; i += 2)
        (responseHeaders[res.rawHeaders[i].toLowerCase()] ??= []).push(res.rawHeaders[i + 1])
      const policy = this.record.options.redirect ?? 'follow'
      // "When mode is error, any redirection will be aborted."
      if (policy === 'error') return this.fail("Attempted to redirect, but redirect policy was 'error'")
      let followed = policy === 'follow'
      this.redirecting = { follow: () => (followed = true) }
      try {
        // "Emitted when the server returns a redirect response ... If this event is handled,
        // request.followRedirect must be called synchronously, otherwise the request will be cancelled."
        this.emit('redirect', status, nextMethod, next.toString(), responseHeaders)
      } finally {
        this.redirecting = null
      }
      if (this.aborted) return
      // "When mode is manual the redirection will be cancelled unless request.followRedirect is invoked
      // synchronously during the redirect event"; net.fetch reports it as "Redirect was cancelled"
      // (electron/electron#43715, closed as working as documented).
      if (!followed) return this.fail('Redirect was cancelled')
      if (next.protocol !== 'http:' && next.protocol !== 'https:') return this.fail('net::ERR_UNSAFE_REDIRECT')
      return this.send(next, nextMethod, nextMethod === 'GET' ? undefined : this.slurped)
    }
    const response = new FakeIncomingMessage(res)
    this.response = response
    response.on('end', () => this.finishClose())
    response.on('error', () => this.finishClose())
    this.emit('response', response)
  }
}

/** `net`: request() and fetch(), "from the default session" (https://www.electronjs.org/docs/latest/api/net). */
export class FakeNet {
  readonly requests: RequestRecord[] = []
  constructor(readonly options: FakeNetOptions = {}) {}

  /** "Creates a ClientRequest instance using the provided options which are directly forwarded to the ClientRequest constructor." */
  request(options: ClientRequestOptions | string): FakeClientRequest {
    return new FakeClientRequest(options, this)
  }

  /**
   * net.resolveHost: "Resolves with the resolved IP addresses for the host" (https://www.electronjs.org/docs/latest/api/net), as a ResolvedHost
   * ("endpoints ResolvedEndpoint[]": address and family). "Even if a source is specified, results can
   * still come from cache, resolving "localhost" or IP literals" (ResolveHostOptions.source): an IP
   * literal answers itself.
   */
  async resolveHost(host: string): Promise<{ endpoints: Array<{ address: string; family: 'ipv4' | 'ipv6' }> }> {
    const bare = host.replace(/^\[|\]$/g, '')
    const found = isIP(bare) ? [bare] : this.options.hosts?.[host]
    if (!found?.length) throw new Error('net::ERR_NAME_NOT_RESOLVED')
    return { endpoints: found.map((address) => ({ address, family: isIP(address) === 6 ? 'ipv6' : 'ipv4' })) }
  }

  /**
   * net.fetch: "net.fetch() does not support the data: or blob: schemes" (https://www.electronjs.org/docs/latest/api/net); a `manual` redirect
   * rejects with "Redirect was cancelled" (electron/electron#43715); its body, like any
   * non-chunked ClientRequest body, is buffered whole before it is sent.
   */
  async fetch(input: string, init: RequestInit = {}): Promise<Response> {
    const url = new URL(input)
    if (url.protocol === 'data:' || url.protocol === 'blob:') throw new TypeError(`Fetch API cannot load ${input}`)
    const req = this.request({
      url: input,
      method: init.method ?? 'GET',
      redirect: init.redirect ?? 'follow',
      credentials: init.credentials ?? 'same-origin',
      origin: url.origin,
      cache: (init as { cache?: ClientRequestOptions['cache'] }).cache ?? 'default'
    })
    for (const [k, v] of new Headers(init.headers)) if (!RESTRICTED.has(k)) req.setHeader(k, v)
    return new Promise<Response>((resolve, reject) => {
      req.on('error', reject)
      req.on('response', (res: FakeIncomingMessage) => {
        const headers = new Headers()
        for (const [k, v] of Object.entries(res.headers)) headers.set(k, Array.isArray(v) ? v.join(', ') : v)
        const empty = [101, 204, 205, 304].includes(res.statusCode) || req.record.options.method === 'HEAD'
        resolve(
          new Response(empty ? null : (Readable.toWeb(res) as ReadableStream<Uint8Array>), {
            status: res.statusCode,
            statusText: res.statusMessage,
            headers
          })
        )
      })
      const body = init.body
      if (typeof body === 'string' || body instanceof Uint8Array) req.end(Buffer.from(body))
      else req.end()
    })
  }
}
