import type { FileHandle } from 'node:fs/promises'
import { EXTENSIONS_OF_TYPE, FILE_RULES, type FilePurpose, type GrantableType } from '@shared/domain/files'
import { magicFormat, MIME_OF_FORMAT, sniffImage } from '@shared/media/sniff'
import { badAspect, damaged, empty, extensionOf, tooLarge, wrongType } from './refusals'

export interface InspectedImage {
  format: GrantableType
  mimeType: string
  width: number
  height: number
}

/** PNG, WebP and GIF put their size in the first bytes; a JPEG's frame header may sit behind EXIF/ICC segments. */
const FIRST_READ = 64 * 1024
const MAX_HEADER_READ = 4 * 1024 * 1024

/** Size limits first: an oversized or empty file is refused before any byte of it is read. */
export function checkSize(bytes: number, name: string, purpose: FilePurpose): void {
  if (bytes === 0) throw empty(name)
  if (bytes > FILE_RULES[purpose].maxBytes) throw tooLarge(name, bytes, purpose)
}

/**
 * Reads just enough of an open file to know what it is (from its content, never its name) and
 * checks it against the purpose: accepted type, a readable header, the aspect-ratio window.
 */
export async function inspectImage(
  file: FileHandle,
  size: number,
  name: string,
  purpose: FilePurpose
): Promise<InspectedImage> {
  let length = Math.min(size, FIRST_READ)
  let head = await readHead(file, length)
  let found = sniffImage(head)
  const magic = magicFormat(head)
  while (!found && magic === 'jpeg' && length < Math.min(size, MAX_HEADER_READ)) {
    length = Math.min(size, MAX_HEADER_READ, length * 4)
    head = await readHead(file, length)
    found = sniffImage(head)
  }
  return judge(found, magic, name, purpose)
}

/** The decision on sniffed bytes, shared by files on disk and tests. */
export function judge(
  found: ReturnType<typeof sniffImage>,
  magic: GrantableType | null,
  name: string,
  purpose: FilePurpose
): InspectedImage {
  const rule = FILE_RULES[purpose]
  if (!found) {
    if (magic && rule.types.includes(magic)) throw damaged(name, magic)
    throw wrongType(name, purpose, claimedType(name), magic)
  }
  if (!rule.types.includes(found.format)) throw wrongType(name, purpose, claimedType(name), found.format)
  if (rule.aspect) {
    const ratio = found.width / found.height
    if (!(ratio > rule.aspect.min && ratio < rule.aspect.max)) throw badAspect(name, found.width, found.height, purpose)
  }
  return { format: found.format, mimeType: MIME_OF_FORMAT[found.format], width: found.width, height: found.height }
}

async function readHead(file: FileHandle, length: number): Promise<Uint8Array> {
  const buffer = new Uint8Array(length)
  let filled = 0
  while (filled < length) {
    const { bytesRead } = await file.read(buffer, filled, length - filled, filled)
    if (bytesRead === 0) break
    filled += bytesRead
  }
  return buffer.subarray(0, filled)
}

/** The image type a file name promises, if any. */
export function claimedType(name: string): GrantableType | null {
  const ext = extensionOf(name)
  for (const [type, exts] of Object.entries(EXTENSIONS_OF_TYPE) as Array<[GrantableType, readonly string[]]>) {
    if (exts.includes(ext)) return type
  }
  return null
}

/**
 * A name fit to show: the last path segment, no control or bidi characters (which can disguise an
 * extension), at most 255 characters. Never empty.
 */
export function displayName(raw: string, fallback = 'image'): string {
  const last = raw.split(/[\\/]/).pop() ?? ''
  // eslint-disable-next-line no-control-regex
  const clean = last.replace(/[\u0000-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]/g, '').trim()
  return (clean || fallback).slice(0, 255)
}

/**
 * The file name to send to the gateway: it derives the part's Content-Type from the extension
 * (GATEWAY.md §6), so the extension must be the real type's, whatever the user's
 * file was called. Quotes are dropped because they end a multipart filename.
 */
export function uploadNameFor(name: string, format: GrantableType): string {
  const ext = extensionOf(name)
  const base = (ext ? name.slice(0, -(ext.length + 1)) : name).replace(/["\r\n]/g, '').trim() || 'image'
  return `${base.slice(0, 200)}.${EXTENSIONS_OF_TYPE[format][0]}`
}
