import { useQuery } from '@tanstack/react-query'
import { useT } from '@renderer/i18n/use-t'
import { UNLIMITED_BILLING_LIMIT } from '@shared/domain/balance'
import { billingUsageInUnit, formatAmount, formatRaw } from '@shared/domain/balance-units'
import type { DisplayUnit } from '@shared/domain/profiles'
import { Amount } from './Amount'
import { BalanceError } from './BalanceError'
import { billingQuery } from './queries'

/** Subscription limits and all-time usage, in the site's unit as the profile's setting names it. */
export function BillingCard({
  profileId,
  unit,
  quotaPerUsd
}: {
  profileId: string
  unit: DisplayUnit
  quotaPerUsd: number
}) {
  const { t, i18n } = useT()
  const q = useQuery(billingQuery(profileId))
  const unitName =
    unit.kind === 'quota'
      ? t('balance.units.quota')
      : unit.kind === 'usd'
        ? t('balance.units.usd')
        : t('balance.units.cny')
  const b = q.data
  const limit = (v: number, testId: string) =>
    v >= UNLIMITED_BILLING_LIMIT ? (
      <span data-testid={testId} title={t('balance.view.rawHint', { value: formatRaw(v, i18n.language) })}>
        {t('balance.billing.unlimitedLimit', { value: formatRaw(v, i18n.language) })}
      </span>
    ) : (
      <Amount raw={v} unit={unit} source="billing" quotaPerUsd={quotaPerUsd} testId={testId} />
    )
  return (
    <section className="balance-card" aria-labelledby="balance-billing-heading" data-testid="billing">
      <h2 id="balance-billing-heading" className="balance-card-title">
        {t('balance.billing.heading')}
      </h2>
      {q.error && <BalanceError error={q.error} onRetry={() => void q.refetch()} />}
      {!b && !q.error && <p className="balance-muted">{t('balance.loading')}</p>}
      {b && (
        <>
          <dl className="balance-figures">
            <div>
              <dt>{t('balance.billing.soft')}</dt>
              <dd>{limit(b.softLimit, 'billing-soft')}</dd>
            </div>
            <div>
              <dt>{t('balance.billing.hard')}</dt>
              <dd>{limit(b.hardLimit, 'billing-hard')}</dd>
            </div>
            <div>
              <dt>{t('balance.billing.system')}</dt>
              <dd>{limit(b.systemHardLimit, 'billing-system')}</dd>
            </div>
            <div>
              <dt>
                {t('balance.billing.totalUsage')}{' '}
                <span className="balance-muted">({t('balance.billing.allTime')})</span>
              </dt>
              <dd>
                {/* total_usage is in hundredths of the display unit (GATEWAY.md §4b). */}
                <span
                  title={t('balance.view.rawHint', { value: formatRaw(b.totalUsage, i18n.language) })}
                  data-raw={b.totalUsage}
                  data-testid="billing-usage"
                >
                  {formatAmount(billingUsageInUnit(b.totalUsage), unit, i18n.language)}
                </span>
              </dd>
            </div>
            <div>
              <dt>{t('balance.billing.accessUntil')}</dt>
              <dd data-testid="billing-access">
                {b.accessUntil > 0
                  ? new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }).format(
                      b.accessUntil * 1000
                    )
                  : t('balance.key.never')}
              </dd>
            </div>
          </dl>
          <p className="balance-muted" data-testid="billing-unit">
            {unit.kind === 'quota' ? t('balance.billing.unitQuota') : t('balance.billing.unitIs', { unit: unitName })}
          </p>
          {/* The route stays at hand in the tooltip (which of the two answered), not in the words read first. */}
          <p
            className="balance-muted"
            data-testid="billing-route"
            title={t('balance.billing.routeTitle', { path: `${b.prefix}/dashboard/billing/…` })}
          >
            {t('balance.billing.route')}
          </p>
        </>
      )}
    </section>
  )
}
