/**
 * The brush outline that follows the pointer: the radius ring plus the feather band as a soft fill
 * (a live preview of size and hardness at the current zoom). Per frame only its transform changes,
 * a compositor-only update of its own layer; size and gradient are rewritten only when the brush
 * or the zoom changed, so moving the pointer repaints nothing.
 */
import { featherHalfWidth } from '../raster/mask-renderer'

export class BrushCursor {
  private shape = ''
  private x = 0
  private y = 0
  private visible = false

  constructor(private readonly el: HTMLElement | null) {}

  moveTo(x: number, y: number): void {
    this.x = x
    this.y = y
    this.visible = true
  }

  hide(): void {
    this.visible = false
  }

  /** `size` and `hardness` as the brush has them, `scale` the view's (image px to stage px). */
  draw(size: number, hardness: number, scale: number): void {
    const el = this.el
    if (!el) return
    if (el.hidden === this.visible) el.hidden = !this.visible
    if (!this.visible) return
    const r = (size / 2) * scale
    const w = featherHalfWidth(size / 2, hardness) * scale
    const outer = Math.max(1, r + w)
    const shape = `${outer.toFixed(2)}|${r.toFixed(2)}|${w.toFixed(2)}`
    if (shape !== this.shape) {
      this.shape = shape
      const inner = Math.max(0, ((r - w) / outer) * 100)
      el.style.width = `${outer * 2}px`
      el.style.height = `${outer * 2}px`
      el.style.setProperty('--ring', `${(r / outer) * 100}%`)
      el.style.background = `radial-gradient(circle closest-side, rgb(255 45 85 / 0.35) ${inner}%, rgb(255 45 85 / 0) 100%)`
    }
    el.style.transform = `translate3d(${this.x - outer}px, ${this.y - outer}px, 0)`
  }
}
