/**
 * Export worker: replays the stroke list at the source's full resolution into an OffscreenCanvas
 * and encodes the PNG there (convertToBlob), so the page never runs the ~200 ms encode or the
 * replay on its main thread (PERFORMANCE.md C2: no main-thread task over 50 ms).
 */
import { renderMaskBands, type MaskExportReply, type MaskExportRequest } from './mask-export-core'

interface WorkerScope {
  onmessage: ((e: MessageEvent<MaskExportRequest>) => void) | null
  postMessage(message: MaskExportReply): void
}
const scope = self as unknown as WorkerScope

scope.onmessage = (e) => {
  const { id, ops, width, height } = e.data
  void (async () => {
    try {
      const started = performance.now()
      const canvas = new OffscreenCanvas(width, height)
      const ctx = canvas.getContext('2d')
      if (!ctx) throw new Error('This system cannot draw the mask (no 2D canvas in workers)')
      renderMaskBands(ops, width, height, (band, top) => {
        // ImageData wants its own buffer length; a band's array is exactly width x rows x 4.
        ctx.putImageData(new ImageData(band.data as Uint8ClampedArray<ArrayBuffer>, band.width, band.height), 0, top)
      })
      const rastered = performance.now()
      const blob = await canvas.convertToBlob({ type: 'image/png' })
      scope.postMessage({ id, ok: true, blob, width, height, rasterMs: rastered - started, encodeMs: performance.now() - rastered })
    } catch (err) {
      scope.postMessage({ id, ok: false, message: err instanceof Error ? err.message : String(err) })
    }
  })()
}
