import type { MenuItem } from '@renderer/components/menu/MoreMenu'
import type { useT } from '@renderer/i18n/use-t'
import type { GalleryItem } from '@shared/domain/images'
import type { GalleryActions } from './use-gallery-actions'

type T = ReturnType<typeof useT>['t']

/** A gallery tile's "More" menu: everything but Favourite, which stays on the tile. */
export function galleryMenu(t: T, actions: GalleryActions, item: GalleryItem, view: () => void): MenuItem[] {
  return [
    { key: 'view', label: t('images.viewer.open'), onSelect: view },
    { key: 'edit', label: t('images.gallery.edit'), onSelect: () => actions.edit(item) },
    { key: 'firstFrame', label: t('flows.gallery.firstFrame'), onSelect: () => actions.firstFrame(item) },
    { key: 'reference', label: t('images.gallery.useAsReference'), onSelect: () => actions.useAsReference(item) },
    { key: 'copy', label: t('images.gallery.copyPrompt'), onSelect: () => actions.copyPrompt(item) },
    { key: 'export', label: t('images.gallery.export'), onSelect: () => actions.exportItem(item) },
    { key: 'details', label: t('flows.gallery.details'), onSelect: () => actions.details(item) },
    { key: 'delete', label: t('images.gallery.delete'), onSelect: () => actions.askDelete(item), danger: true }
  ]
}
