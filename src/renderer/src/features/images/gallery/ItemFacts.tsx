import type { ReactNode } from 'react'
import { useT } from '@renderer/i18n/use-t'
import type { GalleryItem } from '@shared/domain/images'

export type ItemFact = 'prompt' | 'model' | 'origin' | 'size' | 'created'

/** What is known of a gallery image, as the viewer and the details dialog both list it: one row per fact asked for. */
export function ItemFacts({
  item,
  facts,
  className = 'video-dl'
}: {
  item: GalleryItem
  facts: readonly ItemFact[]
  className?: string
}) {
  const { t, i18n } = useT()
  const row: Record<ItemFact, () => [string, ReactNode]> = {
    prompt: () => [t('flows.gallery.prompt'), item.prompt || t('flows.lineage.untitled')],
    model: () => [t('flows.gallery.model'), item.model],
    origin: () => [t('flows.gallery.origin'), t(`images.gallery.origins.${item.origin}`)],
    size: () => [t('flows.gallery.size'), `${item.width}×${item.height}`],
    created: () => [t('flows.gallery.created'), new Date(item.createdAt).toLocaleString(i18n.language)]
  }
  return (
    <dl className={className}>
      {facts.map((fact) => {
        const [term, value] = row[fact]()
        return (
          <div key={fact}>
            <dt>{term}</dt>
            <dd>{value}</dd>
          </div>
        )
      })}
    </dl>
  )
}
