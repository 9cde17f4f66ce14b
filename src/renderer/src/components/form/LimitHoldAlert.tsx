import { useT } from '@renderer/i18n/use-t'
import type { Preflight } from '@shared/domain/balance'
import { formatRaw } from '@shared/domain/balance-units'

/** Why a job was held by a spending limit, with the figures, and how to let it go. */
export function LimitHoldAlert({ preflight, model }: { preflight: Preflight; model: string }) {
  const { t, i18n } = useT()
  const l = preflight.limit
  if (!l) return null
  const fmt = (v: number) => formatRaw(v, i18n.language)
  return (
    <div role="alert" className="form-alert warning" data-testid="limit-hold" data-kind={l.kind}>
      <p className="form-alert-title">{t(`balance.limit.title.${l.kind}`)}</p>
      <p className="form-alert-detail">
        {t(`balance.limit.figures.${l.kind}`, { spent: fmt(l.spent), limit: fmt(l.limit) })}{' '}
        {preflight.expectedCost !== null
          ? t('balance.limit.expected', { model, expected: fmt(preflight.expectedCost) })
          : t('balance.limit.noEstimate', { model })}
      </p>
      <p className="form-alert-detail">{t('balance.limit.release')}</p>
    </div>
  )
}
