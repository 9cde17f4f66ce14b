import { createWriteStream, fdatasync, type WriteStream } from 'node:fs'
import { open, rename, rm } from 'node:fs/promises'
import { join } from 'node:path'
import { Readable, Transform } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import type { ReadableStream as WebReadableStream } from 'node:stream/web'
import { StudioError } from '@shared/errors'
import { gatewayUrl, type FetchLike, type GatewayConnection } from '../gateway/http'
import { fetchResult, type Resolve } from '../gateway/result-address'

/**
 * Video results: streamed to `<id>.mp4.part` next to the final name (constant memory, PERFORMANCE
 * B4), verified (Content-Length when given, the MP4 `ftyp` box at offset 4), fsynced, renamed. A
 * file that fails a check is removed; no partial file is ever left under a final name.
 * The key goes only to the gateway's own origin (the /content route), never to a CDN.
 */

export interface DownloadLimits {
  headersMs: number
  idleMs: number
  maxBytes: number
}

export const DEFAULT_VIDEO_DOWNLOAD: DownloadLimits = { headersMs: 30_000, idleMs: 60_000, maxBytes: 4 * 1024 * 1024 * 1024 }

const FLUSH_EVERY = 16 * 1024 * 1024

export interface SavedVideo {
  name: string
  path: string
  bytes: number
  contentType: string
}

export function downloadError(reason: string, message: string, retryable: boolean, status?: number): StudioError {
  return new StudioError('GATEWAY_ERROR', message, { retryable, ...(status !== undefined ? { status } : {}), details: { reason } })
}

/** ISO BMFF (MP4/MOV): bytes 4..8 are `ftyp`. */
export function looksLikeMp4(head: Uint8Array): boolean {
  return head.byteLength >= 8 && head[4] === 0x66 && head[5] === 0x74 && head[6] === 0x79 && head[7] === 0x70
}

export interface FetchVideoInput {
  fetch: FetchLike
  /** An absolute URL, or null for the gateway's /content route (`contentPath`). */
  url: string | null
  contentPath: string
  conn: GatewayConnection
  dir: string
  id: string
  limits?: Partial<DownloadLimits>
  signal?: AbortSignal
  /** DNS for the address check (result-address.ts); the system's by default. */
  resolve?: Resolve
}

function statusError(status: number): StudioError {
  if (status === 403) return downloadError('expired', 'The result link was refused (403): it has expired.', false, status)
  if (status === 404 || status === 410) return downloadError('gone', `The result is no longer at its address (${status}).`, false, status)
  if (status === 400) return downloadError('not-ready', 'The gateway says the result is not ready yet (400).', true, status)
  return downloadError('status', `Downloading the result failed with HTTP ${status}.`, status >= 500 || status === 429, status)
}

export async function fetchVideo(d: FetchVideoInput): Promise<SavedVideo> {
  const limits = { ...DEFAULT_VIDEO_DOWNLOAD, ...d.limits }
  const target = new URL(d.url ?? gatewayUrl(d.conn, d.contentPath))
  if (target.protocol !== 'https:' && target.protocol !== 'http:') throw downloadError('bad-url', `The result address uses ${target.protocol}.`, false)
  const sameOrigin = target.origin === new URL(d.conn.baseUrl).origin
  const ctl = new AbortController()
  const signal = d.signal ? AbortSignal.any([d.signal, ctl.signal]) : ctl.signal
  let timer = setTimeout(() => ctl.abort(new Error('headers timeout')), limits.headersMs)
  const part = join(d.dir, `${d.id}.mp4.part`)
  let started = false
  let out: WriteStream | null = null
  try {
    const res = await fetchResult(
      d.fetch,
      target,
      { method: 'GET', headers: sameOrigin ? { Authorization: `Bearer ${d.conn.key}`, Accept: 'video/*, */*' } : { Accept: 'video/*, */*' }, signal },
      { gatewayBaseUrl: d.conn.baseUrl, follow: !sameOrigin, ...(d.resolve ? { resolve: d.resolve } : {}) }
    )
    if (res.status !== 200) {
      await res.body?.cancel().catch(() => {})
      throw statusError(res.status)
    }
    const declared = res.headers.get('content-length')
    const expected = declared !== null && !res.headers.get('content-encoding') ? Number(declared) : null
    if (expected !== null && expected > limits.maxBytes) throw downloadError('too-large', `The result is ${expected} bytes, over the limit.`, false)
    if (!res.body) throw downloadError('empty', 'The result download was empty.', true)
    const head = new Uint8Array(8)
    let headLen = 0
    let written = 0
    let flushHook = () => {}
    const check = new Transform({
      transform(chunk: Buffer, _enc, cb) {
        clearTimeout(timer)
        timer = setTimeout(() => ctl.abort(new Error('idle timeout')), limits.idleMs)
        if (headLen < 8) {
          const n = Math.min(8 - headLen, chunk.byteLength)
          head.set(chunk.subarray(0, n), headLen)
          headLen += n
          if (headLen === 8 && !looksLikeMp4(head)) return cb(downloadError('wrong-bytes', 'The result is not an MP4 video (no ftyp box); it was discarded.', true))
        }
        written += chunk.byteLength
        if (written > limits.maxBytes) return cb(downloadError('too-large', 'The result is over the size limit; the download was stopped.', false))
        flushHook()
        cb(null, chunk)
      }
    })
    started = true
    out = createWriteStream(part, { mode: 0o600 })
    const sink = out
    // Write-back overlaps the download: every FLUSH_EVERY bytes the written part is flushed in the
    // background, so the final fsync (durability before the rename) has little left to wait for.
    let flushedAt = 0
    let flushing: Promise<void> = Promise.resolve()
    flushHook = () => {
      // WriteStream#fd is set once the file is open (not in @types/node).
      const fd = (sink as unknown as { fd: number | null }).fd
      if (written - flushedAt < FLUSH_EVERY || typeof fd !== 'number') return
      flushedAt = written
      flushing = flushing.then(() => new Promise<void>((r) => fdatasync(fd, () => r())))
    }
    await pipeline(Readable.fromWeb(res.body as WebReadableStream<Uint8Array>), check, sink, { signal })
    await flushing
    clearTimeout(timer)
    if (written === 0) throw downloadError('empty', 'The result download was empty (0 bytes).', true)
    if (expected !== null && written !== expected) throw downloadError('truncated', `The result download was cut short: ${written} of ${expected} bytes arrived.`, true)
    if (!looksLikeMp4(head.subarray(0, headLen))) throw downloadError('wrong-bytes', 'The result is not an MP4 video (no ftyp box); it was discarded.', true)
    const fh = await open(part, 'r+')
    try {
      await fh.sync()
    } finally {
      await fh.close()
    }
    const name = `${d.id}.mp4`
    const path = join(d.dir, name)
    await rename(part, path)
    return { name, path, bytes: written, contentType: 'video/mp4' }
  } catch (e) {
    // A failure on the first bytes can come before the part file's open has finished: the stream
    // creates the file when that open lands, so removing it earlier would leave an empty .part.
    if (out && !out.closed) {
      const closing = new Promise<void>((resolve) => out?.once('close', () => resolve()))
      out.destroy()
      await closing
    }
    if (started) await rm(part, { force: true })
    if (e instanceof StudioError) throw e
    const inner = (e as { cause?: unknown })?.cause
    if (inner instanceof StudioError) throw inner
    if (d.signal?.aborted) throw new StudioError('CANCELLED', 'The download was cancelled.', { cause: e })
    const code = (e as { code?: unknown })?.code
    if (code === 'ENOSPC' || code === 'EDQUOT')
      throw downloadError('disk-full', 'The disk is full: the partial file was removed and the video will be downloaded again later (free some space).', true)
    const why = ctl.signal.aborted ? 'the result server stopped answering' : 'the connection failed or was cut'
    throw downloadError('network', `Downloading the result failed: ${why}.`, true)
  } finally {
    clearTimeout(timer)
  }
}
