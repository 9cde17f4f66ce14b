/**
 * Decodes the source image for display. The <img> decodes off the main thread (`decode()`), the
 * bitmap copy is what drawImage can use without re-decoding, and the reduced copy is made after
 * the first paint so opening a 4096² image costs about one createImageBitmap (PERFORMANCE.md C3).
 * Media come by host URL only; fetch is not allowed by the CSP and not needed.
 */
import type { SourceBitmaps } from './display-layers'

export const REDUCED_MAX_SIDE = 2048

export async function decodeSource(url: string): Promise<{ bitmaps: SourceBitmaps; width: number; height: number; img: HTMLImageElement }> {
  const img = new Image()
  img.decoding = 'async'
  img.src = url
  await img.decode()
  const full: CanvasImageSource = typeof createImageBitmap === 'function' ? await createImageBitmap(img) : img
  return { bitmaps: { full, reduced: null, reducedScale: 1 }, width: img.naturalWidth, height: img.naturalHeight, img }
}

/** A smaller copy for zoomed-out drawing; null when the image is small enough already. */
export async function reduceSource(img: HTMLImageElement, width: number, height: number): Promise<{ reduced: ImageBitmap; reducedScale: number } | null> {
  const long = Math.max(width, height)
  if (long <= REDUCED_MAX_SIDE || typeof createImageBitmap !== 'function') return null
  const k = REDUCED_MAX_SIDE / long
  const reduced = await createImageBitmap(img, { resizeWidth: Math.round(width * k), resizeHeight: Math.round(height * k), resizeQuality: 'medium' })
  return { reduced, reducedScale: reduced.width / width }
}
