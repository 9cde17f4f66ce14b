import { createHash } from 'node:crypto'
import { open, rename, rm } from 'node:fs/promises'
import { join } from 'node:path'
import { StudioError } from '@shared/errors'
import { magicFormat, sniffImage } from '@shared/media/sniff'
import {
  downloadError,
  downloadToFile,
  isDiskFull,
  resultStatusError,
  resultTarget,
  type DownloadLimits
} from '../gateway/download'
import type { FetchLike } from '../gateway/http'
import type { Resolve } from '../gateway/result-address'

/**
 * Result files, written only by the host into the library (SECURITY.md H8, D4): downloads go
 * through the one downloader (gateway/download.ts) into `<id>.<ext>.part` in the same directory,
 * checked as images by their first bytes, then renamed under the extension their content says.
 * A file that fails any check is removed; no partial file is ever left under a final name.
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

/** The part of a gallery item that a written file decides (every way into the gallery starts with it). */
export function fileFields(id: string, file: SavedFile) {
  return {
    id,
    file: file.name,
    width: file.width,
    height: file.height,
    format: file.format,
    bytes: file.bytes,
    createdAt: Date.now()
  }
}

export type DownloadTiming = DownloadLimits

export const DEFAULT_DOWNLOAD_TIMING: DownloadTiming = {
  headersMs: 30_000,
  idleMs: 60_000,
  maxBytes: 200 * 1024 * 1024
}

const EXT: Record<ResultFormat, string> = { png: 'png', jpeg: 'jpg', webp: 'webp' }
export const MIME: Record<ResultFormat, string> = { png: 'image/png', jpeg: 'image/jpeg', webp: 'image/webp' }
/** JPEG frame headers can sit behind large EXIF/ICC segments. */
const MAX_HEADER_READ = 4 * 1024 * 1024
const HEAD_KEEP = 64 * 1024

function isResultFormat(f: string | null): f is ResultFormat {
  return f === 'png' || f === 'jpeg' || f === 'webp'
}

/** The image check on the first bytes: a PNG, JPEG or WebP, or the answer is refused. */
function requireImageMagic(head: Uint8Array): ResultFormat {
  const magic = magicFormat(head)
  if (!isResultFormat(magic)) {
    throw downloadError(
      'wrong-bytes',
      `The result is not a PNG, JPEG or WebP image (its first bytes say ${magic ?? 'something else'}); it was discarded.`,
      true
    )
  }
  return magic
}

/** Checks what the bytes are and reads the size from the header (`more` reads further for late JPEG frames). */
async function identify(
  head: Uint8Array,
  size: number,
  more: (n: number) => Promise<Uint8Array>
): Promise<{ format: ResultFormat; width: number; height: number }> {
  const magic = requireImageMagic(head)
  let found = sniffImage(head)
  if (!found && magic === 'jpeg' && size > head.byteLength)
    found = sniffImage(await more(Math.min(size, MAX_HEADER_READ)))
  if (!found || found.format !== magic)
    throw downloadError(
      'wrong-bytes',
      `The result starts like a ${magic.toUpperCase()} image but its header is damaged; it was discarded.`,
      true
    )
  return { format: magic, width: found.width, height: found.height }
}

/** Reads the first `n` bytes of a file. */
async function readStart(path: string, n: number): Promise<Uint8Array> {
  const fh = await open(path, 'r')
  try {
    const buf = new Uint8Array(n)
    const { bytesRead } = await fh.read(buf, 0, n, 0)
    return buf.subarray(0, bytesRead)
  } finally {
    await fh.close()
  }
}

/** Moves a verified, synced `.part` to its final name; the extension comes from the content, not the URL. */
async function keep(
  part: string,
  dir: string,
  id: string,
  head: Uint8Array,
  bytes: number,
  sha256: string,
  more: (n: number) => Promise<Uint8Array>
): Promise<SavedFile> {
  const kind = await identify(head, bytes, more)
  const name = `${id}.${EXT[kind.format]}`
  const path = join(dir, name)
  await rename(part, path)
  return { name, path, bytes, sha256, ...kind }
}

/** Writes decoded Base64 (or any bytes the host holds) the same careful way. */
export async function writeResultBytes(dir: string, id: string, data: Uint8Array): Promise<SavedFile> {
  if (data.byteLength === 0) throw downloadError('empty', 'The gateway returned an empty image.', false)
  const part = join(dir, `${id}.part`)
  const fh = await open(part, 'w', 0o600)
  try {
    await fh.writeFile(data)
    await fh.sync()
    await fh.close()
    return await keep(
      part,
      dir,
      id,
      data.subarray(0, HEAD_KEEP),
      data.byteLength,
      createHash('sha256').update(data).digest('hex'),
      async (n) => data.subarray(0, n)
    )
  } catch (e) {
    await fh.close().catch(() => {})
    await rm(part, { force: true })
    throw e
  }
}

/** Decodes a `b64_json` field; anything that is not clean Base64 is a wrong answer, not an image. */
export function decodeBase64Image(b64: string): Uint8Array {
  const clean = b64.replace(/\s+/g, '')
  if (!/^[A-Za-z0-9+/_-]*={0,2}$/.test(clean))
    throw downloadError('wrong-bytes', 'The gateway returned b64_json that is not Base64.', false)
  return Buffer.from(clean, 'base64')
}

/**
 * Decodes a `data:` URL result (some channels inline the image as `data[].url`) in the host, never
 * fetched. Its declared type is not trusted: the bytes are sniffed like every other result.
 */
export function decodeDataUrl(url: string, maxBytes: number = DEFAULT_DOWNLOAD_TIMING.maxBytes): Uint8Array {
  const comma = url.indexOf(',')
  const head = comma > 0 ? url.slice(5, comma).toLowerCase() : ''
  if (!url.toLowerCase().startsWith('data:') || comma < 0)
    throw downloadError('wrong-bytes', 'The gateway returned a data: URL without data.', false)
  const payload = url.slice(comma + 1)
  const base64 = head.split(';').includes('base64')
  // Checked on the encoded length, before anything is decoded.
  const estimate = base64 ? Math.floor((payload.length * 3) / 4) : payload.length
  if (estimate > maxBytes)
    throw downloadError(
      'too-large',
      `The inline result is about ${estimate} bytes, over the ${maxBytes}-byte limit.`,
      false
    )
  if (base64) return decodeBase64Image(payload)
  try {
    return Buffer.from(decodeURIComponent(payload), 'latin1')
  } catch {
    throw downloadError('wrong-bytes', 'The gateway returned a data: URL that cannot be decoded.', false)
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

const describeStatus = (status: number): StudioError =>
  resultStatusError(
    status,
    'The result link was refused (403): it has expired or its signature no longer matches. The image could not be saved.'
  )

/** Streams a result URL into the library; throws a precise, coded error and leaves nothing behind on failure. */
export async function downloadResult(d: DownloadInput): Promise<SavedFile> {
  const target = resultTarget(d.url)
  const part = join(d.dir, `${d.id}.${guessExt(target.pathname)}.part`)
  const done = await downloadToFile({
    fetch: d.fetch,
    target,
    gateway: d.gateway,
    part,
    limits: { ...DEFAULT_DOWNLOAD_TIMING, ...d.timing },
    signal: d.signal,
    resolve: d.resolve,
    headBytes: HEAD_KEEP,
    verify: requireImageMagic,
    statusError: describeStatus,
    diskError,
    hash: true
  })
  try {
    return await keep(part, d.dir, d.id, done.head, done.bytes, done.sha256!, (n) => readStart(part, n))
  } catch (e) {
    await rm(part, { force: true })
    throw e
  }
}

function diskError(code: string, cause: unknown): StudioError {
  const what = isDiskFull(code) ? 'the disk is full' : `the library folder cannot be written (${code})`
  return new StudioError(
    'STORAGE',
    `The image could not be saved: ${what}. Free some space; nothing partial was kept.`,
    { details: { reason: 'disk', cause: code }, cause }
  )
}

function guessExt(pathname: string): string {
  const m = /\.(png|jpe?g|webp)$/i.exec(pathname)
  return m ? m[1].toLowerCase() : 'img'
}
