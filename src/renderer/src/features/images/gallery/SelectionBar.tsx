import { useState } from 'react'
import { ConfirmDialog } from '@renderer/components/ConfirmDialog'
import { useT } from '@renderer/i18n/use-t'
import { useImagesUi } from '../images-ui-store'
import { useDeleteItems } from '../mutations'

/**
 * What to do with the images selected in the gallery: delete them all at once (one confirmation,
 * one commit in the host) or clear the selection. Shown only while something is selected.
 */
export function SelectionBar({
  selected,
  onClear,
  fallbackFocus
}: {
  selected: ReadonlySet<string>
  onClear: () => void
  fallbackFocus: () => HTMLElement | null
}) {
  const { t } = useT()
  const [confirming, setConfirming] = useState(false)
  const remove = useDeleteItems()
  if (selected.size === 0) return null
  const count = selected.size
  const confirm = () =>
    remove.mutate([...selected], {
      onSuccess: (deleted) => {
        useImagesUi.getState().setNotice(t('images.gallery.deletedMany', { count: deleted }))
        setConfirming(false)
        onClear()
      }
    })
  return (
    <div className="gallery-selection" role="toolbar" aria-label={t('images.gallery.selection')}>
      <span role="status">{t('images.gallery.selectedCount', { count })}</span>
      <button type="button" className="button button-small button-danger" onClick={() => setConfirming(true)}>
        {t('images.gallery.deleteSelected')}
      </button>
      <button type="button" className="button button-small" onClick={onClear}>
        {t('images.gallery.clearSelection')}
      </button>
      {confirming && (
        <ConfirmDialog
          title={t('images.gallery.deleteManyTitle', { count })}
          body={<p>{t('images.gallery.deleteManyBody', { count })}</p>}
          cancelLabel={t('images.common.cancel')}
          confirmLabel={t('images.gallery.deleteMany', { count })}
          busy={remove.isPending}
          error={remove.error}
          onConfirm={confirm}
          onClose={() => setConfirming(false)}
          fallbackFocus={fallbackFocus}
        />
      )}
    </div>
  )
}
