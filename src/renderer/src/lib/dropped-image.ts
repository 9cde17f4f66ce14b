/**
 * What a file dropped or pasted into the studio is, decided from its size and its first bytes
 * before anything is uploaded: a PNG, JPEG or WebP (by magic bytes, never by name or MIME type),
 * within the use's size limit, with header dimensions under the decode cap (a PNG bomb of a few
 * kilobytes that asks for gigapixels is refused here). A studio PNG's settings chunk is read too.
 */
import type { TFunction } from 'i18next'
import { FILE_RULES, formatBytes, typeName, type FilePurpose } from '@shared/domain/files'
import { MAX_DECODE_PIXELS } from '@shared/media/pixel-cap'
import { readStudioSettings, STUDIO_CHUNK_SCAN_BYTES, type StudioPngSettings } from '@shared/media/png-text'
import { magicFormat, sniffImage } from '@shared/media/sniff'

/** JPEG frame headers can sit behind large EXIF/ICC segments (the host reads as far). */
const JPEG_HEADER_SCAN_BYTES = 4 * 1024 * 1024

export type DropRefusal =
  | { reason: 'too-large'; name: string; size: string; limit: string }
  | { reason: 'not-image'; name: string }
  | { reason: 'wrong-type'; name: string; type: string }
  | { reason: 'damaged'; name: string }
  | { reason: 'too-many-pixels'; name: string; width: number; height: number; limit: string }

export type DropCheck =
  { ok: true; width: number; height: number; settings: StudioPngSettings | null } | ({ ok: false } & DropRefusal)

async function head(file: Blob, n: number): Promise<Uint8Array> {
  return new Uint8Array(await file.slice(0, Math.min(file.size, n)).arrayBuffer())
}

export async function checkDroppedImage(file: File, purpose: FilePurpose): Promise<DropCheck> {
  const rule = FILE_RULES[purpose]
  const name = file.name
  if (file.size > rule.maxBytes)
    return { ok: false, reason: 'too-large', name, size: formatBytes(file.size), limit: formatBytes(rule.maxBytes) }
  let bytes = await head(file, STUDIO_CHUNK_SCAN_BYTES)
  const magic = magicFormat(bytes)
  if (!magic) return { ok: false, reason: 'not-image', name }
  if (!(rule.types as readonly string[]).includes(magic))
    return { ok: false, reason: 'wrong-type', name, type: typeName(magic) }
  let found = sniffImage(bytes)
  if (!found && magic === 'jpeg' && file.size > bytes.length) {
    bytes = await head(file, JPEG_HEADER_SCAN_BYTES)
    found = sniffImage(bytes)
  }
  if (!found || found.width === 0 || found.height === 0) return { ok: false, reason: 'damaged', name }
  if (found.width * found.height > MAX_DECODE_PIXELS) {
    return {
      ok: false,
      reason: 'too-many-pixels',
      name,
      width: found.width,
      height: found.height,
      limit: `${(MAX_DECODE_PIXELS / 1_000_000).toFixed(1)}`
    }
  }
  return {
    ok: true,
    width: found.width,
    height: found.height,
    settings: magic === 'png' ? readStudioSettings(bytes) : null
  }
}

/** The refusal in the user's words (flows.drop.*): what the file is, and that nothing was imported. */
export function dropRefusalText(t: TFunction, r: DropRefusal): string {
  if (r.reason === 'too-large') return t('flows.drop.tooLarge', { name: r.name, size: r.size, limit: r.limit })
  if (r.reason === 'not-image') return t('flows.drop.notImage', { name: r.name })
  if (r.reason === 'wrong-type') return t('flows.drop.wrongType', { name: r.name, type: r.type })
  if (r.reason === 'damaged') return t('flows.drop.damaged', { name: r.name })
  return t('flows.drop.tooManyPixels', { name: r.name, width: r.width, height: r.height, limit: r.limit })
}
