import '@renderer/components/compare/compare.css'
import { CompareCellFrame } from '@renderer/components/compare/CompareCellFrame'
import { useT } from '@renderer/i18n/use-t'
import { useCompareRuns, useKeepCell } from '@renderer/lib/compare/runs'
import type { CompareCell, CompareRun } from '@shared/domain/compare'
import { VIDEO_FAMILIES, type VideoFamily } from '@shared/domain/video'
import { useCardActions } from '../board/use-card-actions'

const isFamily = (f: string): f is VideoFamily => (VIDEO_FAMILIES as readonly string[]).includes(f)

function Cell({ run, cell, index }: { run: CompareRun; cell: CompareCell; index: number }) {
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
        <video data-testid="video-player" src={result.mediaUrl} controls preload="metadata" aria-label={`${cell.model}: ${run.prompt}`} />
      ) : (
        cell.state === 'done' && <p className="field-help">{(task && t(`video.card.download.${task.download.state}`)) || t('compareRuns.board.noResult')}</p>
      )}
    </CompareCellFrame>
  )
}

/** The side-by-side board of the video area's compare runs, newest first. */
export function VideoCompareBoard() {
  const { t, i18n } = useT()
  const runs = useCompareRuns('video')
  if (!runs.data?.length) return null
  return (
    <section className="compare-board" aria-label={t('compareRuns.board.title')}>
      <h2 className="compare-board-title">{t('compareRuns.board.title')}</h2>
      {runs.data.map((run) => {
        const title = t('compareRuns.board.runLabel', { time: new Date(run.createdAt).toLocaleString(i18n.language), prompt: run.prompt.slice(0, 80) || t('compareRuns.board.noPrompt') })
        return (
          <section key={run.id} className="compare-run" aria-label={title} data-testid="compare-run">
            <h3 className="compare-run-title">{title}</h3>
            <div className="compare-grid" style={{ gridTemplateColumns: `repeat(${run.cells.length}, minmax(0, 1fr))` }}>
              {run.cells.map((cell, i) => (
                <Cell key={cell.ref} run={run} cell={cell} index={i} />
              ))}
            </div>
          </section>
        )
      })}
    </section>
  )
}
