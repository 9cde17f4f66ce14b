/**
 * T3's page script, never imported by the app (bench/metrics/t3.ts bundles it with esbuild; it lives
 * here so the renderer's typecheck and lint cover it): mounts the balance chart with a
 * series, or draws the same series as one raw canvas polyline, each measured synchronously up to a
 * forced raster (getImageData), so both arms pay for the pixels, not only for recording commands.
 */
import { flushSync } from 'react-dom'
import { createRoot } from 'react-dom/client'
import { CanvasChart } from '../CanvasChart'
import type { ChartSpec } from '../draw'

const WIDTH = 800
const HEIGHT = 180

function series(n: number): { xs: Float64Array; ys: Float64Array } {
  const xs = new Float64Array(n)
  const ys = new Float64Array(n)
  let v = 40_000_000
  const t0 = Date.UTC(2026, 0, 1)
  for (let i = 0; i < n; i++) {
    xs[i] = t0 + i * 600_000
    // A spending curve with noise and a few top-ups (deterministic).
    v -= 1500 + ((i * 7919) % 2000)
    if (i % 2500 === 2499) v += 9_000_000
    ys[i] = v
  }
  return { xs, ys }
}

function host(): HTMLDivElement {
  const div = document.createElement('div')
  div.style.width = `${WIDTH}px`
  document.body.appendChild(div)
  return div
}

const fmtY = new Intl.NumberFormat('en', { notation: 'compact', maximumFractionDigits: 1 })
const fmtX = new Intl.DateTimeFormat('en', { month: 'short', day: 'numeric' })

const api = {
  mountChart(n: number): number {
    const { xs, ys } = series(n)
    const spec: ChartSpec = { kind: 'line', xs, ys, formatX: (t) => fmtX.format(t), formatY: (v) => fmtY.format(v) }
    const div = host()
    const t0 = performance.now()
    const root = createRoot(div)
    flushSync(() =>
      root.render(
        <CanvasChart spec={spec} label="Available quota over time" readout={(i) => String(ys[i])} height={HEIGHT} />
      )
    )
    const canvas = div.querySelector('canvas')!
    canvas.getContext('2d')!.getImageData(0, 0, 1, 1)
    const ms = performance.now() - t0
    const drawn = canvas.width > 0
    root.unmount()
    div.remove()
    if (!drawn) throw new Error('the chart did not draw')
    return ms
  },
  rawPolyline(n: number): number {
    const { xs, ys } = series(n)
    const div = host()
    const t0 = performance.now()
    const canvas = document.createElement('canvas')
    const dpr = window.devicePixelRatio || 1
    canvas.width = Math.round(WIDTH * dpr)
    canvas.height = Math.round(HEIGHT * dpr)
    canvas.style.width = `${WIDTH}px`
    div.appendChild(canvas)
    const ctx = canvas.getContext('2d')!
    ctx.setTransform(dpr, 0, 0, dpr, 0, 0)
    let lo = Infinity
    let hi = -Infinity
    for (let i = 0; i < n; i++) {
      if (ys[i] < lo) lo = ys[i]
      if (ys[i] > hi) hi = ys[i]
    }
    const kx = WIDTH / (xs[n - 1] - xs[0] || 1)
    const ky = HEIGHT / (hi - lo || 1)
    ctx.beginPath()
    for (let i = 0; i < n; i++) {
      const x = (xs[i] - xs[0]) * kx
      const y = HEIGHT - (ys[i] - lo) * ky
      if (i === 0) ctx.moveTo(x, y)
      else ctx.lineTo(x, y)
    }
    ctx.lineWidth = 2
    ctx.strokeStyle = '#4b53c8'
    ctx.stroke()
    ctx.getImageData(0, 0, 1, 1)
    const ms = performance.now() - t0
    div.remove()
    return ms
  }
}

;(window as unknown as { __t3: typeof api }).__t3 = api
