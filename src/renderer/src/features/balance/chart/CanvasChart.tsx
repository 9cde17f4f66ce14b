import {
  memo,
  useCallback,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  type KeyboardEvent,
  type PointerEvent
} from 'react'
import { drawChart, drawHover, type ChartSpec, type ChartTheme, type Geometry } from './draw'
import { nearestIndex } from './scale'

export interface CanvasChartProps {
  spec: ChartSpec
  /** The chart's accessible name (what it shows). */
  label: string
  /** The readout line for a hovered or keyboard-selected point. */
  readout(index: number): string
  height?: number
  testId?: string
}

function themeOf(el: Element): ChartTheme {
  const css = getComputedStyle(el)
  const v = (name: string, fallback: string) => css.getPropertyValue(name).trim() || fallback
  return {
    text: v('--text-muted', '#5f6168'),
    grid: v('--border', '#e2e2e6'),
    line: v('--accent', '#4b53c8'),
    fill: v('--accent-soft', '#e9eafb'),
    hover: v('--text', '#1a1b1e'),
    font: `12px ${v('--font-sans', 'sans-serif')}`
  }
}

/**
 * A thin canvas component over the pure drawing in draw.ts: the chart is drawn once per data or
 * size change; the hover marker lives on a second canvas so moving the pointer repaints only it,
 * at most once per animation frame. Arrow keys move the readout for keyboard users.
 */
export const CanvasChart = memo(function CanvasChart({ spec, label, readout, height = 180, testId }: CanvasChartProps) {
  const wrap = useRef<HTMLDivElement>(null)
  const base = useRef<HTMLCanvasElement>(null)
  const overlay = useRef<HTMLCanvasElement>(null)
  const geometry = useRef<Geometry | null>(null)
  const theme = useRef<ChartTheme | null>(null)
  const frame = useRef(0)
  const pending = useRef(-1)
  const [width, setWidth] = useState(0)
  const [index, setIndex] = useState(-1)

  useLayoutEffect(() => {
    const el = wrap.current
    if (!el) return
    setWidth(Math.floor(el.clientWidth))
    if (typeof ResizeObserver === 'undefined') return
    const ro = new ResizeObserver((entries) => setWidth(Math.floor(entries[0].contentRect.width)))
    ro.observe(el)
    return () => ro.disconnect()
  }, [])

  useLayoutEffect(() => {
    const c = base.current
    const o = overlay.current
    if (!c || !o || width <= 0) return
    const dpr = window.devicePixelRatio || 1
    for (const canvas of [c, o]) {
      canvas.width = Math.round(width * dpr)
      canvas.height = Math.round(height * dpr)
    }
    const ctx = c.getContext('2d')
    if (!ctx) return
    theme.current = themeOf(c)
    ctx.setTransform(dpr, 0, 0, dpr, 0, 0)
    geometry.current = drawChart(ctx, spec, width, height, theme.current)
    const octx = o.getContext('2d')
    octx?.setTransform(dpr, 0, 0, dpr, 0, 0)
  }, [spec, width, height])

  const paintHover = useCallback(
    (i: number) => {
      const octx = overlay.current?.getContext('2d')
      if (octx && geometry.current && theme.current)
        drawHover(octx, geometry.current, spec, i, width, height, theme.current)
    },
    [spec, width, height]
  )

  useEffect(() => {
    paintHover(index)
  }, [index, paintHover])

  useEffect(() => () => cancelAnimationFrame(frame.current), [])

  const onPointerMove = (e: PointerEvent<HTMLCanvasElement>) => {
    const g = geometry.current
    if (!g || spec.xs.length === 0) return
    const rect = e.currentTarget.getBoundingClientRect()
    const x = g.x.invert(e.clientX - rect.left) - (spec.kind === 'bar' ? (spec.barSpanMs ?? 86_400_000) / 2 : 0)
    pending.current = nearestIndex(spec.xs, x)
    if (frame.current) return
    // One state update per frame however fast the pointer moves.
    frame.current = requestAnimationFrame(() => {
      frame.current = 0
      setIndex(pending.current)
    })
  }

  const onKeyDown = (e: KeyboardEvent) => {
    const n = spec.xs.length
    if (n === 0) return
    const moves: Record<string, number> = { ArrowLeft: -1, ArrowRight: 1, Home: -n, End: n }
    if (!(e.key in moves)) return
    e.preventDefault()
    setIndex((i) => Math.min(n - 1, Math.max(0, (i < 0 ? n : i) + moves[e.key])))
  }

  const safeIndex = index >= 0 && index < spec.xs.length ? index : -1
  return (
    <figure className="chart" data-testid={testId} data-points={spec.xs.length}>
      <div className="chart-canvas" ref={wrap} style={{ height }}>
        <canvas ref={base} className="chart-layer" style={{ width: '100%', height }} role="img" aria-label={label} />
        <canvas
          ref={overlay}
          className="chart-layer chart-overlay"
          style={{ width: '100%', height }}
          tabIndex={0}
          aria-label={label}
          aria-describedby={testId ? `${testId}-readout` : undefined}
          onPointerMove={onPointerMove}
          onPointerLeave={() => setIndex(-1)}
          onKeyDown={onKeyDown}
          onBlur={() => setIndex(-1)}
        />
      </div>
      <figcaption
        className="chart-readout"
        id={testId ? `${testId}-readout` : undefined}
        aria-live="polite"
        data-testid={testId ? `${testId}-readout` : undefined}
      >
        {safeIndex >= 0 ? readout(safeIndex) : '\u00a0'}
      </figcaption>
    </figure>
  )
})
