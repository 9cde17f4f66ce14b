/**
 * Export worker: draws the stroke list at the source's full resolution onto an OffscreenCanvas
 * (mask-export-core.ts drawMask) and encodes the PNG there (convertToBlob), so the page never runs
 * the encode or the replay on its main thread (PERFORMANCE C2: no main-thread task over 50 ms).
 */
import { drawMask, type MaskExportReply, type MaskExportRequest } from './mask-export-core'

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
      drawMask(ops, width, height, ctx)
      const rastered = performance.now()
      const blob = await canvas.convertToBlob({ type: 'image/png' })
      scope.postMessage({ id, ok: true, blob, width, height, rasterMs: rastered - started, encodeMs: performance.now() - rastered })
    } catch (err) {
      scope.postMessage({ id, ok: false, message: err instanceof Error ? err.message : String(err) })
    }
  })()
}
