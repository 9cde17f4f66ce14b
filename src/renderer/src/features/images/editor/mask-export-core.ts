/**
 * The full-resolution mask, built in horizontal bands: each band replays the strokes with its own
 * clip, is finalised to the gateway's alpha convention and handed to a sink (the worker's
 * OffscreenCanvas). Banding keeps the scratch buffer at width x BAND_ROWS instead of a second full
 * RGBA copy of a 4096² (64 MB) or 8192² (256 MB) image next to the canvas's own store.
 * Pure: tests pass a sink that records the bands.
 */
import { replayBinary } from './mask-binary'
import type { MaskOp } from './mask-model'
import { finalizeForExport, type Raster } from './mask-renderer'

export const BAND_ROWS = 512

export type BandSink = (band: Raster, top: number) => void

export function renderMaskBands(ops: readonly MaskOp[], width: number, height: number, sink: BandSink, bandRows = BAND_ROWS): void {
  if (!(width > 0 && height > 0)) throw new Error(`The mask needs a positive size, not ${width}x${height}`)
  let scratch: Uint8ClampedArray | null = null
  for (let top = 0; top < height; top += bandRows) {
    const rows = Math.min(bandRows, height - top)
    // The full-height buffer is reused; only a shorter last band needs its own.
    const data: Uint8ClampedArray = rows === bandRows ? (scratch ??= new Uint8ClampedArray(width * bandRows * 4)) : new Uint8ClampedArray(width * rows * 4)
    const band: Raster = { data, width, height: rows }
    // Thresholded spans (mask-binary.ts): the same pixels as the soft replay plus threshold, far faster.
    replayBinary(band, ops, { scale: 1, dx: 0, dy: -top }, { x0: 0, y0: 0, x1: width, y1: rows })
    finalizeForExport(band)
    sink(band, top)
  }
}

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
