import { useQueryClient } from '@tanstack/react-query'
import { useT } from '@renderer/i18n/use-t'
import { studio } from '@renderer/lib/studio'
import { useHandoffReceiver } from '@renderer/lib/use-handoff-receiver'
import { sourceOfItem } from './editor/source'
import { useItemDetails } from './gallery/details-store'
import { ItemDetails } from './gallery/ItemDetails'
import { useGalleryActions } from './gallery/use-gallery-actions'
import { useImagesUi } from './images-ui-store'
import { imageKeys } from './queries'

/**
 * What other areas hand to Images: an image to edit with a mask, an image to show (its details and
 * lineage). Renders the details dialog; mounted once by the Images area.
 */
export function ImagesHandoffs() {
  const { t } = useT()
  const queryClient = useQueryClient()
  const actions = useGalleryActions(() => undefined)
  useHandoffReceiver(['image-edit', 'show-image'], (h) => {
    if (h.kind === 'show-image') return useItemDetails.getState().open(h.itemId)
    void queryClient
      .fetchQuery({ queryKey: imageKeys.item(h.itemId), queryFn: () => studio.images.getItem({ id: h.itemId }) })
      .then(
        (item) => useImagesUi.getState().openEditor(sourceOfItem(item)),
        () => useImagesUi.getState().setNotice(t('flows.gallery.gone'))
      )
  })
  return <ItemDetails actions={actions} />
}
