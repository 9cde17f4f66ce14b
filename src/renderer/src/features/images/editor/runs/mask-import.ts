/**
 * A mask from pixels (pure): an imported PNG, or the source image's own transparency, read as
 * runs at the source's exact size. Which pixels count as painted (editable):
 * - 'alpha': alpha below half (the gateway's own convention, so an exported mask reads back as
 *   itself, and transparent parts of a picture are what gets repainted);
 * - 'luminance': light pixels (the white-on-black masks other editors save).
 * 'auto' reads alpha when the image has any transparency, luminance otherwise.
 */
import type { Runs } from './mask-runs'

export type MaskChannel = 'alpha' | 'luminance'
export type MaskChannelChoice = MaskChannel | 'auto'

export interface PixelImage {
  readonly data: Uint8ClampedArray | Uint8Array
  readonly width: number
  readonly height: number
}

/** Half of 255, rounded up: the same cut as the painter's own threshold. */
const HALF = 128

export function hasTransparency(img: PixelImage): boolean {
  const d = img.data
  for (let i = 3; i < d.length; i += 4) if (d[i] < 255) return true
  return false
}

export function chooseChannel(img: PixelImage, choice: MaskChannelChoice): MaskChannel {
  if (choice !== 'auto') return choice
  return hasTransparency(img) ? 'alpha' : 'luminance'
}

/** Rec. 709 luma in integers (weights sum to 256), on the stored (sRGB) values. */
function painted(d: Uint8ClampedArray | Uint8Array, i: number, channel: MaskChannel): boolean {
  if (channel === 'alpha') return d[i + 3] < HALF
  return (54 * d[i] + 183 * d[i + 1] + 19 * d[i + 2]) >> 8 >= HALF
}

/**
 * The painted runs at `width` x `height`. An image of another size is scaled by nearest sampling
 * (each target pixel reads the source pixel under its centre), so the mask stays binary and its
 * edges land where they were in proportion.
 */
export function runsFromPixels(img: PixelImage, channel: MaskChannel, width: number, height: number): Runs[] {
  const { data, width: sw, height: sh } = img
  if (!(sw > 0 && sh > 0) || data.length < sw * sh * 4)
    throw new Error(`The image's pixels do not match its size ${sw}x${sh}`)
  const rowCache = new Map<number, Runs>()
  const sourceRow = (sy: number): Runs => {
    let runs = rowCache.get(sy)
    if (runs) return runs
    runs = []
    let start = -1
    for (let x = 0, i = sy * sw * 4; x < sw; x++, i += 4) {
      const on = painted(data, i, channel)
      if (on && start < 0) start = x
      else if (!on && start >= 0) {
        runs.push(start, x)
        start = -1
      }
    }
    if (start >= 0) runs.push(start, sw)
    // Consecutive target rows read the same source row when scaling up; keep only the last.
    rowCache.clear()
    rowCache.set(sy, runs)
    return runs
  }
  const out: Runs[] = new Array(height)
  for (let y = 0; y < height; y++) {
    const sy = Math.min(sh - 1, Math.floor(((y + 0.5) * sh) / height))
    const src = sourceRow(sy)
    if (sw === width) {
      out[y] = src.slice()
      continue
    }
    const row: Runs = []
    for (let i = 0; i < src.length; i += 2) {
      // Target x reads source floor((x + 0.5) * sw / width); it is in [a, b) when x + 0.5 lies in [a, b) * width / sw.
      const xs = Math.max(0, Math.ceil((src[i] * width) / sw - 0.5))
      const xe = Math.min(width, Math.ceil((src[i + 1] * width) / sw - 0.5))
      if (xs < xe) {
        const n = row.length
        if (n && xs <= row[n - 1]) row[n - 1] = Math.max(row[n - 1], xe)
        else row.push(xs, xe)
      }
    }
    out[y] = row
  }
  return out
}
