import { createHash } from 'node:crypto'
import { open, rename, rm, type FileHandle } from 'node:fs/promises'
import { join } from 'node:path'
import { magicFormat, sniffImage } from '@shared/media/sniff'
import { StudioError } from '@shared/errors'
import type { FetchLike } from '../gateway/http'
import { fetchResult, type Resolve } from '../gateway/result-address'

/**
 * Result files, written only by the host into the library (security-anchors H8, D4): streamed to
 * `<id>.<ext>.part` in the same directory, verified (status, length, magic bytes), fsynced, then
 * renamed. A file that fails any check is removed; no partial file is ever left under a final name.
 */

export type ResultFormat = 'png' | 'jpeg' | 'webp'

export interface SavedFile {
  /** File name inside the library dir. */
  name: string
  path: string
  format: ResultFormat
  width: number
  height: number
  bytes: number
  sha256: string
}

export interface DownloadTiming {
  headersMs: number
  idleMs: number
  /** Refuse results larger than this (a gateway bug or a hostile CDN must not fill the disk). */
  maxBytes: number
}

export const DEFAULT_DOWNLOAD_TIMING: DownloadTiming = { headersMs: 30_000, idleMs: 60_000, maxBytes: 200 * 1024 * 1024 }

const EXT: Record<ResultFormat, string> = { png: 'png', jpeg: 'jpg', webp: 'webp' }
export const MIME: Record<ResultFormat, string> = { png: 'image/png', jpeg: 'image/jpeg', webp: 'image/webp' }
/** JPEG frame headers can sit behind large EXIF/ICC segments. */
const MAX_HEADER_READ = 4 * 1024 * 1024
const HEAD_KEEP = 64 * 1024

function resultError(reason: string, message: string, retryable: boolean, status?: number): StudioError {
  return new StudioError('GATEWAY_ERROR', message, { retryable, ...(status !== undefined ? { status } : {}), details: { reason } })
}

function isResultFormat(f: string | null): f is ResultFormat {
  return f === 'png' || f === 'jpeg' || f === 'webp'
}

/** Checks what the bytes are and reads the size from the header (more of the file for late JPEG frames). */
async function identify(head: Uint8Array, fh: FileHandle, size: number): Promise<{ format: ResultFormat; width: number; height: number }> {
  const magic = magicFormat(head)
  if (!isResultFormat(magic)) {
    throw resultError('wrong-bytes', `The result is not a PNG, JPEG or WebP image (its first bytes say ${magic ?? 'something else'}); it was discarded.`, true)
  }
  let found = sniffImage(head)
  if (!found && magic === 'jpeg' && size > head.byteLength) {
    const more = new Uint8Array(Math.min(size, MAX_HEADER_READ))
    const { bytesRead } = await fh.read(more, 0, more.byteLength, 0)
    found = sniffImage(more.subarray(0, bytesRead))
  }
  if (!found || found.format !== magic) throw resultError('wrong-bytes', `The result starts like a ${magic.toUpperCase()} image but its header is damaged; it was discarded.`, true)
  return { format: magic, width: found.width, height: found.height }
}

/** Moves a verified `.part` to its final name; the extension comes from the content, not the URL. */
async function finish(part: string, dir: string, id: string, fh: FileHandle, head: Uint8Array, bytes: number, sha256: string): Promise<SavedFile> {
  const kind = await identify(head, fh, bytes)
  await fh.sync()
  await fh.close()
  const name = `${id}.${EXT[kind.format]}`
  const path = join(dir, name)
  await rename(part, path)
  return { name, path, bytes, sha256, ...kind }
}

/** Writes decoded Base64 (or any bytes the host holds) the same careful way. */
export async function writeResultBytes(dir: string, id: string, data: Uint8Array): Promise<SavedFile> {
  if (data.byteLength === 0) throw resultError('empty', 'The gateway returned an empty image.', false)
  const part = join(dir, `${id}.part`)
  const fh = await open(part, 'w', 0o600)
  try {
    await fh.writeFile(data)
    return await finish(part, dir, id, fh, data.subarray(0, HEAD_KEEP), data.byteLength, createHash('sha256').update(data).digest('hex'))
  } catch (e) {
    await fh.close().catch(() => {})
    await rm(part, { force: true })
    throw e
  }
}

/** Decodes a `b64_json` field; anything that is not clean Base64 is a wrong answer, not an image. */
export function decodeBase64Image(b64: string): Uint8Array {
  const clean = b64.replace(/\s+/g, '')
  if (!/^[A-Za-z0-9+/_-]*={0,2}$/.test(clean)) throw resultError('wrong-bytes', 'The gateway returned b64_json that is not Base64.', false)
  return Buffer.from(clean, 'base64')
}

/**
 * Decodes a `data:` URL result (some channels inline the image as `data[].url`) in the host, never
 * fetched. Its declared type is not trusted: the bytes are sniffed like every other result.
 */
export function decodeDataUrl(url: string, maxBytes: number = DEFAULT_DOWNLOAD_TIMING.maxBytes): Uint8Array {
  const comma = url.indexOf(',')
  const head = comma > 0 ? url.slice(5, comma).toLowerCase() : ''
  if (!url.toLowerCase().startsWith('data:') || comma < 0) throw resultError('wrong-bytes', 'The gateway returned a data: URL without data.', false)
  const payload = url.slice(comma + 1)
  const base64 = head.split(';').includes('base64')
  // Checked on the encoded length, before anything is decoded.
  const estimate = base64 ? Math.floor((payload.length * 3) / 4) : payload.length
  if (estimate > maxBytes) throw resultError('too-large', `The inline result is about ${estimate} bytes, over the ${maxBytes}-byte limit.`, false)
  if (base64) return decodeBase64Image(payload)
  try {
    return Buffer.from(decodeURIComponent(payload), 'latin1')
  } catch {
    throw resultError('wrong-bytes', 'The gateway returned a data: URL that cannot be decoded.', false)
  }
}

export interface DownloadInput {
  fetch: FetchLike
  url: string
  /** Authorization is sent only when the URL is on this origin (the gateway's): never to a CDN. */
  gateway: { baseUrl: string; key: string }
  dir: string
  id: string
  timing?: Partial<DownloadTiming>
  signal?: AbortSignal
  /** DNS for the address check (result-address.ts); the system's by default. */
  resolve?: Resolve
}

function describeStatus(status: number): { reason: string; message: string; retryable: boolean } {
  if (status === 403) return { reason: 'expired', message: 'The result link was refused (403): it has expired or its signature no longer matches. The image could not be saved.', retryable: false }
  if (status === 404 || status === 410) return { reason: 'gone', message: `The result is no longer at its address (${status}).`, retryable: false }
  return { reason: 'status', message: `Downloading the result failed with HTTP ${status}.`, retryable: status >= 500 || status === 429 }
}

/** Streams a result URL into the library; throws a precise, coded error and leaves nothing behind on failure. */
export async function downloadResult(d: DownloadInput): Promise<SavedFile> {
  const timing = { ...DEFAULT_DOWNLOAD_TIMING, ...d.timing }
  let target: URL
  try {
    target = new URL(d.url)
  } catch {
    throw resultError('bad-url', 'The gateway returned a result address that is not a URL.', false)
  }
  if (target.protocol !== 'https:' && target.protocol !== 'http:') throw resultError('bad-url', `The result address uses ${target.protocol}, which the studio does not download.`, false)
  const sameOrigin = target.origin === new URL(d.gateway.baseUrl).origin
  const ctl = new AbortController()
  const signal = d.signal ? AbortSignal.any([d.signal, ctl.signal]) : ctl.signal
  let timer = setTimeout(() => ctl.abort(new Error('headers timeout')), timing.headersMs)
  const part = join(d.dir, `${d.id}.${guessExt(target.pathname)}.part`)
  let fh: FileHandle | null = null
  try {
    // With the key attached a redirect could carry it elsewhere, so none is followed; without it,
    // redirects are followed by hand, each hop's address checked.
    const res = await fetchResult(
      d.fetch,
      target,
      { method: 'GET', headers: sameOrigin ? { Authorization: `Bearer ${d.gateway.key}` } : {}, signal },
      { gatewayBaseUrl: d.gateway.baseUrl, follow: !sameOrigin, ...(d.resolve ? { resolve: d.resolve } : {}) }
    )
    if (res.status !== 200) {
      await res.body?.cancel().catch(() => {})
      const s = describeStatus(res.status)
      throw resultError(s.reason, s.message, s.retryable, res.status)
    }
    const declared = res.headers.get('content-length')
    // A compressed transfer is decoded by fetch, so its Content-Length is not the file's length.
    const expected = declared !== null && !res.headers.get('content-encoding') ? Number(declared) : null
    if (expected !== null && expected > timing.maxBytes) throw resultError('too-large', `The result is ${expected} bytes, over the ${timing.maxBytes}-byte limit.`, false)
    fh = await open(part, 'w', 0o600)
    const hash = createHash('sha256')
    const head = new Uint8Array(HEAD_KEEP)
    let headLen = 0
    let written = 0
    const reader = res.body?.getReader()
    for (;;) {
      clearTimeout(timer)
      timer = setTimeout(() => ctl.abort(new Error('idle timeout')), timing.idleMs)
      if (!reader) break
      const { done, value } = await reader.read()
      if (done) break
      written += value.byteLength
      if (written > timing.maxBytes) throw resultError('too-large', `The result is over the ${timing.maxBytes}-byte limit; the download was stopped.`, false)
      if (headLen < HEAD_KEEP) {
        const n = Math.min(HEAD_KEEP - headLen, value.byteLength)
        head.set(value.subarray(0, n), headLen)
        headLen += n
      }
      hash.update(value)
      await fh.write(value)
    }
    clearTimeout(timer)
    if (written === 0) throw resultError('empty', 'The result download was empty (0 bytes).', true)
    if (expected !== null && written !== expected) throw resultError('truncated', `The result download was cut short: ${written} of ${expected} bytes arrived.`, true)
    const saved = await finish(part, d.dir, d.id, fh, head.subarray(0, headLen), written, hash.digest('hex'))
    fh = null
    return saved
  } catch (e) {
    if (fh) await fh.close().catch(() => {})
    await rm(part, { force: true })
    if (e instanceof StudioError) throw e
    if (d.signal?.aborted) throw new StudioError('CANCELLED', 'The download was cancelled.', { cause: e })
    const fsCode = (e as NodeJS.ErrnoException | null)?.code
    if (fsCode && DISK_CODES.has(fsCode)) throw diskError(fsCode, e)
    const why = ctl.signal.aborted ? 'the result server stopped answering' : 'the connection failed or was cut'
    throw resultError('network', `Downloading the result failed: ${why}.`, true)
  } finally {
    clearTimeout(timer)
  }
}

/** Errors of the library's disk, not of the network: retrying the download at once would not help. */
const DISK_CODES = new Set(['ENOSPC', 'EDQUOT', 'EROFS', 'EACCES', 'EPERM', 'EIO'])

function diskError(code: string, cause: unknown): StudioError {
  const what = code === 'ENOSPC' || code === 'EDQUOT' ? 'the disk is full' : `the library folder cannot be written (${code})`
  return new StudioError('STORAGE', `The image could not be saved: ${what}. Free some space; nothing partial was kept.`, { details: { reason: 'disk', cause: code }, cause })
}

function guessExt(pathname: string): string {
  const m = /\.(png|jpe?g|webp)$/i.exec(pathname)
  return m ? m[1].toLowerCase() : 'img'
}
