import { request as httpRequest, type ClientRequest, type IncomingMessage } from 'node:http'
import { request as httpsRequest } from 'node:https'
import { Readable } from 'node:stream'

/**
 * Large uploads over node:http instead of Node's fetch, in the hosts that use Node's fetch (the
 * browser host; Electron keeps net.fetch for its proxy and certificate settings).
 *
 * Why not fetch: a streamed fetch body is a web ReadableStream whose every chunk must be a fresh
 * buffer (nothing says when undici is done with one), so a 50 MB edit allocated 50 MB of new
 * memory per upload: page faults and garbage collections that made the first uploads of a session
 * up to twice as slow as a plain streamed PUT (PERFORMANCE B2). A body writer
 * (images/edit-multipart.ts) reads into two buffers in turn and refills one only after the socket
 * has taken it, which only a Node Writable's write callback can say.
 *
 * The answer is a standard Response, so callers (sendGateway, readJson) do not know which way the
 * request went. Redirects are not followed (as `redirect: 'manual'`); the headers wait has no limit
 * of its own (the caller's AbortSignal decides, as the long-request fetch does for fetch).
 */

/** Writes a request body to a Node Writable, resolving once its last piece has been taken. */
export type BodyWriter = (out: NodeJS.WritableStream, signal?: AbortSignal) => Promise<void>

// A body with a direct writer is still a ReadableStream, so every FetchLike keeps its signature and
// Electron's net.fetch sends it as a stream. The writer is found from the stream a fetch init carries.
const writers = new WeakMap<ReadableStream<Uint8Array>, BodyWriter>()

export function registerBodyWriter(body: ReadableStream<Uint8Array>, write: BodyWriter): void {
  writers.set(body, write)
}

/** The direct writer of `body`, if it has one and has not started being read as a stream. */
export function bodyWriterOf(body: unknown): BodyWriter | undefined {
  return body instanceof ReadableStream && !body.locked ? writers.get(body) : undefined
}

/** Statuses whose Response must not have a body (the Fetch standard's null body statuses). */
const NULL_BODY = new Set([101, 103, 204, 205, 304])

function toResponse(res: IncomingMessage): Response {
  const headers = new Headers()
  for (let i = 0; i + 1 < res.rawHeaders.length; i += 2) headers.append(res.rawHeaders[i], res.rawHeaders[i + 1])
  const status = res.statusCode ?? 0
  if (status < 200 || status > 599) {
    res.destroy()
    throw Object.assign(new Error(`The gateway answered with an invalid HTTP status (${status})`), {
      code: 'ERR_INVALID_STATUS'
    })
  }
  if (NULL_BODY.has(status)) {
    res.resume()
    return new Response(null, { status, statusText: res.statusMessage, headers })
  }
  return new Response(Readable.toWeb(res) as ReadableStream<Uint8Array>, {
    status,
    statusText: res.statusMessage,
    headers
  })
}

export interface NodeUploadOptions {
  /** Longest silence while the answer's body arrives (the wait for headers is the caller's signal). */
  bodyTimeoutMs: number
}

/**
 * Sends `init` (whose body has a direct writer) to `input` over node:http(s) on a connection of its
 * own, and answers with the response once its headers are in. Errors before then reject with
 * Node's error (its `code`: ECONNREFUSED, ENOTFOUND, ECONNRESET, ABORT_ERR...), as fetch's cause does.
 */
export function nodeUpload(
  input: string | URL,
  init: RequestInit,
  write: BodyWriter,
  o: NodeUploadOptions
): Promise<Response> {
  const url = new URL(input)
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    return Promise.reject(new TypeError(`Cannot upload to ${url.protocol} addresses`))
  const headers: Record<string, string> = {}
  new Headers(init.headers).forEach((value, name) => (headers[name] = value))
  const signal = init.signal ?? undefined
  const send = url.protocol === 'https:' ? httpsRequest : httpRequest
  return new Promise<Response>((resolve, reject) => {
    let answered = false
    // agent: false, one connection per upload: a body cut short by an early answer (a 413) leaves
    // no half-sent connection in a pool. Uploads are rare and large; the handshake is noise beside them.
    const req: ClientRequest = send(url, { method: init.method ?? 'POST', headers, agent: false, signal })
    req.once('error', (e) => {
      if (!answered) reject(e)
    })
    req.once('response', (res) => {
      answered = true
      res.setTimeout(o.bodyTimeoutMs, () =>
        res.destroy(
          Object.assign(new Error('The gateway stopped sending its answer'), { code: 'UND_ERR_BODY_TIMEOUT' })
        )
      )
      try {
        resolve(toResponse(res))
      } catch (e) {
        reject(e)
      }
    })
    write(req, signal).then(
      () => req.end(),
      // A body that could not be read (a file changed size) or a connection that failed: the
      // request ends with that error, which reaches the caller unless an answer came first.
      (e: unknown) => req.destroy(e instanceof Error ? e : new Error(String(e)))
    )
  })
}
