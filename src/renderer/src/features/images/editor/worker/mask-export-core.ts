/** The messages between the page and the mask export worker (mask-export.worker.ts). */
import type { MaskOp } from '../model/mask-model'

/** What the page sends the worker, and what comes back. */
export interface MaskExportRequest {
  id: number
  ops: readonly MaskOp[]
  width: number
  height: number
}

export type MaskExportReply =
  | { id: number; ok: true; blob: Blob; width: number; height: number; rasterMs: number; encodeMs: number }
  | { id: number; ok: false; message: string }
