import { ConfirmDialog } from '@renderer/components/ConfirmDialog'
import { useT } from '@renderer/i18n/use-t'
import type { GalleryItem } from '@shared/domain/images'
import { useImagesUi } from '../images-ui-store'
import { useDeleteItem } from '../mutations'

/** Confirms a delete; focus returns to the grid when the item's cell is gone. */
export function DeleteItemDialog({
  item,
  onClose,
  fallbackFocus
}: {
  item: GalleryItem
  onClose: () => void
  fallbackFocus: () => HTMLElement | null
}) {
  const { t } = useT()
  const remove = useDeleteItem()
  const confirm = () =>
    remove.mutate(item.id, {
      onSuccess: () => {
        useImagesUi.getState().setNotice(t('images.gallery.deleted'))
        onClose()
      }
    })
  return (
    <ConfirmDialog
      title={t('images.gallery.deleteTitle')}
      body={
        <>
          <p>{t('images.gallery.deleteBody')}</p>
          {item.prompt && <p className="dialog-quote">“{item.prompt}”</p>}
        </>
      }
      cancelLabel={t('images.common.cancel')}
      confirmLabel={t('images.gallery.delete')}
      busy={remove.isPending}
      error={remove.error}
      onConfirm={confirm}
      onClose={onClose}
      fallbackFocus={fallbackFocus}
    />
  )
}
