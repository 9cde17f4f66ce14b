/**
 * The painter's imperative core (no React): the view, the stroke being drawn, and ONE repaint per
 * animation frame. Pointer samples only append to arrays here; the frame callback rasterises the
 * new segments at display resolution and uploads their dirty rectangle. View changes redraw the
 * visible region, or, when that has become costly, are previewed by a transform (view-preview.ts).
 * The committed mask lives in the store as a stroke list; this engine shows it and never holds the
 * full-size mask.
 */
import type { MaskOp, SelectionMode, SelectionShape, Stroke, StrokeMode } from '../model/mask-model'
import { appendPoint, featherOf, sampleSpacing } from '../model/mask-model'
import { imageClip, type RasterTransform } from '../raster/raster'
import { BrushCursor } from './brush-cursor'
import { DisplayMask, drawImageLayer, type SourceBitmaps } from './display-layers'
import { SelectionGesture } from './selection-gesture'
import { ViewPreview } from './view-preview'
import { fitView, panBy, screenToImage, zoomAt, ZOOM_STEP, type View } from './view-transform'

export interface EngineHost {
  readonly imageWidth: number
  readonly imageHeight: number
  brush(): { size: number; hardness: number }
  ops(): readonly MaskOp[]
  commit(op: MaskOp): void
  /** A selection tool is chosen: no brush circle under the pointer. */
  selecting?(): boolean
  onZoom(percent: number): void
}

export interface Scheduler {
  request(cb: () => void): number
  cancel(handle: number): void
}

const browserScheduler: Scheduler = {
  request: (cb) => requestAnimationFrame(cb),
  cancel: (h) => cancelAnimationFrame(h)
}

interface LiveStroke {
  stroke: { kind: 'stroke'; mode: StrokeMode; radius: number; hardness: number; points: number[] }
  /** Points already on the display raster. */
  drawn: number
}

/** User-timing mark set when an opened source is first on screen (PERFORMANCE C3 reads it). */
export const SOURCE_DRAWN_MARK = 'studio:editor-source-drawn'

const sourceDrawnListeners = new Set<() => void>()

/** Calls `fn` once, the next time an opened source is first drawn; returns the unsubscribe. */
export function onceSourceDrawn(fn: () => void): () => void {
  const once = () => {
    sourceDrawnListeners.delete(once)
    fn()
  }
  sourceDrawnListeners.add(once)
  return () => sourceDrawnListeners.delete(once)
}

/** The source's first frame is on screen (exported for tests: happy-dom has no 2D context to draw it). */
export function markSourceDrawn(canvas: HTMLCanvasElement | null): void {
  if (canvas) canvas.dataset.sourceDrawn = 'true'
  performance.mark?.(SOURCE_DRAWN_MARK)
  for (const fn of [...sourceDrawnListeners]) fn()
}

export class PainterEngine {
  private view: View = { scale: 1, x: 0, y: 0 }
  private stage = { w: 0, h: 0, dpr: 1 }
  private fitted = false
  private readonly imageCanvas: HTMLCanvasElement | null
  private readonly maskCanvas: HTMLCanvasElement | null
  private readonly outline: SVGPathElement | null
  private selection: SelectionGesture | null = null
  private readonly imageCtx: CanvasRenderingContext2D | null
  private source: SourceBitmaps | null = null
  readonly mask: DisplayMask
  private frameHandle: number | null = null
  private want = { image: false, mask: false }
  private live: LiveStroke | null = null
  /** The ops the display raster shows. */
  private shown: readonly MaskOp[] = []
  /** A stroke handed to the store whose echo needs no replay (it is on screen already). */
  private justCommitted: Stroke | null = null
  private readonly cursor: BrushCursor
  private readonly preview: ViewPreview
  /** A source was set and has not been drawn yet (the "open" milestone, see SOURCE_DRAWN_MARK). */
  private sourceUndrawn = false

  constructor(
    private readonly host: EngineHost,
    canvases: {
      image: HTMLCanvasElement | null
      mask: HTMLCanvasElement | null
      cursor: HTMLElement | null
      outline?: SVGPathElement | null
    },
    private readonly scheduler: Scheduler = browserScheduler
  ) {
    this.imageCanvas = canvases.image
    this.maskCanvas = canvases.mask
    this.outline = canvases.outline ?? null
    this.cursor = new BrushCursor(canvases.cursor)
    this.preview = new ViewPreview([canvases.image, canvases.mask], () => this.invalidate())
    this.imageCtx = canvases.image?.getContext('2d') ?? null
    this.mask = new DisplayMask(canvases.mask?.getContext('2d') ?? null)
    this.shown = host.ops()
  }

  /** The stage's CSS size changed (ResizeObserver); canvases follow at device resolution. */
  resize(w: number, h: number, dpr: number): void {
    this.stage = { w: Math.max(1, w), h: Math.max(1, h), dpr: dpr > 0 ? dpr : 1 }
    const cw = Math.round(this.stage.w * this.stage.dpr)
    const ch = Math.round(this.stage.h * this.stage.dpr)
    for (const c of [this.imageCanvas, this.maskCanvas]) {
      if (c && (c.width !== cw || c.height !== ch)) {
        c.width = cw
        c.height = ch
      }
    }
    this.mask.resize(cw, ch)
    if (!this.fitted) this.fit()
    else this.invalidate()
  }

  setSource(source: SourceBitmaps): void {
    this.sourceUndrawn ||= this.source === null
    this.source = source
    this.want.image = true
    this.request()
  }

  getView(): View {
    return this.view
  }

  setView(view: View): void {
    this.view = view
    this.host.onZoom(Math.round(view.scale * 100))
    // While a stroke is drawn the display raster must match the view exactly.
    if (this.live || !this.preview.preview(view)) this.invalidate()
    else this.request()
  }

  fit(): void {
    this.fitted = true
    this.setView(fitView(this.host.imageWidth, this.host.imageHeight, this.stage.w, this.stage.h))
  }

  /** Zoom by a factor at a stage point (the stage centre when none is given). */
  zoom(factor: number, cx = this.stage.w / 2, cy = this.stage.h / 2): void {
    this.setView(zoomAt(this.view, factor, cx, cy))
  }

  zoomStep(direction: 1 | -1): void {
    this.zoom(direction > 0 ? ZOOM_STEP : 1 / ZOOM_STEP)
  }

  pan(dx: number, dy: number): void {
    this.setView(panBy(this.view, dx, dy))
  }

  toImage(sx: number, sy: number): [number, number] {
    return screenToImage(this.view, sx, sy)
  }

  beginStroke(sx: number, sy: number, mode: StrokeMode): void {
    if (this.preview.pending) {
      this.preview.cancel()
      this.invalidate()
    }
    const { size, hardness } = this.host.brush()
    const [x, y] = this.toImage(sx, sy)
    this.live = { stroke: { kind: 'stroke', mode, radius: size / 2, hardness, points: [x, y] }, drawn: 0 }
    this.request()
  }

  /** Coalesced samples in stage CSS pixels; thinned as they are appended. */
  extendStroke(samples: ReadonlyArray<readonly [number, number]>): void {
    const live = this.live
    if (!live) return
    const spacing = sampleSpacing(live.stroke.radius)
    let added = false
    for (const [sx, sy] of samples) {
      const [x, y] = this.toImage(sx, sy)
      added = appendPoint(live.stroke.points, x, y, spacing) || added
    }
    if (added) this.request()
  }

  /** Ends the stroke at its last sample and hands it to the store. */
  endStroke(sx?: number, sy?: number): void {
    const live = this.live
    if (!live) return
    if (sx !== undefined && sy !== undefined) {
      const [x, y] = this.toImage(sx, sy)
      const p = live.stroke.points
      if (p[p.length - 2] !== x || p[p.length - 1] !== y) p.push(x, y)
    }
    this.flush()
    this.live = null
    const op: Stroke = { ...live.stroke, points: live.stroke.points.slice() }
    this.justCommitted = op
    this.host.commit(op)
  }

  get drawing(): boolean {
    return this.live !== null || this.selection !== null
  }

  /** Starts a drag (rect, ellipse, lasso) or a polygon's first vertex at a stage point. */
  beginSelection(sx: number, sy: number, shape: SelectionShape, mode: SelectionMode): void {
    const [x, y] = this.toImage(sx, sy)
    this.selection = new SelectionGesture(shape, mode, x, y)
    this.request()
  }

  get polygonOpen(): boolean {
    return this.selection?.shape === 'polygon'
  }

  extendSelection(samples: ReadonlyArray<readonly [number, number]>): void {
    const sel = this.selection
    if (!sel) return
    for (const [sx, sy] of samples) sel.move(...this.toImage(sx, sy), this.view)
    this.request()
  }

  /** A click while a polygon is open: a vertex, or the close when it lands on the first one. */
  polygonClick(sx: number, sy: number, close: boolean): void {
    const sel = this.selection
    if (!sel) return
    if (sel.click(...this.toImage(sx, sy), this.view) || close) this.endSelection()
    else this.request()
  }

  /** Ends the selection: it becomes one op in the history, or nothing if it encloses nothing. */
  endSelection(sx?: number, sy?: number): void {
    const sel = this.selection
    if (!sel) return
    if (sx !== undefined && sy !== undefined && sel.shape !== 'polygon') sel.move(...this.toImage(sx, sy), this.view)
    this.selection = null
    this.request()
    const op = sel.finish()
    if (op) this.host.commit(op)
  }

  cancelSelection(): void {
    if (!this.selection) return
    this.selection = null
    this.request()
  }

  /** The store's ops changed: a stroke we just drew needs nothing, anything else a full replay. */
  syncOps(ops: readonly MaskOp[]): void {
    if (ops === this.shown) return
    // A feathered overlay is blurred as a whole: a new stroke joins the blur by a replay.
    const echo =
      this.justCommitted !== null &&
      ops.length === this.shown.length + 1 &&
      ops[ops.length - 1] === this.justCommitted &&
      featherOf(ops) === 0
    this.justCommitted = null
    this.shown = ops
    if (!echo) {
      this.want.mask = true
      this.request()
    }
  }

  showCursor(sx: number, sy: number): void {
    this.cursor.moveTo(sx, sy)
    this.request()
  }

  hideCursor(): void {
    this.cursor.hide()
    this.request()
  }

  /** Brush size or hardness changed: only the cursor preview needs a frame. */
  brushChanged(): void {
    this.request()
  }

  destroy(): void {
    this.preview.cancel()
    if (this.frameHandle !== null) this.scheduler.cancel(this.frameHandle)
    this.frameHandle = null
  }

  /** Runs a pending frame now (end of stroke, tests). */
  flush(): void {
    if (this.frameHandle !== null) {
      this.scheduler.cancel(this.frameHandle)
      this.frameHandle = null
    }
    this.frame()
  }

  private invalidate(): void {
    this.want.image = true
    this.want.mask = true
    this.request()
  }

  /** At most one repaint per animation frame, however many events asked for one. */
  private request(): void {
    if (this.frameHandle === null) this.frameHandle = this.scheduler.request(() => this.frame())
  }

  private rasterTransform(): RasterTransform {
    const d = this.stage.dpr
    return { scale: this.view.scale * d, dx: this.view.x * d, dy: this.view.y * d }
  }

  private frame(): void {
    this.frameHandle = null
    const t = this.rasterTransform()
    const { imageWidth: iw, imageHeight: ih } = this.host
    const full = this.want.image || this.want.mask
    const started = performance.now()
    if (this.want.image && this.imageCtx && this.source) {
      drawImageLayer(this.imageCtx, this.source, iw, ih, t, this.mask.raster.width, this.mask.raster.height)
      if (this.sourceUndrawn) {
        this.sourceUndrawn = false
        markSourceDrawn(this.imageCanvas)
      }
    }
    this.want.image = false
    const clip = imageClip(this.mask.raster, t, iw, ih)
    const live = this.live
    if (this.want.mask) {
      this.mask.replayAll(this.shown, t, clip, live?.stroke ?? null)
      if (live) live.drawn = live.stroke.points.length / 2
      this.want.mask = false
    } else if (live && live.drawn < live.stroke.points.length / 2) {
      this.mask.drawSegments(live.stroke, t, clip, live.drawn)
      live.drawn = live.stroke.points.length / 2
    }
    if (full) this.preview.drawn(this.view, performance.now() - started)
    if (this.outline) {
      const d = this.selection ? this.selection.path(this.view) : ''
      if (this.outline.getAttribute('d') !== d) this.outline.setAttribute('d', d)
    }
    if (this.host.selecting?.()) this.cursor.hide()
    const { size, hardness } = this.host.brush()
    this.cursor.draw(size, hardness, this.view.scale)
  }
}
