/** Decoded RGBA pixels for mask import tests, each pixel from `px(x, y)` (what a decoder would hand over). */
import type { PixelImage } from '@renderer/features/images/editor/runs/mask-import'

export function pixelImage(
  width: number,
  height: number,
  px: (x: number, y: number) => [number, number, number, number]
): PixelImage {
  const data = new Uint8ClampedArray(width * height * 4)
  for (let y = 0; y < height; y++) for (let x = 0; x < width; x++) data.set(px(x, y), (y * width + x) * 4)
  return { data, width, height }
}
