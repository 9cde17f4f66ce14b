import '@renderer/components/compare/compare.css'
import { CompareCellFrame } from '@renderer/components/compare/CompareCellFrame'
import { CompareRunsBoard } from '@renderer/components/compare/CompareRunsBoard'
import { IconButton } from '@renderer/components/IconButton'
import { MoreMenu } from '@renderer/components/menu/MoreMenu'
import { useT } from '@renderer/i18n/use-t'
import { useKeepCell } from '@renderer/lib/compare/runs'
import { useHandoff } from '@renderer/store/handoff'
import type { CompareCell, CompareRunOf, MediaCompareArea } from '@shared/domain/compare'
import type { GalleryItem } from '@shared/domain/images'
import { useGenerateDraft } from '../generate/draft-store'
import { useImagesUi } from '../images-ui-store'
import { familyLabelKey } from './plan'

/** Continue from a result: edit it here, animate from or towards it in Video, or send it back into the form as a reference. */
function ItemActions({ item }: { item: GalleryItem }) {
  const { t } = useT()
  const label = item.prompt.slice(0, 60) || item.model
  const toVideo = (slot: 'first' | 'last') =>
    useHandoff.getState().send({ kind: 'video-frame', slot, itemId: item.id, label, thumbUrl: item.url })
  // Edit at hand; the hand-offs in "More", so a narrow cell never overflows.
  return (
    <>
      <IconButton
        icon="edit"
        label={t('compareRuns.board.edit')}
        onClick={() =>
          useImagesUi.getState().openEditor({
            ref: { kind: 'gallery', itemId: item.id },
            url: item.url,
            width: item.width,
            height: item.height,
            label
          })
        }
      />
      <MoreMenu
        items={[
          { key: 'first', label: t('compareRuns.board.firstFrame'), onSelect: () => toVideo('first') },
          { key: 'last', label: t('compareRuns.board.lastFrame'), onSelect: () => toVideo('last') },
          {
            key: 'reference',
            label: t('compareRuns.board.reference'),
            onSelect: () => {
              if (
                useGenerateDraft
                  .getState()
                  .addReference({ ref: { kind: 'gallery', itemId: item.id }, label, thumbUrl: item.url })
              )
                useImagesUi.getState().setNotice(t('compareRuns.board.referenceAdded'))
            }
          }
        ]}
      />
    </>
  )
}

function Cell({ run, cell, index }: { run: CompareRunOf<MediaCompareArea>; cell: CompareCell; index: number }) {
  const { t } = useT()
  const keep = useKeepCell()
  const items = cell.items ?? []
  const family = cell.family === 'imagegen' || cell.family === 'image2' ? t(familyLabelKey(cell.family)) : cell.family
  return (
    <CompareCellFrame
      cell={cell}
      familyLabel={family}
      kept={run.keptIndex === index}
      keeping={keep.isPending}
      onKeep={() => keep.mutate({ runId: run.id, index })}
      actions={items[0] && <ItemActions item={items[0]} />}
    >
      {items.length > 0
        ? items.map((item) => (
            <img
              key={item.id}
              src={item.url}
              alt={`${cell.model}: ${item.prompt}`}
              width={item.width}
              height={item.height}
              className="compare-image"
              loading="lazy"
            />
          ))
        : cell.state === 'done' && <p className="field-help">{t('compareRuns.board.noResult')}</p>}
    </CompareCellFrame>
  )
}

/** The side-by-side board of the images area's compare runs, newest first. */
export function CompareBoard() {
  return <CompareRunsBoard area="images" Cell={Cell} />
}
