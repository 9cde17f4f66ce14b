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
export function checkExtend(
  p: ExtendPlacement,
  source: Pick<EditSource, 'width' | 'height'>,
  family: EditFamily
): void {
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
export async function composeExtend(
  sourcePath: string,
  paintedMaskPath: string | undefined,
  p: ExtendPlacement,
  sourceOut: string,
  maskOut: string
): Promise<void> {
  const sharp = await loadSharp()
  const scaled = (img: import('sharp').Sharp, kernel: 'lanczos3' | 'nearest', w: number, h: number) =>
    w === p.pictureWidth && h === p.pictureHeight
      ? img
      : img.resize(p.pictureWidth, p.pictureHeight, { fit: 'fill', kernel })
  const meta = await sharp(sourcePath, { limitInputPixels: false }).metadata()
  // No rotate(): the mask was painted over the stored pixels, so EXIF orientation must not move them.
  const picture = scaled(
    (await openImage(sourcePath, 'image', { failOn: 'error' })).toColourspace('srgb'),
    'lanczos3',
    meta.width ?? 0,
    meta.height ?? 0
  )
  const canvas = picture
    .ensureAlpha()
    .extend({ ...margins(p), background: CLEAR })
    .png({ compressionLevel: 6 })
    .toFile(sourceOut)
  // Nearest neighbour keeps the painted mask's two values (kept, editable) exact when it is scaled.
  const kept = paintedMaskPath
    ? scaled(
        (await openImage(paintedMaskPath, 'mask', { failOn: 'error' })).ensureAlpha(),
        'nearest',
        meta.width ?? 0,
        meta.height ?? 0
      )
    : sharp({ create: { width: p.pictureWidth, height: p.pictureHeight, channels: 4, background: KEEP } })
  const mask = kept
    .extend({ ...margins(p), background: CLEAR })
    .png({ compressionLevel: 6 })
    .toFile(maskOut)
  await Promise.all([canvas, mask])
}

/**
 * The canvas within the edit image limit: the PNG as composed, else the same pixels as lossless
 * WebP (also taken by both families; alpha and every pixel kept, `exact` included the colour under
 * transparency; often a third smaller for photos), else refused.
 */
async function withinLimit(
  png: string,
  webp: string,
  limit: number
): Promise<{ path: string; format: 'png' | 'webp'; bytes: number }> {
  const pngBytes = (await stat(png)).size
  if (pngBytes <= limit) return { path: png, format: 'png', bytes: pngBytes }
  const sharp = await loadSharp()
  await sharp(png, { limitInputPixels: false }).webp({ lossless: true, exact: true, effort: 2 }).toFile(webp)
  const bytes = (await stat(webp)).size
  if (bytes <= limit) return { path: webp, format: 'webp', bytes }
  const mb = (n: number) => (n / 1024 / 1024).toFixed(1)
  throw ruleError({
    field: 'extend',
    key: 'extendTooBig',
    values: { mb: mb(Math.min(bytes, pngBytes)), max: mb(limit) }
  })
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
  jobId: string,
  limit = LIMIT
): Promise<{ checked: CheckedEdit; copies: LibraryCopies }> {
  // Beside the copies; pathOf takes finished library names only.
  const dir = dirname(gallery.pathOf(copies.sourceFile))
  const tmp = {
    png: join(dir, `${jobId}.tmp-extend.png`),
    webp: join(dir, `${jobId}.tmp-extend.webp`),
    mask: join(dir, `${jobId}.tmp-extend-mask.png`)
  }
  const maskFile = `${jobId}.mask.png`
  let sourceFile: string | undefined
  try {
    await composeExtend(
      gallery.pathOf(copies.sourceFile),
      copies.maskFile ? gallery.pathOf(copies.maskFile) : undefined,
      p,
      tmp.png,
      tmp.mask
    )
    const canvas = await withinLimit(tmp.png, tmp.webp, limit)
    for (const name of [copies.sourceFile, copies.maskFile]) if (name) await rm(gallery.pathOf(name), { force: true })
    sourceFile = `${jobId}.source.${canvas.format}`
    await rename(canvas.path, gallery.pathOf(sourceFile))
    await rename(tmp.mask, gallery.pathOf(maskFile))
    await Promise.all([tmp.png, tmp.webp].map((f) => rm(f, { force: true })))
    const source: EditSource = {
      path: gallery.pathOf(sourceFile),
      format: canvas.format,
      width: p.width,
      height: p.height,
      bytes: canvas.bytes,
      uploadName: `image.${canvas.format}`,
      ...(checked.source.parentId ? { parentId: checked.source.parentId } : {}),
      describe: { ...checked.source.describe, extended: `${p.width}x${p.height}` }
    }
    return {
      checked: {
        source,
        mask: { path: gallery.pathOf(maskFile), uploadName: 'mask.png', fileId: checked.mask?.fileId ?? '' },
        warnings: checked.warnings
      },
      copies: { sourceFile, maskFile }
    }
  } catch (e) {
    const names = [copies.sourceFile, copies.maskFile, sourceFile, maskFile].filter((n): n is string => n !== undefined)
    await Promise.all(
      [...Object.values(tmp), ...names.map((n) => gallery.pathOf(n))].map((f) => rm(f, { force: true }))
    )
    throw e
  }
}
