import { setImmediate as yieldToLoop } from 'node:timers/promises'
import { loadSharp, openImage } from './load-sharp'

/**
 * Mask honesty for edits: the painter's mask says "change only here" (transparent = editable), but
 * an upstream may repaint the whole image anyway. We measure how much changed where the user said
 * keep, and can paste the original back there. Decoding, resizing, blurring and encoding run in
 * sharp's thread pool; the per-pixel passes below are single tight loops over typed arrays.
 */

/** Per-channel difference at or below this counts as unchanged: JPEG re-encoding moves pixels a little. */
export const CHANGE_THRESHOLD = 24
/** More than this share of the keep area changed means the upstream ignored the mask. */
export const IGNORED_MASK_SHARE = 0.02
/** Mask alpha at or above this is "keep" (the sandbox and most painters use the same midpoint). */
const KEEP_ALPHA = 128
/**
 * Pixels per slice of the per-pixel passes that build a new image: a few milliseconds of work,
 * then the event loop gets a turn (IPC, streams), instead of one 200 ms block at 4096x4096.
 */
const SLICE = 1 << 19

export interface Planes {
  width: number
  height: number
  /** RGB of the original, 3 bytes per pixel. */
  source: Uint8Array
  /** RGB of the result at the original's size, 3 bytes per pixel. */
  result: Uint8Array
  /** The mask's alpha, 1 byte per pixel. */
  keep: Uint8Array
  /** The result arrived at another size and was resized to the original's for comparison. */
  resizedFrom?: { width: number; height: number }
}

async function rgb(
  input: string | Buffer,
  what: string,
  size?: { width: number; height: number }
): Promise<{ data: Buffer; width: number; height: number }> {
  // No rotate(): masks are painted over stored pixels, so EXIF orientation must not move them.
  let img = (await openImage(input, what, { failOn: 'error' })).toColourspace('srgb').removeAlpha()
  if (size) img = img.resize(size.width, size.height, { fit: 'fill' })
  const { data, info } = await img.raw().toBuffer({ resolveWithObject: true })
  return { data, width: info.width, height: info.height }
}

/**
 * Decodes the three images to comparable planes (in parallel: sharp spreads them over its threads).
 * Each is refused before decoding when its header asks for more pixels than MAX_DECODE_PIXELS.
 */
export async function decodePlanes(sourcePath: string, resultPath: string, maskPath: string): Promise<Planes> {
  const sharp = await loadSharp()
  const [src, resMeta, mask] = await Promise.all([
    rgb(sourcePath, 'original image'),
    sharp(resultPath, { limitInputPixels: false }).metadata(),
    openImage(maskPath, 'mask', { failOn: 'error' }).then((m) =>
      m.ensureAlpha().extractChannel(3).raw().toBuffer({ resolveWithObject: true })
    )
  ])
  if (mask.info.width !== src.width || mask.info.height !== src.height) {
    throw new Error(`the mask is ${mask.info.width}x${mask.info.height} but the original is ${src.width}x${src.height}`)
  }
  const sameSize = resMeta.width === src.width && resMeta.height === src.height
  const res = await rgb(resultPath, 'result image', sameSize ? undefined : { width: src.width, height: src.height })
  return {
    width: src.width,
    height: src.height,
    source: src.data,
    result: res.data,
    keep: mask.data,
    ...(sameSize ? {} : { resizedFrom: { width: resMeta.width ?? 0, height: resMeta.height ?? 0 } })
  }
}

/** Kept and changed pixel counts over pixels [start, end) (one tight pass; see changedOutsideShare). */
function countChanged(
  p: Pick<Planes, 'source' | 'result' | 'keep'>,
  threshold: number,
  start: number,
  end: number
): { kept: number; changed: number } {
  const { source: a, result: b, keep } = p
  let kept = 0
  let changed = 0
  for (let i = start, o = start * 3; i < end; i++, o += 3) {
    if (keep[i] < KEEP_ALPHA) continue
    kept++
    let d = a[o] - b[o]
    if (d < 0) d = -d
    let e = a[o + 1] - b[o + 1]
    if (e < 0) e = -e
    if (e > d) d = e
    e = a[o + 2] - b[o + 2]
    if (e < 0) e = -e
    if (e > d) d = e
    if (d > threshold) changed++
  }
  return { kept, changed }
}

/** Share (0..1) of keep-area pixels whose largest channel difference exceeds the threshold; 0 when nothing is kept. */
export function changedOutsideShare(
  p: Pick<Planes, 'source' | 'result' | 'keep'>,
  threshold = CHANGE_THRESHOLD
): number {
  const { kept, changed } = countChanged(p, threshold, 0, p.keep.length)
  return kept === 0 ? 0 : changed / kept
}

/** The same share, computed in slices so a 4096x4096 comparison never holds the event loop for long. */
export async function changedOutsideShareSliced(
  p: Pick<Planes, 'source' | 'result' | 'keep'>,
  threshold = CHANGE_THRESHOLD
): Promise<number> {
  let kept = 0
  let changed = 0
  for (let start = 0; start < p.keep.length; start += SLICE) {
    const c = countChanged(p, threshold, start, Math.min(p.keep.length, start + SLICE))
    kept += c.kept
    changed += c.changed
    await yieldToLoop()
  }
  return kept === 0 ? 0 : changed / kept
}

export interface HonestyReport {
  outsideMaskChange: number
  warnings: string[]
}

export async function measureMaskHonesty(
  sourcePath: string,
  resultPath: string,
  maskPath: string
): Promise<HonestyReport> {
  const planes = await decodePlanes(sourcePath, resultPath, maskPath)
  const share = await changedOutsideShareSliced(planes)
  const warnings: string[] = []
  if (planes.resizedFrom) {
    warnings.push(
      `The result is ${planes.resizedFrom.width}x${planes.resizedFrom.height}, not the original's ${planes.width}x${planes.height}; it was scaled to compare it with the mask.`
    )
  }
  if (share > IGNORED_MASK_SHARE) {
    warnings.push(
      `The upstream ignored the mask: ${(share * 100).toFixed(1)}% of the area you kept was changed. "Protect outside the mask" pastes the original back there.`
    )
  }
  return { outsideMaskChange: Math.min(1, Math.max(0, share)), warnings }
}

/**
 * The blend weight of the original per pixel: the mask's alpha, feathered only INTO the editable
 * area (max of the alpha and its blur). A symmetric blur would also let the result bleed into the
 * kept area; taking the max keeps every kept pixel exactly the original and softens the seam on
 * the edited side instead.
 */
export async function featheredKeep(
  keep: Uint8Array,
  width: number,
  height: number,
  featherPx: number
): Promise<Uint8Array> {
  if (featherPx <= 0) return keep
  const sharp = await loadSharp()
  // A Gaussian reaches about 2 sigma visibly, so sigma = feather / 2 spreads the seam over ~featherPx.
  // b-w output: otherwise sharp turns the one-band raw input into three sRGB bands.
  const blurred = await sharp(keep, { raw: { width, height, channels: 1 } })
    .blur(Math.max(0.3, featherPx / 2))
    .toColourspace('b-w')
    .raw()
    .toBuffer()
  if (blurred.length !== keep.length) throw new Error('the feathered mask came back with an unexpected layout')
  // Every byte is overwritten below, so no zero-fill.
  const out = Buffer.allocUnsafeSlow(keep.length)
  for (let start = 0; start < keep.length; start += SLICE) {
    const end = Math.min(keep.length, start + SLICE)
    for (let i = start; i < end; i++) {
      const k = keep[i]
      const b = blurred[i]
      out[i] = k > b ? k : b
    }
    await yieldToLoop()
  }
  return out
}

/** original * w + result * (1 - w) for pixels [start, end), rounded; w = 255 copies the original byte for byte. */
export function blendRange(
  source: Uint8Array,
  result: Uint8Array,
  weight: Uint8Array,
  out: Uint8Array,
  start: number,
  end: number
): void {
  for (let i = start, o = start * 3; i < end; i++, o += 3) {
    const w = weight[i]
    if (w === 255) {
      out[o] = source[o]
      out[o + 1] = source[o + 1]
      out[o + 2] = source[o + 2]
    } else if (w === 0) {
      out[o] = result[o]
      out[o + 1] = result[o + 1]
      out[o + 2] = result[o + 2]
    } else {
      const v = 255 - w
      out[o] = (source[o] * w + result[o] * v + 127) / 255
      out[o + 1] = (source[o + 1] * w + result[o + 1] * v + 127) / 255
      out[o + 2] = (source[o + 2] * w + result[o + 2] * v + 127) / 255
    }
  }
}

/** The whole blend, in slices that let the event loop breathe. */
export async function blendByWeight(source: Uint8Array, result: Uint8Array, weight: Uint8Array): Promise<Uint8Array> {
  const out = Buffer.allocUnsafeSlow(source.length)
  for (let start = 0; start < weight.length; start += SLICE) {
    blendRange(source, result, weight, out, start, Math.min(weight.length, start + SLICE))
    await yieldToLoop()
  }
  return out
}

export interface ProtectedImage {
  png: Buffer
  width: number
  height: number
  resizedFrom?: { width: number; height: number }
}

/** The edit result with the original pasted back outside the mask across a feathered seam, as a lossless PNG. */
export async function protectOutsideMask(
  sourcePath: string,
  resultPath: string,
  maskPath: string,
  featherPx = 8
): Promise<ProtectedImage> {
  const p = await decodePlanes(sourcePath, resultPath, maskPath)
  const weight = await featheredKeep(p.keep, p.width, p.height, featherPx)
  const pixels = await blendByWeight(p.source, p.result, weight)
  const sharp = await loadSharp()
  const png = await sharp(pixels, { raw: { width: p.width, height: p.height, channels: 3 } })
    .png({ compressionLevel: 6 })
    .toBuffer()
  return { png, width: p.width, height: p.height, ...(p.resizedFrom ? { resizedFrom: p.resizedFrom } : {}) }
}
