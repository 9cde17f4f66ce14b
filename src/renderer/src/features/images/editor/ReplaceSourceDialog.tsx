import { useEffect } from 'react'
import { ConfirmDialog } from '@renderer/components/ConfirmDialog'
import { useT } from '@renderer/i18n/use-t'
import { useReplaceSource } from './state/replace-source'

/** Asks before another picture replaces the source and discards a painted mask that was never sent. */
export function ReplaceSourceDialog() {
  const { t } = useT()
  const pending = useReplaceSource((s) => s.pending)
  // An editor that closes with the question open keeps its picture.
  useEffect(() => () => useReplaceSource.getState().pending?.answer(false), [])
  if (!pending) return null
  return (
    <ConfirmDialog
      title={t('images.editor.replaceSource.title')}
      body={<p>{t('images.editor.replaceSource.body', { name: pending.name })}</p>}
      cancelLabel={t('images.editor.replaceSource.stay')}
      confirmLabel={t('images.editor.replaceSource.replace')}
      busy={false}
      error={null}
      onConfirm={() => pending.answer(true)}
      onClose={() => pending.answer(false)}
      fallbackFocus={() => document.getElementById('editor-title')}
    />
  )
}
