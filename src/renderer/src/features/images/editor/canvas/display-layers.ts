/**
 * The two display-size layers under the cursor: the source image (redrawn only when the view
 * changes) and the mask overlay (an ImageData the rasteriser writes into; only the dirty rectangle
 * of each frame is uploaded with putImageData). Neither is ever larger than the stage, whatever
 * the image's size: that is what keeps a 4096² or 8K source at one cheap frame per stroke segment.
 */
import type { MaskOp, Stroke } from '../model/mask-model'
import { rasterStroke, replay } from '../raster/mask-renderer'
import { createRaster, tint, type Raster, type RasterTransform, type Rect } from '../raster/raster'

/** The decoded source: full resolution, plus a reduced copy used while zoomed out. */
export interface SourceBitmaps {
  full: CanvasImageSource
  /** At most ~2048 px on its long side; null when the source is that small already. */
  reduced: CanvasImageSource | null
  /** reduced width / full width. */
  reducedScale: number
}

/** The overlay's colour; its opacity is the canvas's CSS opacity (the user's "Overlay opacity"). */
export const OVERLAY_RGB = [255, 45, 85] as const

/**
 * Draws the visible part of the image. Zoomed out, the reduced bitmap is scaled (cheap); zoomed
 * in, only the source rectangle under the stage is resampled from the full bitmap.
 */
export function drawImageLayer(
  ctx: CanvasRenderingContext2D,
  src: SourceBitmaps,
  imageW: number,
  imageH: number,
  t: RasterTransform,
  cw: number,
  ch: number
): void {
  ctx.setTransform(1, 0, 0, 1, 0, 0)
  ctx.clearRect(0, 0, cw, ch)
  // Pixel-peeping past 2x shows pixels, as image editors do; below that, smooth.
  ctx.imageSmoothingEnabled = t.scale < 2
  ctx.imageSmoothingQuality = 'medium'
  if (src.reduced && t.scale <= src.reducedScale) {
    ctx.drawImage(src.reduced, t.dx, t.dy, imageW * t.scale, imageH * t.scale)
    return
  }
  const sx0 = Math.max(0, Math.floor(-t.dx / t.scale))
  const sy0 = Math.max(0, Math.floor(-t.dy / t.scale))
  const sx1 = Math.min(imageW, Math.ceil((cw - t.dx) / t.scale))
  const sy1 = Math.min(imageH, Math.ceil((ch - t.dy) / t.scale))
  if (sx1 <= sx0 || sy1 <= sy0) return
  ctx.drawImage(
    src.full,
    sx0,
    sy0,
    sx1 - sx0,
    sy1 - sy0,
    t.dx + sx0 * t.scale,
    t.dy + sy0 * t.scale,
    (sx1 - sx0) * t.scale,
    (sy1 - sy0) * t.scale
  )
}

/**
 * The overlay raster. Without a 2D context (happy-dom) it still keeps the raster, so tests can
 * read what the display would show.
 */
export class DisplayMask {
  raster: Raster = createRaster(1, 1)
  private imageData: ImageData | null = null

  constructor(private readonly ctx: CanvasRenderingContext2D | null) {}

  resize(width: number, height: number): void {
    if (this.ctx) {
      this.imageData = this.ctx.createImageData(width, height)
      this.raster = { data: this.imageData.data, width, height }
    } else this.raster = createRaster(width, height)
    tint(this.raster, OVERLAY_RGB[0], OVERLAY_RGB[1], OVERLAY_RGB[2])
  }

  /** Everything again (view change, undo, invert...): cost grows with painted area on screen, not image size. */
  replayAll(ops: readonly MaskOp[], t: RasterTransform, clip: Rect, live: Stroke | null): void {
    replay(this.raster, ops, t, clip)
    if (live) rasterStroke(this.raster, live, t, clip)
    this.put({ x0: 0, y0: 0, x1: this.raster.width, y1: this.raster.height })
  }

  /** Only the new segments of the stroke being drawn, and only their rectangle is uploaded. */
  drawSegments(stroke: Stroke, t: RasterTransform, clip: Rect, from: number): Rect | null {
    const dirty = rasterStroke(this.raster, stroke, t, clip, from)
    if (dirty) this.put(dirty)
    return dirty
  }

  private put(r: Rect): void {
    if (!this.ctx || !this.imageData) return
    this.ctx.putImageData(this.imageData, 0, 0, r.x0, r.y0, r.x1 - r.x0, r.y1 - r.y0)
  }
}
