/**
 * The page's side of the mask export: hands the stroke list (small: points, not pixels) to a
 * fresh worker and gets a PNG Blob back. One worker per export, terminated after: it holds a
 * full-size canvas, and exports are rare.
 */
import type { MaskOp } from './mask-model'
import type { MaskExportReply } from './mask-export-core'

export interface ExportedMask {
  blob: Blob
  width: number
  height: number
  rasterMs: number
  encodeMs: number
}

export type MaskExporter = (ops: readonly MaskOp[], width: number, height: number) => Promise<ExportedMask>

let nextId = 1

export const exportMaskInWorker: MaskExporter = (ops, width, height) =>
  new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./mask-export.worker.ts', import.meta.url), { type: 'module' })
    const id = nextId++
    worker.onmessage = (e: MessageEvent<MaskExportReply>) => {
      if (e.data.id !== id) return
      worker.terminate()
      if (e.data.ok) resolve({ blob: e.data.blob, width: e.data.width, height: e.data.height, rasterMs: e.data.rasterMs, encodeMs: e.data.encodeMs })
      else reject(new Error(e.data.message))
    }
    worker.onerror = (e) => {
      worker.terminate()
      reject(new Error(e.message || 'The mask export worker failed'))
    }
    worker.postMessage({ id, ops, width, height })
  })

/** The exporter in use; tests (happy-dom has no Worker or OffscreenCanvas) put a fake here. */
export const maskExport: { run: MaskExporter } = { run: exportMaskInWorker }
