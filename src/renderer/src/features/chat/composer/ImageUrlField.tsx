import { useState, type KeyboardEvent } from 'react'
import { LabeledField } from '@renderer/components/form/LabeledField'
import { useT } from '@renderer/i18n/use-t'
import { imageUrl } from './attachment-rules'

/** Attaches an image by address (formats whose requests carry image URLs). */
export function ImageUrlField({ onAdd }: { onAdd: (url: string) => boolean }) {
  const { t } = useT()
  const [value, setValue] = useState('')
  const [error, setError] = useState<string | null>(null)
  const add = () => {
    const url = imageUrl(value)
    if (!url) return setError(t('chat.composer.badImageUrl'))
    if (!onAdd(url)) return setError(t('chat.composer.tooMany'))
    setValue('')
    setError(null)
  }
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key !== 'Enter') return
    e.preventDefault()
    add()
  }
  return (
    <LabeledField label={t('chat.composer.imageUrl')} labelClassName="sr-only" error={error} className="chat-image-url">
      {(control) => (
        <>
          <input
            {...control}
            className="input"
            // Shown only when the user asked for it: the address is what they came to type.
            autoFocus
            type="url"
            value={value}
            placeholder={t('chat.composer.imageUrlPlaceholder')}
            onChange={(e) => setValue(e.target.value)}
            onKeyDown={onKeyDown}
          />
          <button type="button" className="button button-small" onClick={add}>
            {t('chat.composer.addImageUrl')}
          </button>
        </>
      )}
    </LabeledField>
  )
}
