import { useId, useState, type FormEvent } from 'react'
import { useT } from '@renderer/i18n/use-t'
import { errorMessage } from '@renderer/lib/error-text'
import { useDeletePreset, useSavePreset } from '../mutations'
import { usePresets } from '../queries'
import type { ConversationSettings } from '../settings/use-settings'

/** Save the current settings as a named preset, apply one, delete one. */
export function PresetsSection({ settings }: { settings: ConversationSettings }) {
  const { t } = useT()
  const id = useId()
  const presets = usePresets()
  const save = useSavePreset()
  const remove = useDeletePreset()
  const [chosen, setChosen] = useState('')
  const [name, setName] = useState('')
  const [notice, setNotice] = useState<string | null>(null)
  const list = presets.data?.presets ?? []
  const selected = list.find((p) => p.id === chosen) ?? list[0]

  const onSave = (e: FormEvent) => {
    e.preventDefault()
    const { validation, draft } = settings
    if (!validation.ok) return setNotice(t('chat.params.presets.fixFirst'))
    if (name.trim() === '') return
    const { system, params, model } = validation.value
    save.mutate(
      { name: name.trim(), system: draft.format === 'completions' ? '' : system, params, model },
      {
        onSuccess: (p) => (setNotice(t('chat.params.presets.saved', { name: p.name })), setName('')),
        onError: (err) => setNotice(errorMessage(err))
      }
    )
  }
  const onApply = () => {
    if (!selected) return
    if (settings.applyPreset(selected)) setNotice(t('chat.params.presets.applied', { name: selected.name }))
    else
      setNotice(t('chat.params.presets.otherFormat', { format: t(`chat.settings.formats.${selected.params.format}`) }))
  }
  const onDelete = () => {
    if (!selected) return
    remove.mutate(selected.id, {
      onSuccess: () => (setNotice(t('chat.params.presets.deleted')), setChosen('')),
      onError: (err) => setNotice(errorMessage(err))
    })
  }

  return (
    <section className="chat-presets" aria-labelledby={`${id}-heading`}>
      <h3 id={`${id}-heading`} className="chat-panel-subtitle">
        {t('chat.params.presets.heading')}
      </h3>
      <p className="field-help">{t('chat.params.presets.intro')}</p>
      {list.length === 0 ? (
        <p className="muted">{t('chat.params.presets.none')}</p>
      ) : (
        <div className="chat-presets-row">
          <label htmlFor={`${id}-choose`} className="sr-only">
            {t('chat.params.presets.choose')}
          </label>
          <select
            id={`${id}-choose`}
            className="select"
            value={selected?.id ?? ''}
            onChange={(e) => setChosen(e.target.value)}
          >
            {list.map((p) => (
              <option key={p.id} value={p.id}>
                {p.name}
              </option>
            ))}
          </select>
          <button type="button" className="button button-small" onClick={onApply}>
            {t('chat.params.presets.apply')}
          </button>
          <button
            type="button"
            className="button button-small button-danger"
            onClick={onDelete}
            aria-busy={remove.isPending || undefined}
          >
            {t('chat.params.presets.delete')}
          </button>
        </div>
      )}
      <form className="chat-presets-row" onSubmit={onSave}>
        <label htmlFor={`${id}-name`} className="sr-only">
          {t('chat.params.presets.name')}
        </label>
        <input
          id={`${id}-name`}
          className="input"
          value={name}
          maxLength={80}
          placeholder={t('chat.params.presets.name')}
          onChange={(e) => setName(e.target.value)}
        />
        <button type="submit" className="button button-small" aria-busy={save.isPending || undefined}>
          {t('chat.params.presets.save')}
        </button>
      </form>
      <p className="notice" role="status">
        {notice}
      </p>
    </section>
  )
}
