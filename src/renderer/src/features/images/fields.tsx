/** Small labelled controls shared by the image forms; help and error texts are each control's description. */
import { useId, type ReactNode } from 'react'
import { ChoiceField } from '@renderer/components/form/ChoiceField'
import { describedBy, LabeledField, Notes } from '@renderer/components/form/LabeledField'
import { ModelField } from '@renderer/components/form/ModelField'
import { TextField } from '@renderer/components/form/TextField'
import { useT } from '@renderer/i18n/use-t'
import { useActiveNames } from '@renderer/lib/profiles/queries'
import { modelsOf } from '@shared/domain/gateway-names'
import type { TriState } from './generate/generate-draft'

export function PromptField(p: {
  value: string
  onChange: (value: string) => void
  error?: string | null
  help?: ReactNode
  placeholder?: string
  rows?: number
}) {
  const { t } = useT()
  return (
    <LabeledField label={t('images.common.prompt')} error={p.error} help={p.help}>
      {(control) => (
        <textarea
          {...control}
          className="input textarea"
          rows={p.rows ?? 4}
          value={p.value}
          placeholder={p.placeholder}
          onChange={(e) => p.onChange(e.target.value)}
        />
      )}
    </LabeledField>
  )
}

/** Absent, true and false are three different requests, so this is three radios, not a checkbox. */
export function WatermarkChoice({ value, onChange }: { value: TriState; onChange: (v: TriState) => void }) {
  const { t } = useT()
  const name = useId()
  const options: [TriState, string][] = [
    ['absent', t('images.watermark.absent')],
    ['true', t('images.watermark.on')],
    ['false', t('images.watermark.off')]
  ]
  return (
    <fieldset className="choice-row" aria-describedby={`${name}-help`}>
      <legend className="field-label">{t('images.watermark.legend')}</legend>
      {options.map(([v, label]) => (
        <label key={v} className="choice">
          <input type="radio" name={name} value={v} checked={value === v} onChange={() => onChange(v)} />
          <span className="choice-label">{label}</span>
        </label>
      ))}
      <p id={`${name}-help`} className="field-help">
        {t('images.watermark.help')}
      </p>
    </fieldset>
  )
}

/** A list of URL inputs with add and remove; the list's problem is at `field`, row i's at `<field>.<i>`. */
export function UrlList(p: {
  legend: string
  itemLabel: string
  help: ReactNode
  urls: readonly string[]
  max: number
  onChange: (urls: string[]) => void
  field: string
  errorFor: (field: string) => string | null
}) {
  const { t } = useT()
  const id = useId()
  const error = p.errorFor(p.field)
  return (
    <fieldset className="url-list" aria-describedby={describedBy(id, error, p.help)}>
      <legend className="field-label">{p.legend}</legend>
      {p.urls.map((url, i) => {
        const err = p.errorFor(`${p.field}.${i}`)
        const label = `${p.itemLabel} ${i + 1}`
        return (
          <div key={i} className="url-row">
            <div className="field">
              <input
                className="input"
                type="url"
                aria-label={label}
                value={url}
                placeholder="https://"
                onChange={(e) => p.onChange(p.urls.map((u, k) => (k === i ? e.target.value : u)))}
                aria-invalid={err ? true : undefined}
                aria-describedby={err ? `${id}-e${i}` : undefined}
              />
              {err && (
                <p id={`${id}-e${i}`} className="field-error">
                  {err}
                </p>
              )}
            </div>
            <button
              type="button"
              className="button button-small"
              onClick={() => p.onChange(p.urls.filter((_, k) => k !== i))}
            >
              {t('images.common.removeNamed', { name: label })}
            </button>
          </div>
        )
      })}
      <button
        type="button"
        className="button button-small"
        disabled={p.urls.length >= p.max}
        onClick={() => p.onChange([...p.urls, ''])}
      >
        {t('images.generate.addUrl')}
      </button>
      <Notes id={id} error={error} help={p.help} />
    </fieldset>
  )
}

/** The model combobox of an image form: the active profile's names for the family as suggestions. */
export function ImageModelField(p: {
  family: 'imagegen' | 'image2' | 'native'
  value: string
  onChange: (model: string) => void
  error?: string | null
}) {
  const { t } = useT()
  const names = useActiveNames()
  return (
    <ModelField
      label={t('images.common.model')}
      value={p.value}
      onChange={p.onChange}
      suggestions={modelsOf(names, p.family)}
      error={p.error}
      help={t('images.generate.modelHelp')}
    />
  )
}

/** The rows a generation form starts with: the family's model and the prompt. */
export function ModelAndPrompt(p: {
  family: 'imagegen' | 'image2'
  draft: { model: string; prompt: string }
  patch: (p: { model?: string; prompt?: string }) => void
  errorFor: (field: string) => string | null
}) {
  const { t } = useT()
  return (
    <>
      <ImageModelField
        family={p.family}
        value={p.draft.model}
        onChange={(model) => p.patch({ model })}
        error={p.errorFor('model')}
      />
      <PromptField
        value={p.draft.prompt}
        onChange={(prompt) => p.patch({ prompt })}
        error={p.errorFor('prompt')}
        placeholder={t('images.generate.promptPlaceholder')}
      />
    </>
  )
}

/** The count n, as typed (the form reads it; its range is a rule of the family). */
export function CountField(p: {
  value: string
  onChange: (n: string) => void
  error: string | null
  help: string
  placeholder?: string
}) {
  const { t } = useT()
  return (
    <TextField
      label={t('images.common.count')}
      inputMode="numeric"
      value={p.value}
      placeholder={p.placeholder}
      onChange={(e) => p.onChange(e.target.value)}
      error={p.error}
      help={p.help}
    />
  )
}

/** How the gateway returns the images: its default, an address, or the bytes in base64. */
export function ResponseFormatField(p: {
  value: '' | 'url' | 'b64_json'
  onChange: (v: '' | 'url' | 'b64_json') => void
}) {
  const { t } = useT()
  return (
    <ChoiceField
      label={t('images.common.responseFormat')}
      value={p.value}
      onChange={p.onChange}
      choices={['url', 'b64_json'] as const}
      blank={t('images.common.default')}
      labelOf={(v) => t(v === 'url' ? 'images.common.url' : 'images.common.base64')}
    />
  )
}
