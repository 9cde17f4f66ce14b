import { useId, useState, type FormEvent, type KeyboardEvent } from 'react'
import { useT } from '@renderer/i18n/use-t'
import type { EditorSource } from '../../images-ui-store'
import {
  clampBox,
  initialBox,
  TYPED_BIG_STEP,
  typedSelection,
  type TypedBox,
  type TypedShape
} from '../model/typed-selection'
import { usePainterStore } from '../state/painter-store'

const FIELDS = ['x', 'y', 'width', 'height'] as const
type Field = (typeof FIELDS)[number]

const asText = (b: TypedBox): Record<Field, string> => ({
  x: String(b.x),
  y: String(b.y),
  width: String(b.width),
  height: String(b.height)
})

/**
 * Select by coordinates: a rectangle or an ellipse typed in image pixels, or moved and sized with
 * the arrow keys in its fields (Shift: 10 px at a time). Enter (or the button) adds it to the mask
 * or cuts it from it, as the toolbar's Add / Subtract says: the keyboard's way to select.
 */
export function TypedSelection({ source }: { source: EditorSource }) {
  const { t } = useT()
  const helpId = useId()
  const selectMode = usePainterStore((s) => s.selectMode)
  const [shape, setShape] = useState<TypedShape>('rect')
  // What the fields hold, as typed (a field may be empty mid-edit); clamped when it is used.
  const [text, setText] = useState<Record<Field, string>>(() => asText(initialBox(source.width, source.height)))
  const max = { x: source.width - 1, y: source.height - 1, width: source.width, height: source.height }
  const box = (): TypedBox =>
    clampBox(
      { x: Number(text.x), y: Number(text.y), width: Number(text.width), height: Number(text.height) },
      source.width,
      source.height
    )

  const onKeyDown = (field: Field) => (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key !== 'ArrowUp' && e.key !== 'ArrowDown') return
    // Stepped here rather than by the number field itself: the same 1 px / 10 px in every engine,
    // and the box stays clamped to the image as it moves.
    e.preventDefault()
    const step = (e.shiftKey ? TYPED_BIG_STEP : 1) * (e.key === 'ArrowUp' ? 1 : -1)
    const b = box()
    setText(asText(clampBox({ ...b, [field]: b[field] + step }, source.width, source.height)))
  }
  const submit = (e: FormEvent) => {
    e.preventDefault()
    const b = box()
    setText(asText(b))
    const store = usePainterStore.getState()
    store.commit(typedSelection(shape, selectMode, b, source.width, source.height))
    store.setNotice({ tone: 'info', key: selectMode === 'add' ? 'typedAdded' : 'typedSubtracted', values: { ...b } })
  }

  return (
    <details className="painter-typed">
      <summary>{t('images.painter.typed.open')}</summary>
      <form
        className="painter-typed-form"
        aria-label={t('images.painter.typed.open')}
        aria-describedby={helpId}
        onSubmit={submit}
      >
        <p id={helpId} className="field-help">
          {t('images.painter.typed.help', { width: source.width, height: source.height })}
        </p>
        <div className="painter-typed-fields">
          <label className="field-inline">
            <span className="field-label">{t('images.painter.typed.shape')}</span>
            <select className="select" value={shape} onChange={(e) => setShape(e.target.value as TypedShape)}>
              <option value="rect">{t('images.painter.tools.rect')}</option>
              <option value="ellipse">{t('images.painter.tools.ellipse')}</option>
            </select>
          </label>
          {FIELDS.map((f) => (
            <label key={f} className="field-inline">
              <span className="field-label">{t(`images.painter.typed.${f}`)}</span>
              <input
                className="input painter-typed-number"
                type="number"
                inputMode="numeric"
                min={f === 'x' || f === 'y' ? 0 : 1}
                max={max[f]}
                step={1}
                value={text[f]}
                onKeyDown={onKeyDown(f)}
                onChange={(e) => setText((v) => ({ ...v, [f]: e.target.value }))}
              />
            </label>
          ))}
          <button type="submit" className="button button-small">
            {t(selectMode === 'add' ? 'images.painter.typed.add' : 'images.painter.typed.subtract')}
          </button>
        </div>
      </form>
    </details>
  )
}
