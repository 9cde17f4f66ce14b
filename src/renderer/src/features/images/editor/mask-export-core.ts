/**
 * The full-resolution mask, drawn straight onto the export worker's canvas: opaque black where
 * the image must stay, cleared (transparent) where it may change. Strokes become their thresholded
 * pixel spans (mask-binary.ts strokeSpans: the same pixels as the soft replay plus threshold), one
 * integer-aligned rectangle per span, so the canvas rasterises them exactly (no antialiasing on
 * whole pixels) and natively. No full-size RGBA buffer exists in JavaScript and no 64 MB
 * putImageData conversion runs (PERFORMANCE C2: the export costs little more than the PNG encode).
 * Pure over a minimal context: tests apply the calls to a raster and compare with replayBinary.
 */
import { strokeSpans } from './mask-binary'
import type { MaskOp } from './mask-model'
import { IDENTITY } from './mask-renderer'

/** The part of CanvasRenderingContext2D / OffscreenCanvasRenderingContext2D the export uses. */
export interface MaskContext {
  globalCompositeOperation: GlobalCompositeOperation
  fillStyle: string | CanvasGradient | CanvasPattern
  fillRect(x: number, y: number, w: number, h: number): void
  clearRect(x: number, y: number, w: number, h: number): void
}

export function drawMask(ops: readonly MaskOp[], width: number, height: number, ctx: MaskContext): void {
  if (!(width > 0 && height > 0)) throw new Error(`The mask needs a positive size, not ${width}x${height}`)
  // Everything before the last clear or fill is overwritten by it.
  let start = 0
  for (let i = ops.length - 1; i >= 0; i--) {
    const k = ops[i].kind
    if (k === 'clear' || k === 'fill') {
      start = i
      break
    }
  }
  const clip = { x0: 0, y0: 0, x1: width, y1: height }
  ctx.globalCompositeOperation = 'source-over'
  ctx.fillStyle = '#000'
  if (ops[start]?.kind === 'fill') ctx.clearRect(0, 0, width, height)
  else ctx.fillRect(0, 0, width, height)
  for (let i = start; i < ops.length; i++) {
    const op = ops[i]
    if (op.kind === 'stroke') {
      if (op.mode === 'paint') strokeSpans(op, IDENTITY, clip, (y, xs, xe) => ctx.clearRect(xs, y, xe - xs, 1))
      else strokeSpans(op, IDENTITY, clip, (y, xs, xe) => ctx.fillRect(xs, y, xe - xs, 1))
    } else if (op.kind === 'invert') {
      // Opaque black xor the mask flips every pixel's alpha between 0 and 255 (colour stays black).
      ctx.globalCompositeOperation = 'xor'
      ctx.fillRect(0, 0, width, height)
      ctx.globalCompositeOperation = 'source-over'
    }
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
