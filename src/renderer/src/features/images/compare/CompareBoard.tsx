import '@renderer/components/compare/compare.css'
import { CompareCellFrame } from '@renderer/components/compare/CompareCellFrame'
import { CompareRunsBoard } from '@renderer/components/compare/CompareRunsBoard'
import { useT } from '@renderer/i18n/use-t'
import { useKeepCell } from '@renderer/lib/compare/runs'
import { useHandoff } from '@renderer/store/handoff'
import type { CompareCell, CompareRun } from '@shared/domain/compare'
import type { GalleryItem } from '@shared/domain/images'
import { useGenerateDraft } from '../generate/draft-store'
import { useImagesUi } from '../images-ui-store'
import { familyLabelKey } from './plan'

/** Continue from a result: edit it here, animate from or towards it in Video, or send it back into the form as a reference. */
function ItemActions({ item }: { item: GalleryItem }) {
  const { t } = useT()
  const label = item.prompt.slice(0, 60) || item.model
  return (
    <>
      <button
        type="button"
        className="button button-small"
        onClick={() => useImagesUi.getState().openEditor({ ref: { kind: 'gallery', itemId: item.id }, url: item.url, width: item.width, height: item.height, label })}
      >
        {t('compareRuns.board.edit')}
      </button>
      <button type="button" className="button button-small" onClick={() => useHandoff.getState().send({ kind: 'video-frame', slot: 'first', itemId: item.id, label, thumbUrl: item.url })}>
        {t('compareRuns.board.firstFrame')}
      </button>
      <button type="button" className="button button-small" onClick={() => useHandoff.getState().send({ kind: 'video-frame', slot: 'last', itemId: item.id, label, thumbUrl: item.url })}>
        {t('compareRuns.board.lastFrame')}
      </button>
      <button
        type="button"
        className="button button-small"
        onClick={() => {
          if (useGenerateDraft.getState().addReference({ ref: { kind: 'gallery', itemId: item.id }, label, thumbUrl: item.url })) useImagesUi.getState().setNotice(t('compareRuns.board.referenceAdded'))
        }}
      >
        {t('compareRuns.board.reference')}
      </button>
    </>
  )
}

function Cell({ run, cell, index }: { run: CompareRun; cell: CompareCell; index: number }) {
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
        ? items.map((item) => <img key={item.id} src={item.url} alt={`${cell.model}: ${item.prompt}`} width={item.width} height={item.height} className="compare-image" loading="lazy" />)
        : cell.state === 'done' && <p className="field-help">{t('compareRuns.board.noResult')}</p>}
    </CompareCellFrame>
  )
}

/** The side-by-side board of the images area's compare runs, newest first. */
export function CompareBoard() {
  return <CompareRunsBoard area="images" Cell={Cell} />
}
