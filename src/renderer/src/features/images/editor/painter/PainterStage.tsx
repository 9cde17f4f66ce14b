import { memo, useEffect, useLayoutEffect, useRef, useState, type RefObject } from 'react'
import { useT } from '@renderer/i18n/use-t'
import type { EditorSource } from '../../images-ui-store'
import type { SourceBitmaps } from '../canvas/display-layers'
import { afterNextFrame, reduceSource, releaseBitmaps, takeSource } from '../canvas/load-source'
import { PainterEngine } from '../canvas/painter-engine'
import { isSelectionTool } from '../state/painter-prefs'
import { usePainterStore } from '../state/painter-store'
import { usePainterInput } from './use-painter-input'

/** Before the first layout (and in layout-less test DOMs) assume a typical stage. */
const FALLBACK = { w: 800, h: 600 }

function engineFor(source: EditorSource, canvases: ConstructorParameters<typeof PainterEngine>[1]): PainterEngine {
  return new PainterEngine(
    {
      imageWidth: source.width,
      imageHeight: source.height,
      brush: () => {
        const s = usePainterStore.getState()
        return { size: s.size, hardness: s.hardness }
      },
      ops: () => usePainterStore.getState().history.ops,
      commit: (op) => usePainterStore.getState().commit(op),
      selecting: () => isSelectionTool(usePainterStore.getState().tool),
      onZoom: (percent) => usePainterStore.getState().setZoomPercent(percent)
    },
    canvases
  )
}

export interface PainterStageProps {
  source: EditorSource
  engineRef: RefObject<PainterEngine | null>
  describedBy: string
}

/**
 * The stage: image layer, mask overlay and brush cursor, stacked. A thin component: it mounts the
 * canvases once and hands them to the engine; it re-renders only for opacity, compare or a load
 * error (memo), never for a pointer move or a stroke.
 */
export const PainterStage = memo(function PainterStage({ source, engineRef, describedBy }: PainterStageProps) {
  const { t } = useT()
  const stageRef = useRef<HTMLDivElement>(null)
  const imageRef = useRef<HTMLCanvasElement>(null)
  const maskRef = useRef<HTMLCanvasElement>(null)
  const cursorRef = useRef<HTMLDivElement>(null)
  const outlineRef = useRef<SVGPathElement>(null)
  const [loadError, setLoadError] = useState(false)
  const opacity = usePainterStore((s) => s.opacity)
  const compare = usePainterStore((s) => s.compare)
  const selecting = usePainterStore((s) => isSelectionTool(s.tool))
  const { url, width, height } = source

  useLayoutEffect(() => {
    const stage = stageRef.current!
    const engine = engineFor(source, {
      image: imageRef.current,
      mask: maskRef.current,
      cursor: cursorRef.current,
      outline: outlineRef.current
    })
    engineRef.current = engine
    const unsubscribe = usePainterStore.subscribe((s, prev) => {
      if (s.history !== prev.history) engine.syncOps(s.history.ops)
      if (s.size !== prev.size || s.hardness !== prev.hardness) engine.brushChanged()
    })
    const measure = () =>
      engine.resize(stage.clientWidth || FALLBACK.w, stage.clientHeight || FALLBACK.h, window.devicePixelRatio || 1)
    measure()
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(measure)
    observer?.observe(stage)
    return () => {
      unsubscribe()
      observer?.disconnect()
      engine.destroy()
      if (engineRef.current === engine) engineRef.current = null
    }
    // The engine is per source image; `source` itself is a new object on every store change.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [url, width, height, engineRef])

  const { local } = source
  useEffect(() => {
    let cancelled = false
    // Bitmaps this source decoded; closed when the session ends (or at once, if it already has).
    const held: Array<Partial<SourceBitmaps>> = []
    const hold = (b: Partial<SourceBitmaps>) => (cancelled ? releaseBitmaps(b) : held.push(b))
    setLoadError(false)
    takeSource(url, local).then(
      async ({ bitmaps, from }) => {
        hold(bitmaps)
        if (cancelled) return
        engineRef.current?.setSource(bitmaps)
        // The reduced copy comes after the first paint: opening costs one decode, not two.
        await afterNextFrame()
        if (cancelled) return
        const reduced = await reduceSource(local ?? from, width, height).catch(() => null)
        if (reduced) hold({ reduced: reduced.reduced })
        if (!cancelled && reduced) engineRef.current?.setSource({ ...bitmaps, ...reduced })
      },
      () => {
        if (!cancelled) setLoadError(true)
      }
    )
    return () => {
      cancelled = true
      for (const b of held) releaseBitmaps(b)
    }
  }, [url, local, width, height, engineRef])

  usePainterInput(stageRef, engineRef)

  return (
    <div
      ref={stageRef}
      className="painter-stage"
      tabIndex={0}
      role="application"
      aria-label={t('images.painter.stage')}
      aria-describedby={describedBy}
      data-compare={compare || undefined}
      data-selecting={selecting || undefined}
      data-testid="painter-stage"
    >
      <canvas ref={imageRef} className="painter-layer" aria-hidden="true" />
      <canvas
        ref={maskRef}
        className="painter-layer painter-mask"
        aria-hidden="true"
        style={{ opacity }}
        data-testid="mask-canvas"
      />
      <div ref={cursorRef} className="brush-cursor" hidden aria-hidden="true" />
      <svg className="painter-layer selection-outline" aria-hidden="true">
        <path ref={outlineRef} data-testid="selection-outline" />
      </svg>
      {loadError && (
        <p role="alert" className="painter-error">
          {t('images.editor.loadFailed')}
        </p>
      )}
    </div>
  )
})
