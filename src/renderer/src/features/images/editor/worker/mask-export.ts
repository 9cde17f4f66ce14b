/**
 * The page's side of the mask export: hands the stroke list (small: points, not pixels) to a
 * worker and gets a PNG Blob back. While an editor is open one worker is kept for its exports
 * (C2: no worker start-up and no cold code on "Apply edit"); it holds no pixels between them.
 */
import type { MaskOp } from '../model/mask-model'
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
/** The editor session's worker, kept while someone holds it (it holds no pixels between exports). */
let session: Worker | null = null
let holders = 0

function startWorker(): Worker {
  return new Worker(new URL('./mask-export.worker.ts', import.meta.url), { type: 'module' })
}

/**
 * Keeps an export worker started (and its code compiled: it warms up on a small mask) while the
 * caller holds it, so "Apply edit" neither waits for a worker to load nor runs cold code; returns
 * the release.
 */
export function warmMaskExport(): () => void {
  if (typeof Worker === 'undefined') return () => {}
  holders++
  session ??= startWorker()
  let released = false
  return () => {
    if (released) return
    released = true
    if (--holders === 0 && session) {
      session.terminate()
      session = null
    }
  }
}

export const exportMaskInWorker: MaskExporter = (ops, width, height) =>
  new Promise((resolve, reject) => {
    // Without a session (nobody holds one), a worker for this export only.
    const own = session === null
    const worker = session ?? startWorker()
    const id = nextId++
    const done = () => {
      worker.removeEventListener('message', onMessage)
      worker.removeEventListener('error', onError)
      if (own) worker.terminate()
    }
    const onMessage = (e: MessageEvent<MaskExportReply>) => {
      if (e.data.id !== id) return
      done()
      if (e.data.ok)
        resolve({
          blob: e.data.blob,
          width: e.data.width,
          height: e.data.height,
          rasterMs: e.data.rasterMs,
          encodeMs: e.data.encodeMs
        })
      else reject(new Error(e.data.message))
    }
    const onError = (e: ErrorEvent) => {
      done()
      // A worker that failed is not reused.
      if (!own && session === worker) {
        worker.terminate()
        session = null
        if (holders > 0) session = startWorker()
      }
      reject(new Error(e.message || 'The mask export worker failed'))
    }
    worker.addEventListener('message', onMessage)
    worker.addEventListener('error', onError)
    worker.postMessage({ id, ops, width, height })
  })

/** The exporter in use; tests (happy-dom has no Worker or OffscreenCanvas) put a fake here. */
export const maskExport: { run: MaskExporter; warm: () => () => void } = {
  run: exportMaskInWorker,
  warm: warmMaskExport
}
