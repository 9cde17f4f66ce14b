import { useId, useState, type KeyboardEvent } from 'react'
import { useT } from '@renderer/i18n/use-t'

/** `\n` and `\t` typed in the field mean a line break and a tab (stop sequences often are one). */
function unescape(s: string): string {
  return s.replace(/\\n/g, '\n').replace(/\\t/g, '\t')
}
function shown(s: string): string {
  return s.replace(/\n/g, '\\n').replace(/\t/g, '\\t')
}

export interface StopsFieldProps {
  name: string
  values: readonly string[]
  max: number
  error?: string | null
  onChange: (values: string[]) => void
}

/** A list of stop sequences: type one, Enter (or Add) puts it in the list; each entry can be removed. */
export function StopsField({ name, values, max, error, onChange }: StopsFieldProps) {
  const { t } = useT()
  const id = useId()
  const [entry, setEntry] = useState('')
  const add = () => {
    const value = unescape(entry)
    if (value === '' || values.includes(value)) return setEntry('')
    onChange([...values, value])
    setEntry('')
  }
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key !== 'Enter') return
    e.preventDefault()
    add()
  }
  return (
    <div className="field chat-param">
      <label htmlFor={id} className="field-label chat-param-name">
        {name}
      </label>
      {values.length > 0 && (
        <ul className="chat-stops" aria-label={name}>
          {values.map((v) => (
            <li key={v} className="chat-stop">
              <code>{shown(v)}</code>
              <button
                type="button"
                className="chat-stop-remove"
                aria-label={t('chat.params.stops.remove', { value: shown(v) })}
                onClick={() => onChange(values.filter((x) => x !== v))}
              >
                ×
              </button>
            </li>
          ))}
        </ul>
      )}
      <div className="chat-stops-entry">
        <input
          id={id}
          className="input"
          value={entry}
          aria-invalid={error ? true : undefined}
          aria-describedby={`${error ? `${id}-error ` : ''}${id}-help`}
          onChange={(e) => setEntry(e.target.value)}
          onKeyDown={onKeyDown}
        />
        {/* Named just "Add": a name containing the field's ("stop") would collide with the composer's Stop. */}
        <button type="button" className="button button-small" aria-describedby={`${id}-help`} onClick={add}>
          {t('chat.params.stops.add')}
        </button>
      </div>
      {error && (
        <p id={`${id}-error`} className="field-error">
          {error}
        </p>
      )}
      <p id={`${id}-help`} className="field-help">
        {t('chat.params.stops.help', { max })}
      </p>
    </div>
  )
}
