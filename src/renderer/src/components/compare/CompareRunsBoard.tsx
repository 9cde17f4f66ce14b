import type { ComponentType } from 'react'
import { useT } from '@renderer/i18n/use-t'
import { useCompareRuns } from '@renderer/lib/compare/runs'
import type { CompareCell, CompareRunOf, MediaCompareArea } from '@shared/domain/compare'
import './compare.css'

export interface CellProps {
  run: CompareRunOf<MediaCompareArea>
  cell: CompareCell
  index: number
}

/** One run: its title (when and what) over its cells side by side. */
function RunView({ run, Cell }: { run: CompareRunOf<MediaCompareArea>; Cell: ComponentType<CellProps> }) {
  const { t, i18n } = useT()
  const time = new Date(run.createdAt).toLocaleString(i18n.language)
  const title = t('compareRuns.board.runLabel', {
    time,
    prompt: run.prompt.slice(0, 80) || t('compareRuns.board.noPrompt')
  })
  return (
    <section className="compare-run" aria-label={title} data-testid="compare-run">
      <h3 className="compare-run-title">{title}</h3>
      <div className="compare-grid" style={{ gridTemplateColumns: `repeat(${run.cells.length}, minmax(0, 1fr))` }}>
        {run.cells.map((cell, i) => (
          <Cell key={cell.ref} run={run} cell={cell} index={i} />
        ))}
      </div>
    </section>
  )
}

/** The side-by-side board of an area's compare runs, newest first; each area draws its own cells. */
export function CompareRunsBoard({ area, Cell }: { area: MediaCompareArea; Cell: ComponentType<CellProps> }) {
  const { t } = useT()
  const runs = useCompareRuns(area)
  if (!runs.data?.length) return null
  return (
    <section className="compare-board" aria-label={t('compareRuns.board.title')}>
      <h2 className="compare-board-title">{t('compareRuns.board.title')}</h2>
      {runs.data.map((run) => (
        <RunView key={run.id} run={run} Cell={Cell} />
      ))}
    </section>
  )
}
