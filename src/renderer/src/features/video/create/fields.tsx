/** Labelled controls of the video forms; help and error texts are each control's accessible description. */
import { useId, type ReactNode } from 'react'
import { describedBy, LabeledField, Notes } from '@renderer/components/form/LabeledField'
import { useT } from '@renderer/i18n/use-t'

export type ErrorFor = (field: string) => string | null

export function TextInput(p: {
  label: string
  value: string
  onChange: (value: string) => void
  error?: string | null
  help?: ReactNode
  placeholder?: string
  inputMode?: 'numeric' | 'text' | 'url'
  disabled?: boolean
  list?: string
  type?: 'text' | 'url' | 'date' | 'search'
}) {
  return (
    <LabeledField label={p.label} error={p.error} help={p.help}>
      {(control) => (
        <input
          {...control}
          className="input"
          type={p.type ?? 'text'}
          value={p.value}
          inputMode={p.inputMode}
          placeholder={p.placeholder}
          disabled={p.disabled}
          list={p.list}
          onChange={(e) => p.onChange(e.target.value)}
        />
      )}
    </LabeledField>
  )
}

/** A textarea with a live character count against its limit (the count is part of the help). */
export function TextArea(p: {
  label: string
  value: string
  onChange: (value: string) => void
  error?: string | null
  help?: ReactNode
  max?: number
  rows?: number
  mono?: boolean
  disabled?: boolean
}) {
  const { t } = useT()
  const over = p.max !== undefined && p.value.length > p.max
  const count =
    p.max === undefined ? null : (
      <span className={over ? 'field-count field-count-over' : 'field-count'}>
        {t('video.form.promptCount', {
          count: p.value.length.toLocaleString('en-US'),
          max: p.max.toLocaleString('en-US')
        })}
      </span>
    )
  const help =
    p.help || count ? (
      <>
        {count}
        {p.help && <span> {p.help}</span>}
      </>
    ) : undefined
  return (
    <LabeledField label={p.label} error={p.error} help={help}>
      {(control) => (
        <textarea
          {...control}
          className={p.mono ? 'input textarea video-mono' : 'input textarea'}
          rows={p.rows ?? 3}
          value={p.value}
          disabled={p.disabled}
          onChange={(e) => p.onChange(e.target.value)}
        />
      )}
    </LabeledField>
  )
}

export function CheckField(p: {
  label: string
  checked: boolean
  onChange: (v: boolean) => void
  help?: ReactNode
  error?: string | null
  disabled?: boolean
}) {
  const id = useId()
  return (
    <div className="field field-check">
      <label className="choice" htmlFor={id}>
        <input
          id={id}
          type="checkbox"
          checked={p.checked}
          disabled={p.disabled}
          onChange={(e) => p.onChange(e.target.checked)}
          aria-invalid={p.error ? true : undefined}
          aria-describedby={describedBy(id, p.error, p.help)}
        />
        <span className="choice-label">{p.label}</span>
      </label>
      <Notes id={id} error={p.error} help={p.help} />
    </div>
  )
}
