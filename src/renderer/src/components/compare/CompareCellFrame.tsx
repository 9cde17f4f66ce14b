/** The frame of one compare cell: model, status and progress, time taken, quota spent, the kept mark; the area fills in the result. */
import type { ReactNode } from 'react'
import { useT } from '@renderer/i18n/use-t'
import { useNow } from '@renderer/lib/use-now'
import { formatRaw } from '@shared/domain/balance-units'
import { FINAL_CELL_STATES, type CompareCell } from '@shared/domain/compare'

export function formatTook(ms: number): string {
  const s = Math.max(0, Math.round(ms / 1000))
  return s < 60 ? `${s} s` : `${Math.floor(s / 60)} min ${String(s % 60).padStart(2, '0')} s`
}

function Timing({ cell }: { cell: CompareCell }) {
  const { t } = useT()
  const now = useNow(1000)
  if (cell.startedAt === undefined) return null
  if (cell.endedAt !== undefined)
    return (
      <p className="field-help">{t('compareRuns.board.took', { time: formatTook(cell.endedAt - cell.startedAt) })}</p>
    )
  if (FINAL_CELL_STATES.includes(cell.state)) return null
  return <p className="field-help">{t('compareRuns.board.runningFor', { time: formatTook(now - cell.startedAt) })}</p>
}

function Quota({ cell }: { cell: CompareCell }) {
  const { t, i18n } = useT()
  if (cell.cost) {
    const amount = formatRaw(cell.cost.amount, i18n.language)
    return (
      <p className="field-help" data-testid="compare-quota">
        {t(cell.cost.basis === 'exact' ? 'compareRuns.board.quota' : 'compareRuns.board.quotaShared', { amount })}
      </p>
    )
  }
  if (cell.state === 'done' || cell.state === 'outcome-unknown')
    return (
      <p className="field-help" data-testid="compare-quota">
        {t('compareRuns.board.quotaPending')}
      </p>
    )
  if (FINAL_CELL_STATES.includes(cell.state))
    return (
      <p className="field-help" data-testid="compare-quota">
        {t('compareRuns.board.quotaNone')}
      </p>
    )
  return null
}

export function CompareCellFrame(p: {
  cell: CompareCell
  familyLabel: string
  kept: boolean
  onKeep?: () => void
  keeping?: boolean
  children?: ReactNode
  actions?: ReactNode
}) {
  const { t } = useT()
  const { cell } = p
  return (
    <article
      className="compare-cell"
      data-state={cell.state}
      data-kept={p.kept || undefined}
      aria-label={`${cell.model} — ${t(`compareRuns.state.${cell.state}`)}`}
    >
      <header className="compare-cell-head">
        <h4 className="compare-cell-model">{cell.model}</h4>
        <span className="compare-family">{p.familyLabel}</span>
        {p.kept && <span className="compare-kept badge">{t('compareRuns.board.kept')}</span>}
      </header>
      <p className="compare-cell-state" role="status">
        {t(`compareRuns.state.${cell.state}`)}
        {cell.progress !== null && cell.state === 'running' ? ` · ${cell.progress}%` : ''}
        {cell.note && cell.state === 'running' ? ` · ${cell.note}` : ''}
      </p>
      {cell.state === 'running' && <progress max={100} value={cell.progress ?? undefined} aria-label={cell.model} />}
      <Timing cell={cell} />
      <Quota cell={cell} />
      {cell.error && <p className="field-error">{cell.error.message}</p>}
      <div className="compare-cell-result">{p.children}</div>
      <div className="compare-cell-actions">
        {p.onKeep && cell.state === 'done' && (
          <button
            type="button"
            className="button button-small button-primary"
            onClick={p.onKeep}
            disabled={p.kept || p.keeping}
            aria-pressed={p.kept}
            title={t('compareRuns.board.keepHint')}
          >
            {p.kept ? t('compareRuns.board.kept') : t('compareRuns.board.keep')}
          </button>
        )}
        {p.actions}
      </div>
    </article>
  )
}
