/**
 * Zoom and pan as pure arithmetic. A view maps image pixels to stage CSS pixels:
 * screen = image * scale + (x, y). Zooming "at the cursor" keeps the image point under the cursor
 * where it was, which is what makes wheel zoom feel anchored (ComfyUI, Invoke, Photoshop).
 */

export interface View {
  readonly scale: number
  readonly x: number
  readonly y: number
}

export const MIN_SCALE = 0.02
export const MAX_SCALE = 32
/** One keyboard or button zoom step. */
export const ZOOM_STEP = 1.25

export function clampScale(scale: number): number {
  return Math.min(MAX_SCALE, Math.max(MIN_SCALE, scale))
}

/** The whole image centred in the stage, with a margin, never enlarged past 1:1 for small images. */
export function fitView(imageW: number, imageH: number, stageW: number, stageH: number, margin = 16): View {
  const w = Math.max(1, stageW - 2 * margin)
  const h = Math.max(1, stageH - 2 * margin)
  const scale = clampScale(Math.min(1, w / imageW, h / imageH))
  return { scale, x: (stageW - imageW * scale) / 2, y: (stageH - imageH * scale) / 2 }
}

export function screenToImage(v: View, sx: number, sy: number): [number, number] {
  return [(sx - v.x) / v.scale, (sy - v.y) / v.scale]
}

export function imageToScreen(v: View, ix: number, iy: number): [number, number] {
  return [ix * v.scale + v.x, iy * v.scale + v.y]
}

/** Multiplies the scale by `factor` (clamped) keeping the image point under (cx, cy) fixed. */
export function zoomAt(v: View, factor: number, cx: number, cy: number): View {
  const scale = clampScale(v.scale * factor)
  const k = scale / v.scale
  return { scale, x: cx - (cx - v.x) * k, y: cy - (cy - v.y) * k }
}

export function panBy(v: View, dx: number, dy: number): View {
  return { scale: v.scale, x: v.x + dx, y: v.y + dy }
}

/** Wheel delta to a zoom factor; pixel, line and page deltas all feel alike. */
export function wheelFactor(deltaY: number, deltaMode: number): number {
  const px = deltaMode === 1 ? deltaY * 16 : deltaMode === 2 ? deltaY * 400 : deltaY
  return Math.exp(-Math.max(-400, Math.min(400, px)) * 0.0015)
}
