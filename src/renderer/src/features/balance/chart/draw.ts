import { decimateMinMax } from './decimate'
import { extent, linearScale, niceDomain, timeTicks, type LinearScale } from './scale'
import { distinctLabels } from './tick-labels'

/** Pure drawing of the balance charts on a 2D context (CSS pixels; the caller scales for DPR). */

export interface ChartTheme {
  text: string
  grid: string
  line: string
  fill: string
  hover: string
  font: string
}

export interface ChartSpec {
  kind: 'line' | 'bar'
  /** Sorted ascending (time in ms). */
  xs: Float64Array
  ys: Float64Array
  formatX(t: number, step: number): string
  /** A y label; `fractionDigits` is raised when close ticks would otherwise print the same text. */
  formatY(v: number, fractionDigits?: number): string
  /** Bars: the time one bar covers (a day). */
  barSpanMs?: number
}

export interface Plot {
  left: number
  top: number
  width: number
  height: number
}

export interface Geometry {
  plot: Plot
  x: LinearScale
  y: LinearScale
}

const PAD = { top: 10, right: 12, bottom: 22, gap: 8 }

/** Draws axes, grid and the series; returns the scales the hover readout uses. */
export function drawChart(
  ctx: CanvasRenderingContext2D,
  spec: ChartSpec,
  width: number,
  height: number,
  theme: ChartTheme
): Geometry {
  ctx.clearRect(0, 0, width, height)
  ctx.font = theme.font
  const n = spec.xs.length
  const span = spec.kind === 'bar' ? (spec.barSpanMs ?? 86_400_000) : 0
  const x0 = n ? spec.xs[0] : 0
  const x1 = n ? spec.xs[n - 1] + span : 1
  const [lo, hi] = extent(spec.ys)
  const y = niceDomain(
    spec.kind === 'bar' ? Math.min(0, lo) : lo,
    spec.kind === 'bar' ? Math.max(0, hi) : hi,
    Math.max(2, Math.floor(height / 40))
  )
  const labels = distinctLabels(y.ticks, (v, digits) => spec.formatY(v, digits))
  let labelWidth = 0
  for (const l of labels) labelWidth = Math.max(labelWidth, ctx.measureText(l).width)
  const plot: Plot = { left: Math.ceil(labelWidth) + PAD.gap, top: PAD.top, width: 0, height: 0 }
  plot.width = Math.max(10, width - plot.left - PAD.right)
  plot.height = Math.max(10, height - PAD.top - PAD.bottom)
  const xs = linearScale(x0, x1 === x0 ? x0 + 1 : x1, plot.left, plot.left + plot.width)
  const ys = linearScale(y.domain[0], y.domain[1], plot.top + plot.height, plot.top)

  // Grid and y labels.
  ctx.strokeStyle = theme.grid
  ctx.fillStyle = theme.text
  ctx.lineWidth = 1
  ctx.textAlign = 'right'
  ctx.textBaseline = 'middle'
  ctx.beginPath()
  y.ticks.forEach((v, i) => {
    const py = Math.round(ys.map(v)) + 0.5
    ctx.moveTo(plot.left, py)
    ctx.lineTo(plot.left + plot.width, py)
    ctx.fillText(labels[i], plot.left - PAD.gap / 2, py)
  })
  ctx.stroke()

  // x labels, skipping any that would overlap the previous one or repeat an earlier text (hours
  // of two different days).
  const t = timeTicks(x0, x1, Math.max(2, Math.floor(plot.width / 90)))
  ctx.textAlign = 'center'
  ctx.textBaseline = 'top'
  let lastRight = -Infinity
  const printed = new Set<string>()
  for (const tick of t.ticks) {
    const px = xs.map(tick)
    const text = spec.formatX(tick, t.step)
    const w = ctx.measureText(text).width
    if (printed.has(text) || px - w / 2 < lastRight + 6 || px + w / 2 > width) continue
    printed.add(text)
    ctx.fillText(text, px, plot.top + plot.height + 6)
    lastRight = px + w / 2
  }

  if (n === 0) return { plot, x: xs, y: ys }
  if (spec.kind === 'bar') drawBars(ctx, spec, xs, ys, span, theme)
  else drawLine(ctx, spec, xs, ys, plot, theme)
  return { plot, x: xs, y: ys }
}

function drawLine(
  ctx: CanvasRenderingContext2D,
  spec: ChartSpec,
  xs: LinearScale,
  ys: LinearScale,
  plot: Plot,
  theme: ChartTheme
): void {
  // At most four points per pixel column reach the path: mounting 10k points stays cheap (T3).
  const d = decimateMinMax({ xs: spec.xs, ys: spec.ys }, xs.d0, xs.d1, plot.width)
  ctx.beginPath()
  for (let i = 0; i < d.xs.length; i++) {
    const px = xs.map(d.xs[i])
    const py = ys.map(d.ys[i])
    if (i === 0) ctx.moveTo(px, py)
    else ctx.lineTo(px, py)
  }
  ctx.strokeStyle = theme.line
  ctx.lineWidth = 2
  ctx.lineJoin = 'round'
  ctx.stroke()
  // The area under the line, closed along the bottom of the plot.
  ctx.lineTo(xs.map(d.xs[d.xs.length - 1]), plot.top + plot.height)
  ctx.lineTo(xs.map(d.xs[0]), plot.top + plot.height)
  ctx.closePath()
  ctx.fillStyle = theme.fill
  ctx.fill()
  if (d.xs.length === 1) {
    ctx.beginPath()
    ctx.arc(xs.map(d.xs[0]), ys.map(d.ys[0]), 3, 0, Math.PI * 2)
    ctx.fillStyle = theme.line
    ctx.fill()
  }
}

function drawBars(
  ctx: CanvasRenderingContext2D,
  spec: ChartSpec,
  xs: LinearScale,
  ys: LinearScale,
  span: number,
  theme: ChartTheme
): void {
  const base = ys.map(0)
  const w = Math.max(1, xs.map(xs.d0 + span) - xs.map(xs.d0))
  const gap = w > 6 ? Math.min(6, w * 0.2) : 0
  ctx.fillStyle = theme.line
  for (let i = 0; i < spec.xs.length; i++) {
    const px = xs.map(spec.xs[i])
    const py = ys.map(spec.ys[i])
    ctx.fillRect(px + gap / 2, Math.min(py, base), w - gap, Math.max(1, Math.abs(base - py)))
  }
}

/** The hover marker on the overlay: a vertical rule at the point and a dot (line) or outline (bar). */
export function drawHover(
  ctx: CanvasRenderingContext2D,
  g: Geometry,
  spec: ChartSpec,
  index: number,
  width: number,
  height: number,
  theme: ChartTheme
): void {
  ctx.clearRect(0, 0, width, height)
  if (index < 0 || index >= spec.xs.length) return
  const px =
    spec.kind === 'bar' ? g.x.map(spec.xs[index] + (spec.barSpanMs ?? 86_400_000) / 2) : g.x.map(spec.xs[index])
  const py = g.y.map(spec.ys[index])
  ctx.strokeStyle = theme.hover
  ctx.lineWidth = 1
  ctx.beginPath()
  ctx.moveTo(Math.round(px) + 0.5, g.plot.top)
  ctx.lineTo(Math.round(px) + 0.5, g.plot.top + g.plot.height)
  ctx.stroke()
  ctx.beginPath()
  ctx.arc(px, py, 4, 0, Math.PI * 2)
  ctx.fillStyle = theme.hover
  ctx.fill()
}
