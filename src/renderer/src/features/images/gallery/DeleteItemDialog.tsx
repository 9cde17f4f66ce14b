import { useId, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Dialog } from '@renderer/components/Dialog'
import type { GalleryItem } from '@shared/domain/images'
import { errorMessage } from '@renderer/lib/error-text'
import { useImagesUi } from '../images-ui-store'
import { useDeleteItem } from '../mutations'

/** Confirms a delete; focus returns to the grid when the item's cell is gone. */
export function DeleteItemDialog({ item, onClose, fallbackFocus }: { item: GalleryItem; onClose: () => void; fallbackFocus: () => HTMLElement | null }) {
  const { t } = useTranslation()
  const bodyId = useId()
  const remove = useDeleteItem()
  const [error, setError] = useState<string | null>(null)
  const confirm = () =>
    remove.mutate(item.id, {
      onSuccess: () => {
        useImagesUi.getState().setNotice(t('images.gallery.deleted'))
        onClose()
      },
      onError: (err) => setError(errorMessage(err))
    })
  return (
    <Dialog title={t('images.gallery.deleteTitle')} role="alertdialog" describedBy={bodyId} onClose={onClose} busy={remove.isPending} fallbackFocus={fallbackFocus}>
      <p id={bodyId}>{t('images.gallery.deleteBody')}</p>
      {item.prompt && <p className="dialog-quote">“{item.prompt}”</p>}
      {error && (
        <p role="alert" className="field-error">
          {error}
        </p>
      )}
      <div className="dialog-actions">
        <button type="button" className="button" onClick={onClose}>
          {t('images.common.cancel')}
        </button>
        <button type="button" className="button button-danger-solid" onClick={confirm} aria-busy={remove.isPending || undefined}>
          {t('images.gallery.delete')}
        </button>
      </div>
    </Dialog>
  )
}
