import { useId, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react'
import { useT } from '@renderer/i18n/use-t'
import { byNumber } from '@renderer/lib/versions'
import type { VersionTree } from '@shared/domain/lineage'
import { useVersionName } from './VersionStrip'

const clamp = (v: number) => Math.max(0, Math.min(100, v))

/** Where the split moves for a key, or null when the key is not the slider's (WAI-ARIA slider pattern). */
export function splitForKey(key: string, shift: boolean, at: number): number | null {
  const step = shift ? 10 : 1
  switch (key) {
    case 'ArrowLeft':
    case 'ArrowDown':
      return clamp(at - step)
    case 'ArrowRight':
    case 'ArrowUp':
      return clamp(at + step)
    case 'PageDown':
      return clamp(at - 10)
    case 'PageUp':
      return clamp(at + 10)
    case 'Home':
      return 0
    case 'End':
      return 100
    default:
      return null
  }
}

/**
 * Any two versions in one frame: "before" on the left of the divider, "after" on the right. The
 * divider is a slider (drag it, or the arrow keys); holding "Hold to compare" shows "before" whole.
 */
export function VersionCompare({ tree, beforeId, afterId }: { tree: VersionTree; beforeId: string; afterId: string }) {
  const { t } = useT()
  const name = useVersionName()
  const [before, setBefore] = useState(beforeId)
  const [after, setAfter] = useState(afterId)
  const [split, setSplit] = useState(50)
  const [holding, setHolding] = useState(false)
  const frame = useRef<HTMLDivElement>(null)
  const dragging = useRef(false)
  const ids = useId()
  const nodes = byNumber(tree).filter((n) => n.exists && n.thumbUrl)
  const find = (id: string) => nodes.find((n) => n.id === id) ?? nodes[0]
  const a = find(before)
  const b = find(after)
  if (!a || !b) return null

  const splitAt = (e: PointerEvent) => {
    const box = frame.current?.getBoundingClientRect()
    if (box && box.width > 0) setSplit(clamp(Math.round(((e.clientX - box.left) / box.width) * 100)))
  }
  const onKey = (e: KeyboardEvent) => {
    const next = splitForKey(e.key, e.shiftKey, split)
    if (next === null) return
    e.preventDefault()
    setSplit(next)
  }
  const hold = (on: boolean) => setHolding(on)
  const holdKey = (e: KeyboardEvent, on: boolean) => {
    if (e.key !== ' ' && e.key !== 'Enter') return
    e.preventDefault()
    if (!(on && e.repeat)) hold(on)
  }
  const shown = holding ? 0 : split
  const pick = (label: string, value: string, set: (v: string) => void, id: string) => (
    <label className="field version-pick" htmlFor={id}>
      <span>{label}</span>
      <select className="select" id={id} value={value} onChange={(e) => set(e.target.value)}>
        {nodes.map((n) => (
          <option key={n.id} value={n.id}>
            {name(tree, n)}
          </option>
        ))}
      </select>
    </label>
  )

  return (
    <section className="version-compare" aria-label={t('flows.versions.compare')}>
      <div className="version-compare-bar">
        {pick(t('flows.versions.before'), a.id, setBefore, `${ids}-before`)}
        {pick(t('flows.versions.after'), b.id, setAfter, `${ids}-after`)}
        <button
          type="button"
          className="button button-small"
          aria-pressed={holding}
          title={t('flows.versions.holdTitle')}
          onPointerDown={() => hold(true)}
          onPointerUp={() => hold(false)}
          onPointerLeave={() => hold(false)}
          onKeyDown={(e) => holdKey(e, true)}
          onKeyUp={(e) => holdKey(e, false)}
          onBlur={() => hold(false)}
        >
          {t('flows.versions.hold')}
        </button>
      </div>
      <div
        className="version-compare-frame"
        ref={frame}
        data-testid="version-compare-frame"
        onPointerDown={(e) => {
          dragging.current = true
          e.currentTarget.setPointerCapture?.(e.pointerId)
          splitAt(e)
        }}
        onPointerMove={(e) => dragging.current && splitAt(e)}
        onPointerUp={() => (dragging.current = false)}
        onPointerCancel={() => (dragging.current = false)}
      >
        <img
          className="version-compare-image"
          src={a.thumbUrl}
          alt={t('flows.versions.showing', { name: name(tree, a) })}
          draggable={false}
        />
        <img
          className="version-compare-image version-compare-after"
          src={b.thumbUrl}
          alt={t('flows.versions.showing', { name: name(tree, b) })}
          draggable={false}
          style={{ clipPath: `inset(0 0 0 ${shown}%)` }}
          data-testid="version-compare-after"
        />
        <div
          className="version-divider"
          role="slider"
          tabIndex={0}
          aria-label={t('flows.versions.split')}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={split}
          aria-valuetext={`${split}%`}
          aria-describedby={`${ids}-hint`}
          style={{ left: `${shown}%` }}
          onKeyDown={onKey}
        />
      </div>
      <p className="field-help" id={`${ids}-hint`}>
        {t('flows.versions.splitHint')}
      </p>
    </section>
  )
}
