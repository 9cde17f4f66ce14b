/** What each gallery item offers, in one place for the cell buttons and the grid's keys. */
import { useCallback, useMemo } from 'react'
import { useT } from '@renderer/i18n/use-t'
import { downloadUrl } from '@renderer/lib/download'
import { errorMessage } from '@renderer/lib/error-text'
import { useHandoff } from '@renderer/store/handoff'
import type { GalleryItem } from '@shared/domain/images'
import { sourceOfItem } from '../editor/source'
import { useGenerateDraft } from '../generate/draft-store'
import { useImagesUi } from '../images-ui-store'
import { useExportItem, useFavorite } from '../mutations'
import { useItemDetails } from './details-store'

export interface GalleryActions {
  toggleFavorite(item: GalleryItem): void
  useAsReference(item: GalleryItem): void
  edit(item: GalleryItem): void
  copyPrompt(item: GalleryItem): void
  exportItem(item: GalleryItem): void
  askDelete(item: GalleryItem): void
  /** Into the video Create form (hand-off 'video-frame'). */
  firstFrame(item: GalleryItem): void
  lastFrame(item: GalleryItem): void
  videoReference(item: GalleryItem): void
  /** What it is, where it came from and what was made from it. */
  details(item: GalleryItem): void
}

export function useGalleryActions(askDelete: (item: GalleryItem) => void): GalleryActions {
  const { t } = useT()
  const favorite = useFavorite()
  const exporter = useExportItem()
  const say = useImagesUi((s) => s.setNotice)
  const failed = useCallback(
    (err: unknown) => say(t('images.gallery.actionFailed', { message: errorMessage(err) })),
    [say, t]
  )
  const label = useCallback((item: GalleryItem) => item.prompt || t('images.gallery.untitled'), [t])

  const toVideo = useCallback(
    (item: GalleryItem, slot: 'first' | 'last' | 'reference') =>
      useHandoff
        .getState()
        .send({ kind: 'video-frame', slot, itemId: item.id, label: label(item), thumbUrl: item.url }),
    [label]
  )

  return useMemo<GalleryActions>(
    () => ({
      toggleFavorite: (item) => favorite.mutate({ id: item.id, favorite: !item.favorite }, { onError: failed }),
      useAsReference: (item) => {
        const added = useGenerateDraft
          .getState()
          .addReference({ ref: { kind: 'gallery', itemId: item.id }, label: label(item), thumbUrl: item.url })
        if (added) {
          useImagesUi.getState().setPanel('generate')
          say(t('images.generate.referenceAdded', { name: label(item) }))
        } else say(t('images.problems.tooManyRefs'))
      },
      edit: (item) => useImagesUi.getState().openEditor(sourceOfItem(item)),
      copyPrompt: (item) => {
        const clipboard = typeof navigator === 'undefined' ? undefined : navigator.clipboard
        if (!clipboard) return say(t('images.gallery.copyFailed'))
        clipboard.writeText(item.prompt).then(
          () => say(t('images.gallery.copied')),
          () => say(t('images.gallery.copyFailed'))
        )
      },
      exportItem: (item) =>
        exporter.mutate(item.id, {
          onSuccess: (r) => {
            if (r.downloadUrl) downloadUrl(r.downloadUrl, r.fileName)
            say(t('images.gallery.exported', { fileName: r.fileName }))
          },
          onError: failed
        }),
      askDelete,
      firstFrame: (item) => toVideo(item, 'first'),
      lastFrame: (item) => toVideo(item, 'last'),
      videoReference: (item) => toVideo(item, 'reference'),
      details: (item) => useItemDetails.getState().open(item.id)
    }),
    // Mutation objects change identity every render; their mutate functions are stable.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [favorite.mutate, exporter.mutate, failed, label, say, t, askDelete, toVideo]
  )
}
