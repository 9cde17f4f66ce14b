/**
 * A selection being drawn (pure, image coordinates): a dragged rectangle or ellipse, a freehand
 * lasso, or a polygon clicked vertex by vertex. While it is drawn only its outline is shown (an
 * SVG path, a few hundred bytes per frame); the fill happens once, when it becomes a ShapeOp.
 */
import type { SelectionMode, SelectionShape, ShapeOp } from '../model/mask-model'
import type { View } from './view-transform'

/** A click this close (screen px) to the first vertex closes a polygon. */
export const CLOSE_DISTANCE = 8
/** A lasso keeps a point every this many screen px (the outline strays less than a pixel). */
const LASSO_SPACING = 2

export class SelectionGesture {
  /** Vertices (lasso, polygon) or the two corners (rect, ellipse), flat. */
  private readonly points: number[]
  /** Where the pointer is: the rubber band's end for a polygon. */
  private hover: [number, number]

  constructor(
    readonly shape: SelectionShape,
    readonly mode: SelectionMode,
    x: number,
    y: number
  ) {
    this.points = shape === 'rect' || shape === 'ellipse' ? [x, y, x, y] : [x, y]
    this.hover = [x, y]
  }

  /** The pointer moved (held for a drag, free for a polygon). */
  move(x: number, y: number, view: View): void {
    this.hover = [x, y]
    const p = this.points
    if (this.shape === 'rect' || this.shape === 'ellipse') {
      p[2] = x
      p[3] = y
    } else if (this.shape === 'lasso') {
      const dx = x - p[p.length - 2]
      const dy = y - p[p.length - 1]
      const spacing = LASSO_SPACING / view.scale
      if (dx * dx + dy * dy >= spacing * spacing) p.push(x, y)
    }
  }

  /** A polygon click: adds a vertex, or returns true when it lands on the first one (close). */
  click(x: number, y: number, view: View): boolean {
    const p = this.points
    const near = (ax: number, ay: number) => Math.hypot((x - ax) * view.scale, (y - ay) * view.scale) <= CLOSE_DISTANCE
    if (p.length >= 6 && near(p[0], p[1])) return true
    // A double click's second press lands where the first added a vertex.
    if (!near(p[p.length - 2], p[p.length - 1])) p.push(x, y)
    this.hover = [x, y]
    return false
  }

  /** The op it makes, or null when it encloses nothing (a click without a drag, two vertices). */
  finish(): ShapeOp | null {
    const p = this.points.slice()
    if (this.shape === 'rect' || this.shape === 'ellipse') {
      if (p[0] === p[2] || p[1] === p[3]) return null
    } else if (p.length < 6) return null
    return { kind: 'shape', shape: this.shape, mode: this.mode, points: p }
  }

  /** The outline in stage CSS pixels, as SVG path data. */
  path(view: View): string {
    const X = (x: number) => (x * view.scale + view.x).toFixed(1)
    const Y = (y: number) => (y * view.scale + view.y).toFixed(1)
    const p = this.points
    if (this.shape === 'rect') return `M${X(p[0])} ${Y(p[1])}H${X(p[2])}V${Y(p[3])}H${X(p[0])}Z`
    if (this.shape === 'ellipse') {
      const rx = (Math.abs(p[2] - p[0]) / 2) * view.scale
      const ry = (Math.abs(p[3] - p[1]) / 2) * view.scale
      const cy = Y((p[1] + p[3]) / 2)
      const left = X(Math.min(p[0], p[2]))
      const right = X(Math.max(p[0], p[2]))
      return `M${left} ${cy}A${rx.toFixed(1)} ${ry.toFixed(1)} 0 1 0 ${right} ${cy}A${rx.toFixed(1)} ${ry.toFixed(1)} 0 1 0 ${left} ${cy}Z`
    }
    let d = `M${X(p[0])} ${Y(p[1])}`
    for (let i = 2; i < p.length; i += 2) d += `L${X(p[i])} ${Y(p[i + 1])}`
    if (this.shape === 'polygon') d += `L${X(this.hover[0])} ${Y(this.hover[1])}`
    return d + 'Z'
  }
}
