import '@renderer/components/compare/compare.css'
import { CompareCellFrame } from '@renderer/components/compare/CompareCellFrame'
import { CompareRunsBoard } from '@renderer/components/compare/CompareRunsBoard'
import { useT } from '@renderer/i18n/use-t'
import { useKeepCell } from '@renderer/lib/compare/runs'
import type { CompareCell, CompareRunOf, MediaCompareArea } from '@shared/domain/compare'
import { VIDEO_FAMILIES, type VideoFamily } from '@shared/domain/video'
import { useCardActions } from '../board/use-card-actions'

const isFamily = (f: string): f is VideoFamily => (VIDEO_FAMILIES as readonly string[]).includes(f)

function Cell({ run, cell, index }: { run: CompareRunOf<MediaCompareArea>; cell: CompareCell; index: number }) {
  const { t } = useT()
  const keep = useKeepCell()
  const actions = useCardActions()
  const task = cell.task
  const result = task?.result
  return (
    <CompareCellFrame
      cell={cell}
      familyLabel={isFamily(cell.family) ? t(`video.view.family.${cell.family}`) : cell.family}
      kept={run.keptIndex === index}
      keeping={keep.isPending}
      onKeep={() => keep.mutate({ runId: run.id, index })}
      actions={
        task &&
        cell.state === 'done' && (
          <>
            <button type="button" className="button button-small" onClick={() => actions.remix(task)}>
              {t('compareRuns.board.remix')}
            </button>
            {result && (
              <button type="button" className="button button-small" onClick={() => actions.openFile(task)}>
                {t('compareRuns.board.download')}
              </button>
            )}
          </>
        )
      }
    >
      {result ? (
        <video
          data-testid="video-player"
          src={result.mediaUrl}
          controls
          preload="metadata"
          aria-label={`${cell.model}: ${run.prompt}`}
        />
      ) : (
        cell.state === 'done' && (
          <p className="field-help">
            {(task && t(`video.card.download.${task.download.state}`)) || t('compareRuns.board.noResult')}
          </p>
        )
      )}
    </CompareCellFrame>
  )
}

/** The side-by-side board of the video area's compare runs, newest first. */
export function VideoCompareBoard() {
  return <CompareRunsBoard area="video" Cell={Cell} />
}
