/**
 * The mask worker: grow, shrink and image masks at full resolution (a 4096² mask is 16 M pixels),
 * off the page's main thread so painting keeps its frame budget (PERFORMANCE C1).
 */
import { maskFromPixels, morphMask, type MaskWorkReply, type MaskWorkRequest } from './mask-work-core'

interface WorkerScope {
  onmessage: ((e: MessageEvent<MaskWorkRequest>) => void) | null
  postMessage(message: MaskWorkReply, transfer?: Transferable[]): void
}
const scope = self as unknown as WorkerScope

/** The bitmap's RGBA as stored (no colour conversion was asked of the decoder). */
function pixelsOf(image: ImageBitmap): { data: Uint8ClampedArray; width: number; height: number } {
  const canvas = new OffscreenCanvas(image.width, image.height)
  const ctx = canvas.getContext('2d', { willReadFrequently: true })
  if (!ctx) throw new Error('No 2D context in the mask worker')
  ctx.drawImage(image, 0, 0)
  image.close()
  return ctx.getImageData(0, 0, canvas.width, canvas.height)
}

scope.onmessage = (e) => {
  const req = e.data
  try {
    const result =
      req.type === 'morph'
        ? { op: morphMask(req.ops, req.width, req.height, req.by) }
        : maskFromPixels(pixelsOf(req.image), req.choice, req.width, req.height, req.source, req.base)
    scope.postMessage({ id: req.id, ok: true, ...result }, [result.op.offsets.buffer, result.op.xs.buffer])
  } catch (err) {
    scope.postMessage({ id: req.id, ok: false, message: err instanceof Error ? err.message : String(err) })
  }
}
