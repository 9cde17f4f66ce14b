/**
 * Decodes the source image for display (PERFORMANCE C3: opening costs about one decode). A file
 * the page already holds is decoded from its bytes with createImageBitmap (off the main thread, no
 * second download of what was just uploaded); a gallery image by host URL through an <img>, whose
 * decode() also runs off the main thread (fetch is not allowed by the Electron CSP). The reduced
 * copy for zoomed-out drawing is made after the first paint.
 */
import type { SourceBitmaps } from './display-layers'

export const REDUCED_MAX_SIDE = 2048

export interface DecodedSource {
  bitmaps: SourceBitmaps
  width: number
  height: number
  /** What a reduced copy is made from. */
  from: ImageBitmap | HTMLImageElement
}

export async function decodeSource(url: string, local?: Blob): Promise<DecodedSource> {
  if (local && typeof createImageBitmap === 'function') {
    const full = await createImageBitmap(local)
    return { bitmaps: { full, reduced: null, reducedScale: 1 }, width: full.width, height: full.height, from: full }
  }
  const img = new Image()
  img.decoding = 'async'
  img.src = url
  await img.decode()
  const full: CanvasImageSource = typeof createImageBitmap === 'function' ? await createImageBitmap(img) : img
  return {
    bitmaps: { full, reduced: null, reducedScale: 1 },
    width: img.naturalWidth,
    height: img.naturalHeight,
    from: img
  }
}

/**
 * One decode started before the editor mounts (the file was just chosen): mounting the editor and
 * decoding then overlap instead of running one after the other. At most one is kept; the editor
 * takes it for its URL, or decodes itself when there is none.
 */
let early: { url: string; decoded: Promise<DecodedSource> } | null = null

export function prefetchSource(url: string, local?: Blob): void {
  if (early?.url === url) return
  if (early)
    void early.decoded.then(
      (d) => releaseBitmaps(d.bitmaps),
      () => {}
    )
  const decoded = decodeSource(url, local)
  decoded.catch(() => {}) // a failure is reported to whoever takes it
  early = { url, decoded }
}

export function takeSource(url: string, local?: Blob): Promise<DecodedSource> {
  if (early?.url === url) {
    const { decoded } = early
    early = null
    return decoded
  }
  return decodeSource(url, local)
}

/** Resolves after the next frame has been produced, so work started then does not delay it. */
export function afterNextFrame(): Promise<void> {
  return new Promise((resolve) => {
    if (typeof requestAnimationFrame !== 'function') return resolve()
    requestAnimationFrame(() => setTimeout(resolve, 0))
  })
}

/**
 * A smaller copy for zoomed-out drawing; null when the image is small enough already. From the
 * file's bytes when the page has them (a second decode, but on a decoder thread: resizing a
 * decoded bitmap runs on the main thread and would stall painting for ~100 ms on a 4096² image).
 */
export async function reduceSource(
  from: Blob | ImageBitmap | HTMLImageElement,
  width: number,
  height: number
): Promise<{ reduced: ImageBitmap; reducedScale: number } | null> {
  const long = Math.max(width, height)
  if (long <= REDUCED_MAX_SIDE || typeof createImageBitmap !== 'function') return null
  const k = REDUCED_MAX_SIDE / long
  const reduced = await createImageBitmap(from, {
    resizeWidth: Math.round(width * k),
    resizeHeight: Math.round(height * k),
    resizeQuality: 'medium'
  })
  return { reduced, reducedScale: reduced.width / width }
}

/** Frees decoded pixels (a 4096² source holds 64 MB) as soon as a session ends, not at the next GC. */
export function releaseBitmaps(b: Partial<SourceBitmaps> | null): void {
  for (const x of [b?.full, b?.reduced]) if (typeof ImageBitmap !== 'undefined' && x instanceof ImageBitmap) x.close()
}
