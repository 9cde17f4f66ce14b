import { createHash } from 'node:crypto'
import { createWriteStream, fdatasync, type WriteStream } from 'node:fs'
import { open, rm } from 'node:fs/promises'
import { Readable, Transform } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import type { ReadableStream as WebReadableStream } from 'node:stream/web'
import { StudioError } from '@shared/errors'
import type { FetchLike } from './http'
import { fetchResult, type Resolve } from './result-address'

/**
 * The one result downloader (image and video results alike, SECURITY.md H8, D4; PERFORMANCE
 * B4): the address checked on every redirect hop (result-address.ts), the key sent only to the
 * gateway's own origin and then no redirect followed, the body streamed to a `.part` file in
 * constant memory, its first bytes shown to `verify` as soon as they arrive (a wrong answer stops
 * the transfer at once), the length checked against Content-Length and the limit, fsynced. What
 * the caller keeps is renamed by it; on any failure the part file is removed and a coded error
 * (`details.reason`) thrown.
 */

export interface DownloadLimits {
  headersMs: number
  idleMs: number
  /** Refuse results larger than this (a gateway bug or a hostile CDN must not fill the disk). */
  maxBytes: number
}

export interface DownloadInput {
  fetch: FetchLike
  target: URL
  /** Authorization is sent only when the target is on this origin (the gateway's): never to a CDN. */
  gateway: { baseUrl: string; key: string }
  /** The `.part` file the body is written to (same directory as the final name, so the rename is atomic). */
  part: string
  limits: DownloadLimits
  accept?: string
  signal?: AbortSignal
  /** DNS for the address check; the system's by default. */
  resolve?: Resolve
  /** How many leading bytes `verify` sees. */
  headBytes: number
  /** Throws a coded error when the first bytes are not what the caller expects. Called once. */
  verify(head: Uint8Array): void
  /** The error for a non-200 answer. */
  statusError(status: number): StudioError
  /** The error for a failure of the local disk (full, read-only…). */
  diskError(code: string, cause: unknown): StudioError
  /** Hash the body (SHA-256) while it streams. */
  hash?: boolean
}

export interface Downloaded {
  part: string
  bytes: number
  /** The first `headBytes` bytes (fewer for a shorter file). */
  head: Uint8Array
  sha256?: string
}

export function downloadError(reason: string, message: string, retryable: boolean, status?: number): StudioError {
  return new StudioError('GATEWAY_ERROR', message, {
    retryable,
    ...(status !== undefined ? { status } : {}),
    details: { reason }
  })
}

/**
 * How a refused result download reads, for images and videos alike: 403 an expired (or re-signed)
 * link, in the words `expired` gives; 404 and 410 gone; 5xx and 429 worth another try later.
 */
export function resultStatusError(status: number, expired: string): StudioError {
  if (status === 403) return downloadError('expired', expired, false, status)
  if (status === 404 || status === 410)
    return downloadError('gone', `The result is no longer at its address (${status}).`, false, status)
  return downloadError(
    'status',
    `Downloading the result failed with HTTP ${status}.`,
    status >= 500 || status === 429,
    status
  )
}

/** A write that failed because the disk (or the user's quota) is full, not because the folder is unwritable. */
export const isDiskFull = (code: string): boolean => code === 'ENOSPC' || code === 'EDQUOT'

/** A result address as given by the gateway: a URL, and one of the two schemes a download may use. */
export function resultTarget(url: string): URL {
  let target: URL
  try {
    target = new URL(url)
  } catch {
    throw downloadError('bad-url', 'The gateway returned a result address that is not a URL.', false)
  }
  if (target.protocol !== 'https:' && target.protocol !== 'http:')
    throw downloadError(
      'bad-url',
      `The result address uses ${target.protocol}, which the studio does not download.`,
      false
    )
  return target
}

/** Errors of the local disk, not of the network: retrying the transfer at once would not help. */
const DISK_CODES = new Set(['ENOSPC', 'EDQUOT', 'EROFS', 'EACCES', 'EPERM', 'EIO'])
/** Write-back overlaps the transfer: the written part is flushed in the background every so often. */
const FLUSH_EVERY = 16 * 1024 * 1024

/** Streams one result into `d.part`, verified and fsynced; leaves nothing behind when it throws. */
export async function downloadToFile(d: DownloadInput): Promise<Downloaded> {
  const sameOrigin = d.target.origin === new URL(d.gateway.baseUrl).origin
  const ctl = new AbortController()
  const signal = d.signal ? AbortSignal.any([d.signal, ctl.signal]) : ctl.signal
  let timer = setTimeout(() => ctl.abort(new Error('headers timeout')), d.limits.headersMs)
  let out: WriteStream | null = null
  try {
    const headers: Record<string, string> = {
      ...(d.accept ? { Accept: d.accept } : {}),
      ...(sameOrigin ? { Authorization: `Bearer ${d.gateway.key}` } : {})
    }
    // With the key attached a redirect could carry it elsewhere, so none is followed; without it,
    // redirects are followed by hand, each hop's address checked.
    const res = await fetchResult(
      d.fetch,
      d.target,
      { method: 'GET', headers, signal },
      { gatewayBaseUrl: d.gateway.baseUrl, follow: !sameOrigin, ...(d.resolve ? { resolve: d.resolve } : {}) }
    )
    if (res.status !== 200) {
      await res.body?.cancel().catch(() => {})
      throw d.statusError(res.status)
    }
    const declared = res.headers.get('content-length')
    // A compressed transfer is decoded by fetch, so its Content-Length is not the file's length.
    const expected = declared !== null && !res.headers.get('content-encoding') ? Number(declared) : null
    const max = d.limits.maxBytes
    if (expected !== null && expected > max)
      throw downloadError('too-large', `The result is ${expected} bytes, over the ${max}-byte limit.`, false)
    if (!res.body) throw downloadError('empty', 'The result download was empty (0 bytes).', true)
    const hash = d.hash ? createHash('sha256') : null
    const head = new Uint8Array(d.headBytes)
    let headLen = 0
    let verified = false
    let written = 0
    let flushHook = () => {}
    const check = new Transform({
      transform(chunk: Buffer, _enc, cb) {
        clearTimeout(timer)
        timer = setTimeout(() => ctl.abort(new Error('idle timeout')), d.limits.idleMs)
        written += chunk.byteLength
        if (written > max)
          return cb(
            downloadError('too-large', `The result is over the ${max}-byte limit; the download was stopped.`, false)
          )
        if (headLen < head.byteLength) {
          const n = Math.min(head.byteLength - headLen, chunk.byteLength)
          head.set(chunk.subarray(0, n), headLen)
          headLen += n
          if (headLen === head.byteLength) {
            verified = true
            try {
              d.verify(head)
            } catch (e) {
              return cb(e as Error)
            }
          }
        }
        hash?.update(chunk)
        flushHook()
        cb(null, chunk)
      }
    })
    out = createWriteStream(d.part, { mode: 0o600 })
    const sink = out
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
    if (expected !== null && written !== expected)
      throw downloadError(
        'truncated',
        `The result download was cut short: ${written} of ${expected} bytes arrived.`,
        true
      )
    const first = head.subarray(0, headLen)
    if (!verified) d.verify(first)
    // Durable before the caller's rename: a result must survive a power cut, not only a crash.
    const fh = await open(d.part, 'r+')
    try {
      await fh.sync()
    } finally {
      await fh.close()
    }
    return { part: d.part, bytes: written, head: first, ...(hash ? { sha256: hash.digest('hex') } : {}) }
  } catch (e) {
    // A failure on the first bytes can come before the part file's open has finished: the stream
    // creates the file when that open lands, so removing it earlier would leave an empty .part.
    if (out && !out.closed) {
      const closing = new Promise<void>((resolve) => out?.once('close', () => resolve()))
      out.destroy()
      await closing
    }
    await rm(d.part, { force: true })
    throw settle(e, d, ctl.signal)
  } finally {
    clearTimeout(timer)
  }
}

/** What a failure was, as one coded error. */
function settle(e: unknown, d: DownloadInput, own: AbortSignal): StudioError {
  if (e instanceof StudioError) return e
  const inner = (e as { cause?: unknown })?.cause
  if (inner instanceof StudioError) return inner
  if (d.signal?.aborted) return new StudioError('CANCELLED', 'The download was cancelled.', { cause: e })
  const code = (e as NodeJS.ErrnoException | null)?.code
  if (code && DISK_CODES.has(code)) return d.diskError(code, e)
  const why = own.aborted ? 'the result server stopped answering' : 'the connection failed or was cut'
  return downloadError('network', `Downloading the result failed: ${why}.`, true)
}
