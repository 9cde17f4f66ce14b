/**
 * The page's side of the mask export: hands the stroke list (small: points, not pixels) to a
 * worker and gets a PNG Blob back. Each export gets its own worker, terminated after it (it held
 * a full-size canvas); while an editor is open a spare one is kept started, so "Apply edit" does
 * not wait for a worker to load (C2).
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
let spare: Worker | null = null
let holders = 0

function startWorker(): Worker {
  return new Worker(new URL('./mask-export.worker.ts', import.meta.url), { type: 'module' })
}

/** Keeps a started export worker ready while the caller holds it; returns the release. */
export function warmMaskExport(): () => void {
  if (typeof Worker === 'undefined') return () => {}
  holders++
  spare ??= startWorker()
  let released = false
  return () => {
    if (released) return
    released = true
    if (--holders === 0 && spare) {
      spare.terminate()
      spare = null
    }
  }
}

export const exportMaskInWorker: MaskExporter = (ops, width, height) =>
  new Promise((resolve, reject) => {
    const worker = spare ?? startWorker()
    spare = null
    const id = nextId++
    const done = () => {
      worker.terminate()
      if (holders > 0 && !spare) spare = startWorker()
    }
    worker.onmessage = (e: MessageEvent<MaskExportReply>) => {
      if (e.data.id !== id) return
      done()
      if (e.data.ok) resolve({ blob: e.data.blob, width: e.data.width, height: e.data.height, rasterMs: e.data.rasterMs, encodeMs: e.data.encodeMs })
      else reject(new Error(e.data.message))
    }
    worker.onerror = (e) => {
      done()
      reject(new Error(e.message || 'The mask export worker failed'))
    }
    worker.postMessage({ id, ops, width, height })
  })

/** The exporter in use; tests (happy-dom has no Worker or OffscreenCanvas) put a fake here. */
export const maskExport: { run: MaskExporter } = { run: exportMaskInWorker }
