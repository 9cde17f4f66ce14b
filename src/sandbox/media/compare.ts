import { decodeImage, decodeKeepMask } from './codec'
import { MediaInputError } from './errors'

/**
 * Fraction (0..1) of the mask's kept (opaque, alpha >= 128) pixels whose RGBA differs between
 * `before` and `after`. An honest masked edit in a lossless format scores exactly 0. Returns 0
 * when the mask keeps nothing, since there is then nothing an edit could have broken.
 * Both images are compared as decoded 8-bit sRGB with alpha (missing alpha counts as 255).
 */
export async function changedOutsideMask(before: Buffer, after: Buffer, mask: Buffer): Promise<number> {
  const a = await decodeImage(before, 'before', { alpha: true })
  const b = await decodeImage(after, 'after', { alpha: true })
  if (a.width !== b.width || a.height !== b.height) {
    throw new MediaInputError(
      'size_mismatch',
      'after',
      `after is ${b.width}x${b.height} but before is ${a.width}x${a.height}`
    )
  }
  const keep = await decodeKeepMask(mask, a.width, a.height)
  let kept = 0
  let changed = 0
  for (let p = 0, o = 0; p < keep.length; p++, o += 4) {
    if (keep[p] === 0) continue
    kept++
    if (
      a.data[o] !== b.data[o] ||
      a.data[o + 1] !== b.data[o + 1] ||
      a.data[o + 2] !== b.data[o + 2] ||
      a.data[o + 3] !== b.data[o + 3]
    )
      changed++
  }
  return kept === 0 ? 0 : changed / kept
}
