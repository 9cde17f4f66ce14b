/**
 * Keeps zoom and pan at frame rate whatever the mask's complexity. A full redraw (source region
 * plus every stroke replayed at display resolution) is cheap for a light mask and is simply done
 * every frame; once one has cost more than the budget, a view change is shown by a CSS transform
 * of the layers as they are (a compositor-only change, like a map while it is dragged) and the
 * exact redraw follows when the gesture pauses.
 */
import type { View } from './view-transform'

/** Above this, a per-frame redraw would eat the frame: preview by transform instead. */
export const REDRAW_BUDGET_MS = 8
/** The gesture counts as paused after this long without a view change. */
export const SETTLE_MS = 120

export class ViewPreview {
  private shown: View | null = null
  private cost = 0
  private timer: ReturnType<typeof setTimeout> | null = null
  private transformed = false

  constructor(
    private readonly layers: readonly (HTMLElement | null)[],
    private readonly settle: () => void
  ) {}

  /** A full redraw showed `view` and took `ms`; the layers need no transform any more. */
  drawn(view: View, ms: number): void {
    this.shown = view
    this.cost = ms
    if (this.transformed) {
      for (const el of this.layers) if (el) el.style.transform = ''
      this.transformed = false
    }
  }

  /** Shows `view` by transforming what is drawn; false when a redraw is cheap enough to just do it. */
  preview(view: View): boolean {
    const from = this.shown
    if (!from || this.cost <= REDRAW_BUDGET_MS) return false
    // Old screen point p shows image point (p - from.xy) / from.scale; it must move to where `view` puts it.
    const k = view.scale / from.scale
    const matrix = `matrix(${k}, 0, 0, ${k}, ${view.x - from.x * k}, ${view.y - from.y * k})`
    for (const el of this.layers) if (el) el.style.transform = matrix
    this.transformed = true
    if (this.timer !== null) clearTimeout(this.timer)
    this.timer = setTimeout(() => {
      this.timer = null
      this.settle()
    }, SETTLE_MS)
    return true
  }

  /** A redraw is due now (a stroke starts): no settle later. */
  get pending(): boolean {
    return this.timer !== null
  }

  cancel(): void {
    if (this.timer !== null) clearTimeout(this.timer)
    this.timer = null
  }
}
