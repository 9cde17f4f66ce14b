import { constants } from 'node:fs'
import { open } from 'node:fs/promises'
import type { Readable } from 'node:stream'
import type { MediaSource } from './media'

/** A shell-neutral answer: Electron turns it into a Response, the browser host writes it to the socket. */
export interface MediaReply {
  status: 200 | 206 | 404 | 405 | 416
  headers: Record<string, string>
  /** The bytes to send; null for HEAD and refusals. Whoever sends it must consume or destroy it. */
  body: Readable | null
}

export interface MediaRequest {
  method: string
  range?: string | null
  ifRange?: string | null
}

export type ByteRange = { start: number; end: number }

/**
 * One `bytes=` range (RFC 9110 14.1.2): `a-b`, `a-` or the suffix `-n`. Anything else (other units,
 * several ranges, garbage) is ignored, which the RFC allows, so the whole file is sent (200).
 * 'unsatisfiable' means the range starts past the end (416).
 */
export function parseRange(header: string | null | undefined, size: number): ByteRange | 'unsatisfiable' | null {
  if (!header) return null
  const m = /^bytes=(\d{0,15})-(\d{0,15})$/.exec(header.trim())
  if (!m || (m[1] === '' && m[2] === '')) return null
  if (m[1] === '') {
    const suffix = Number(m[2])
    if (suffix === 0 || size === 0) return 'unsatisfiable'
    return { start: Math.max(0, size - suffix), end: size - 1 }
  }
  const start = Number(m[1])
  if (m[2] !== '' && Number(m[2]) < start) return null
  if (start >= size) return 'unsatisfiable'
  return { start, end: m[2] === '' ? size - 1 : Math.min(Number(m[2]), size - 1) }
}

// The last path component is never followed (a file replaced by a symlink is refused), and the open never
// waits: a FIFO or device put where the file was would otherwise block the open (and a libuv thread) until
// a writer shows up. O_NONBLOCK changes nothing for regular files. Windows has neither flag.
const OPEN_FLAGS = constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0) | (constants.O_NONBLOCK ?? 0)

const NOT_FOUND: MediaReply = { status: 404, headers: { 'Content-Type': 'text/plain; charset=utf-8' }, body: null }

/**
 * Answers a media request by id, streaming from disk (never buffering a 200 MB video) with Range
 * support so video elements can seek. The content type is the one sniffed at registration, sent
 * with nosniff so the browser never second-guesses it.
 */
export async function replyMedia(media: MediaSource, mediaId: string, req: MediaRequest): Promise<MediaReply> {
  if (req.method !== 'GET' && req.method !== 'HEAD') return { status: 405, headers: { Allow: 'GET, HEAD' }, body: null }
  const entry = media.resolve(mediaId)
  if (!entry) return NOT_FOUND
  let file
  try {
    file = await open(entry.path, OPEN_FLAGS)
  } catch {
    return NOT_FOUND // moved or deleted since it was registered
  }
  try {
    const info = await file.stat()
    const swapped = entry.identity !== undefined && (info.dev !== entry.identity.dev || info.ino !== entry.identity.ino)
    if (!info.isFile() || swapped) {
      await file.close()
      return NOT_FOUND
    }
    const size = info.size
    const base = {
      'Content-Type': entry.mimeType,
      'X-Content-Type-Options': 'nosniff',
      'Accept-Ranges': 'bytes',
      'Cache-Control': 'no-store'
    }
    // We send no validators, so an If-Range can never match: the RFC then asks for the whole file.
    const range = req.ifRange ? null : parseRange(req.range, size)
    if (range === 'unsatisfiable') {
      await file.close()
      return {
        status: 416,
        headers: { ...base, 'Content-Range': `bytes */${size}`, 'Content-Length': '0' },
        body: null
      }
    }
    const { start, end } = range ?? { start: 0, end: size - 1 }
    const headers: Record<string, string> = { ...base, 'Content-Length': String(Math.max(0, end - start + 1)) }
    if (range) headers['Content-Range'] = `bytes ${start}-${end}/${size}`
    if (req.method === 'HEAD' || size === 0) {
      await file.close()
      return { status: range ? 206 : 200, headers, body: null }
    }
    // The stream owns the handle from here and closes it when it ends or is destroyed.
    return { status: range ? 206 : 200, headers, body: file.createReadStream({ start, end }) }
  } catch {
    await file.close().catch(() => {})
    return NOT_FOUND
  }
}
