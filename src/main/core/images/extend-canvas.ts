import { rename, rm, stat } from 'node:fs/promises'
import { dirname, join } from 'node:path'
import { extendProblems, type ExtendPlacement } from '@shared/domain/extend-plan'
import { FILE_RULES } from '@shared/domain/files'
import type { EditFamily } from '@shared/domain/images'
import { ruleError } from '@shared/domain/rule-english'
import type { CheckedEdit, EditSource, LibraryCopies } from './edit-inputs'
import type { GalleryStore } from './gallery-store'
import { loadSharp, openImage } from './load-sharp'

/**
 * Extend canvas (outpaint) in the host: the source already lives here (a library copy), so the
 * larger canvas and its mask are made with sharp next to it, and no image crosses the bridge. The
 * edit then sends the canvas as its image and the composed mask as its mask: the new area is
 * transparent (editable) in both, the picture's area is the user's painted mask shifted to the
 * picture's place (opaque, kept, where nothing was painted). Mask honesty and "protect" compare
 * the canvas with the result, so only the picture's area counts as "outside the mask".
 */

const LIMIT = FILE_RULES['image-edit'].maxBytes
const CLEAR = { r: 0, g: 0, b: 0, alpha: 0 }
const KEEP = { r: 0, g: 0, b: 0, alpha: 1 }

/** Refuses a placement the family's size rules do not take, before any file is written. */
export function checkExtend(p: ExtendPlacement, source: Pick<EditSource, 'width' | 'height'>, family: EditFamily): void {
  const problems = extendProblems(source, p, family)
  if (problems.length > 0) throw ruleError(problems[0])
}

function margins(p: ExtendPlacement) {
  return { left: p.x, top: p.y, right: p.width - p.x - p.pictureWidth, bottom: p.height - p.y - p.pictureHeight }
}

/**
 * Writes the canvas (`sourceOut`) and its mask (`maskOut`) as PNGs. Each is one libvips pipeline
 * (decode, resize when the family's size scaled the picture, pad with transparency, encode), and
 * the two run side by side in sharp's thread pool.
 */
export async function composeExtend(sourcePath: string, paintedMaskPath: string | undefined, p: ExtendPlacement, sourceOut: string, maskOut: string): Promise<void> {
  const sharp = await loadSharp()
  const scaled = (img: import('sharp').Sharp, kernel: 'lanczos3' | 'nearest', w: number, h: number) =>
    w === p.pictureWidth && h === p.pictureHeight ? img : img.resize(p.pictureWidth, p.pictureHeight, { fit: 'fill', kernel })
  const meta = await sharp(sourcePath, { limitInputPixels: false }).metadata()
  // No rotate(): the mask was painted over the stored pixels, so EXIF orientation must not move them.
  const picture = scaled((await openImage(sourcePath, 'image', { failOn: 'error' })).toColourspace('srgb'), 'lanczos3', meta.width ?? 0, meta.height ?? 0)
  const canvas = picture.ensureAlpha().extend({ ...margins(p), background: CLEAR }).png({ compressionLevel: 6 }).toFile(sourceOut)
  // Nearest neighbour keeps the painted mask's two values (kept, editable) exact when it is scaled.
  const kept = paintedMaskPath
    ? scaled((await openImage(paintedMaskPath, 'mask', { failOn: 'error' })).ensureAlpha(), 'nearest', meta.width ?? 0, meta.height ?? 0)
    : sharp({ create: { width: p.pictureWidth, height: p.pictureHeight, channels: 4, background: KEEP } })
  const mask = kept.extend({ ...margins(p), background: CLEAR }).png({ compressionLevel: 6 }).toFile(maskOut)
  await Promise.all([canvas, mask])
}

/**
 * Replaces the edit's library copies with the extended canvas and its mask (written under
 * `.tmp-` names first, which the gallery's start-up check clears after a crash), and returns the
 * checked edit as the request will send it. A canvas over the edit image limit is refused.
 */
export async function extendEditInputs(
  p: ExtendPlacement,
  checked: CheckedEdit,
  copies: LibraryCopies,
  gallery: Pick<GalleryStore, 'pathOf'>,
  jobId: string
): Promise<{ checked: CheckedEdit; copies: LibraryCopies }> {
  // Beside the copies; pathOf takes finished library names only.
  const dir = dirname(gallery.pathOf(copies.sourceFile))
  const tmpSource = join(dir, `${jobId}.tmp-extend.png`)
  const tmpMask = join(dir, `${jobId}.tmp-extend-mask.png`)
  const out = { sourceFile: `${jobId}.source.png`, maskFile: `${jobId}.mask.png` }
  try {
    await composeExtend(gallery.pathOf(copies.sourceFile), copies.maskFile ? gallery.pathOf(copies.maskFile) : undefined, p, tmpSource, tmpMask)
    const bytes = (await stat(tmpSource)).size
    if (bytes > LIMIT) {
      throw ruleError({ field: 'extend', key: 'extendTooBig', values: { mb: (bytes / 1024 / 1024).toFixed(1), max: LIMIT / 1024 / 1024 } })
    }
    for (const name of [copies.sourceFile, copies.maskFile]) if (name) await rm(gallery.pathOf(name), { force: true })
    await rename(tmpSource, gallery.pathOf(out.sourceFile))
    await rename(tmpMask, gallery.pathOf(out.maskFile))
    const source: EditSource = {
      path: gallery.pathOf(out.sourceFile),
      format: 'png',
      width: p.width,
      height: p.height,
      bytes,
      uploadName: 'image.png',
      ...(checked.source.parentId ? { parentId: checked.source.parentId } : {}),
      describe: { ...checked.source.describe, extended: `${p.width}x${p.height}` }
    }
    return { checked: { source, mask: { path: gallery.pathOf(out.maskFile), uploadName: 'mask.png', fileId: checked.mask?.fileId ?? '' }, warnings: checked.warnings }, copies: out }
  } catch (e) {
    for (const f of [tmpSource, tmpMask, gallery.pathOf(out.sourceFile), gallery.pathOf(out.maskFile), gallery.pathOf(copies.sourceFile)]) await rm(f, { force: true })
    if (copies.maskFile) await rm(gallery.pathOf(copies.maskFile), { force: true })
    throw e
  }
}
