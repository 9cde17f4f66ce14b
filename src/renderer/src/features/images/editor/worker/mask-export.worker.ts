/**
 * Export worker: writes the full-resolution mask PNG straight from the stroke list (mask-png.ts),
 * off the page's main thread (PERFORMANCE C2: no main-thread task over 50 ms). No canvas: the
 * worker never holds a full-size bitmap.
 */
import { encodeMaskPng } from '../runs/mask-png'
import type { MaskExportReply, MaskExportRequest } from './mask-export-core'

interface WorkerScope {
  onmessage: ((e: MessageEvent<MaskExportRequest>) => void) | null
  postMessage(message: MaskExportReply): void
}
const scope = self as unknown as WorkerScope

// Compile the writer's hot paths now, on a small mask, rather than on the user's first export.
encodeMaskPng(
  [
    {
      kind: 'stroke',
      mode: 'paint',
      radius: 40,
      hardness: 1,
      points: Array.from({ length: 80 }, (_, i) => (i % 2 ? 100 + ((i * 37) % 800) : 40 + i * 12))
    },
    { kind: 'stroke', mode: 'erase', radius: 10, hardness: 1, points: [0, 512, 1023, 512] },
    { kind: 'invert' },
    { kind: 'invert' }
  ],
  1024,
  1024
)

scope.onmessage = (e) => {
  const { id, ops, width, height } = e.data
  try {
    const started = performance.now()
    const png = encodeMaskPng(ops, width, height)
    const blob = new Blob([png as Uint8Array<ArrayBuffer>], { type: 'image/png' })
    // The PNG is written in one pass: there is no separate raster step to report.
    scope.postMessage({ id, ok: true, blob, width, height, rasterMs: 0, encodeMs: performance.now() - started })
  } catch (err) {
    scope.postMessage({ id, ok: false, message: err instanceof Error ? err.message : String(err) })
  }
}
