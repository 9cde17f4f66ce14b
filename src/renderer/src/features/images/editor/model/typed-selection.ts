/**
 * A rectangle or ellipse selection typed as numbers (image pixels) instead of dragged: the mask
 * painter's keyboard way to select. Pure: the box is clamped to the image and becomes the same
 * ShapeOp a drag makes, so it replays, undoes and is sent exactly like one.
 */
import type { SelectionMode, ShapeOp } from './mask-model'

export type TypedShape = 'rect' | 'ellipse'

export interface TypedBox {
  x: number
  y: number
  width: number
  height: number
}

/** Arrow keys move a field by 1 px; with Shift by this many. */
export const TYPED_BIG_STEP = 10

/** A box inside a width × height image, whole pixels, at least 1 px a side. */
export function clampBox(box: TypedBox, width: number, height: number): TypedBox {
  const whole = (n: number) => (Number.isFinite(n) ? Math.round(n) : 0)
  const x = Math.min(Math.max(0, whole(box.x)), width - 1)
  const y = Math.min(Math.max(0, whole(box.y)), height - 1)
  const w = Math.min(Math.max(1, whole(box.width)), width - x)
  const h = Math.min(Math.max(1, whole(box.height)), height - y)
  return { x, y, width: w, height: h }
}

/** The box a new form starts with: the middle half of the image. */
export function initialBox(width: number, height: number): TypedBox {
  return clampBox({ x: width / 4, y: height / 4, width: width / 2, height: height / 2 }, width, height)
}

/** The selection op for a typed box: corners [x, y, x + width, y + height], like a drag between them. */
export function typedSelection(
  shape: TypedShape,
  mode: SelectionMode,
  box: TypedBox,
  width: number,
  height: number
): ShapeOp {
  const b = clampBox(box, width, height)
  return { kind: 'shape', shape, mode, points: [b.x, b.y, b.x + b.width, b.y + b.height] }
}
