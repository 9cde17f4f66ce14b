import { useCallback, useState, type KeyboardEvent } from 'react'
import { useT } from '@renderer/i18n/use-t'

/** Inline title editor: Enter or leaving the field saves, Escape cancels. */
export function RenameField({
  title,
  onSave,
  onCancel
}: {
  title: string
  onSave: (title: string) => void
  onCancel: () => void
}) {
  const { t } = useT()
  const [value, setValue] = useState(title)
  // Stable, so focus moves in and the text is selected once when the field appears, not on every keystroke.
  const selectAll = useCallback((el: HTMLInputElement | null) => {
    el?.focus()
    el?.select()
  }, [])
  const commit = () => {
    const next = value.trim()
    if (next === '' || next === title) onCancel()
    else onSave(next)
  }
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'Enter') {
      e.preventDefault()
      commit()
    } else if (e.key === 'Escape') {
      e.preventDefault()
      e.stopPropagation()
      onCancel()
    }
  }
  return (
    <input
      className="input chat-conv-rename"
      aria-label={t('chat.list.titleField')}
      value={value}
      maxLength={200}
      ref={selectAll}
      onChange={(e) => setValue(e.target.value)}
      onKeyDown={onKeyDown}
      onBlur={commit}
    />
  )
}
