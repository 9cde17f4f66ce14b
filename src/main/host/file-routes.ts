import type { IncomingMessage, ServerResponse } from 'node:http'
import { pipeline } from 'node:stream/promises'
import { UPLOAD_ROUTES } from '@shared/bridge-protocol'
import { uploads, type UploadChannel } from '@shared/contract'
import type { Result } from '@shared/errors'
import { replyMedia } from '../core/files/media-response'
import type { HostCore } from './host-core'

/**
 * The browser host's file routes, reached only after the access check in server.ts:
 *  - POST /upload?purpose=…&name=…  the body is the file, streamed into the core's grant table;
 *    the answer is the Result as JSON (refusals too), so the page's bridge unwraps it like any call;
 *  - GET/HEAD /media/<id>           a granted or library file by media id, streamed with Range.
 */

export function uploadChannelOf(pathname: string): UploadChannel | null {
  for (const [channel, route] of Object.entries(UPLOAD_ROUTES)) if (route === pathname) return channel as UploadChannel
  return null
}

/** Query parameters as text meta; the launch token (scripts may pass it) is not meta. */
function metaOf(rawTarget: string | undefined): Record<string, string> {
  const raw = rawTarget ?? ''
  const q = raw.indexOf('?')
  const meta: Record<string, string> = {}
  if (q >= 0) for (const [k, v] of new URLSearchParams(raw.slice(q + 1))) if (k !== 'token') meta[k] = v
  return meta
}

function statusOf(result: Result<unknown>): number {
  if (result.ok) return 200
  const { code, details } = result.error
  if (code === 'INVALID_INPUT') return details?.reason === 'too-large' ? 413 : 400
  if (code === 'FORBIDDEN_SENDER') return 403
  if (code === 'UNKNOWN_CHANNEL' || code === 'NOT_FOUND') return 404
  if (code === 'CANCELLED') return 400
  return 500
}

export function sendResult(res: ServerResponse, result: Result<unknown>, status = statusOf(result)): void {
  const body = Buffer.from(JSON.stringify(result), 'utf8')
  res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': String(body.length) })
  res.end(body)
}

export async function handleUpload(
  req: IncomingMessage,
  res: ServerResponse,
  core: HostCore,
  channel: UploadChannel
): Promise<void> {
  const meta = metaOf(req.url)
  // A declared length over the limit is refused before a byte is read (Node discards the rest).
  const spec = uploads[channel]
  const parsed = spec.meta.safeParse(meta)
  const declared = Number(req.headers['content-length'])
  if (parsed.success && Number.isSafeInteger(declared)) {
    const tooBig = spec.sizeRefusal(declared, parsed.data)
    if (tooBig) return sendResult(res, { ok: false, error: tooBig })
  }
  // destroyOnReturn: false, so a refusal mid-stream (over the limit) stops reading without killing
  // the socket, and the page still gets its coded answer.
  const stream = req.iterator({ destroyOnReturn: false }) as AsyncIterable<Uint8Array>
  const result = await core.upload(channel, { kind: 'stream', stream }, meta, { shell: 'browser' })
  // Refused mid-body: discard the rest rather than reset the socket, so the browser reads our
  // coded answer instead of a connection error (and the keep-alive connection stays usable).
  if (!req.complete) req.resume()
  if (!res.destroyed) sendResult(res, result)
}

export async function handleMedia(
  req: IncomingMessage,
  res: ServerResponse,
  core: HostCore,
  mediaId: string
): Promise<void> {
  const reply = await replyMedia(core.media, mediaId, {
    method: req.method ?? 'GET',
    range: req.headers.range,
    ifRange: typeof req.headers['if-range'] === 'string' ? req.headers['if-range'] : null
  })
  if (reply.status === 404 || reply.status === 405) {
    const text = reply.status === 404 ? 'Not found\n' : 'Method not allowed\n'
    res.writeHead(reply.status, {
      ...reply.headers,
      'Content-Type': 'text/plain; charset=utf-8',
      'Content-Length': String(Buffer.byteLength(text))
    })
    return void res.end(text)
  }
  res.writeHead(reply.status, reply.headers)
  if (!reply.body) return void res.end()
  try {
    await pipeline(reply.body, res)
  } catch (e) {
    // A video element cancels requests whenever the user seeks: that is not an error worth logging.
    if ((e as NodeJS.ErrnoException).code !== 'ERR_STREAM_PREMATURE_CLOSE') throw e
  }
}
