import { Dialog } from '@renderer/components/Dialog'
import { LineagePanel } from '@renderer/components/lineage/LineagePanel'
import { VersionTreeView } from '@renderer/components/lineage/VersionTreeView'
import { useT } from '@renderer/i18n/use-t'
import { errorMessage } from '@renderer/lib/error-text'
import { useGalleryItem } from '../queries'
import { useItemDetails } from './details-store'
import { ItemFacts } from './ItemFacts'
import type { GalleryActions } from './use-gallery-actions'

type FlowAction = 'edit' | 'firstFrame' | 'lastFrame' | 'videoReference'
const FLOWS: readonly (readonly [
  FlowAction,
  'flows.gallery.editWithMask' | `flows.gallery.${Exclude<FlowAction, 'edit'>}`
])[] = [
  ['edit', 'flows.gallery.editWithMask'],
  ['firstFrame', 'flows.gallery.firstFrame'],
  ['lastFrame', 'flows.gallery.lastFrame'],
  ['videoReference', 'flows.gallery.videoReference']
]

/**
 * A gallery image's details: what it is (prompt, model, size), where it came from and what was made
 * from it (lineage, across areas), and where it can go next.
 */
export function ItemDetails({ actions }: { actions: Pick<GalleryActions, FlowAction> }) {
  const { t } = useT()
  const itemId = useItemDetails((s) => s.itemId)
  const close = useItemDetails((s) => s.close)
  const q = useGalleryItem(itemId)
  if (!itemId) return null
  const item = q.data
  return (
    <Dialog title={t('flows.gallery.detailsTitle')} onClose={close} className="item-details">
      {q.isError && (
        <p className="field-error">
          {t('flows.gallery.gone')} {errorMessage(q.error)}
        </p>
      )}
      {item && (
        <>
          <img className="item-details-image" src={item.url} alt="" style={{ maxWidth: '100%', maxHeight: 240 }} />
          <ItemFacts item={item} facts={['prompt', 'model', 'origin', 'size', 'created']} />
          <LineagePanel of={{ kind: 'image', id: item.id }} onShow={close} />
          <VersionTreeView itemId={item.id} onShow={close} />
          <div className="dialog-actions">
            {FLOWS.map(([action, label]) => (
              <button
                key={action}
                type="button"
                className="button"
                onClick={() => {
                  close()
                  actions[action](item)
                }}
              >
                {t(label)}
              </button>
            ))}
            <span className="dialog-actions-spacer" />
            <button type="button" className="button" onClick={close}>
              {t('flows.gallery.close')}
            </button>
          </div>
        </>
      )}
    </Dialog>
  )
}
