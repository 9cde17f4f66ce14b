import { useT } from '@renderer/i18n/use-t'
import { balanceErrorInfo } from '@renderer/lib/balance/balance-errors'
import { formatAge } from '@renderer/lib/balance/format'
import { errorMessage, errorTitle } from '@renderer/lib/error-text'

/** A balance route's failure, named precisely (docs/GATEWAY.md §3, §4), with the gateway's own words. */
export function BalanceError({ error, onRetry }: { error: unknown; onRetry?: () => void }) {
  const { t } = useT()
  const info = balanceErrorInfo(error)
  const text: Record<Exclude<typeof info.kind, 'other'>, string> = {
    'no-auth-header': t('balance.errors.noAuthHeader'),
    'invalid-bearer': t('balance.errors.invalidBearer'),
    'invalid-token': t('balance.errors.invalidToken'),
    unauthorized: t('balance.errors.unauthorized'),
    'lookup-failed': t('balance.errors.lookupFailed'),
    'quota-query-failed': t('balance.errors.quotaQueryFailed'),
    'rate-limited': t('balance.errors.rateLimited'),
    'rate-limited-wait': t('balance.errors.rateLimitedWait', { minutes: info.minutes ?? 1 }),
    budget: t('balance.errors.budget', { minutes: info.minutes ?? 1 }),
    'no-billing-routes': t('balance.errors.noBillingRoutes'),
    'key-missing': t('balance.errors.keyMissing')
  }
  return (
    <div className="form-alert balance-error" role="alert" data-testid="balance-error" data-kind={info.kind}>
      <p className="form-alert-title">{info.kind === 'other' ? errorTitle(t, error) : text[info.kind]}</p>
      {info.kind === 'other' && <p className="form-alert-detail">{errorMessage(error)}</p>}
      {info.kind !== 'other' && info.gatewayMessage && (
        <p className="form-alert-detail">{t('balance.errors.gatewaySaid', { message: info.gatewayMessage })}</p>
      )}
      {onRetry && (
        <button type="button" className="button button-small" onClick={onRetry}>
          {t('balance.errors.retry')}
        </button>
      )}
    </div>
  )
}

/** "Checked 2 minutes ago", or, when the last check failed, that the figures are from the last good one. */
export function Freshness({ fetchedAt, failed, now }: { fetchedAt: number; failed: boolean; now: number }) {
  const { t, i18n } = useT()
  const age = Math.max(0, now - fetchedAt)
  if (failed) {
    return (
      <p className="balance-stale warning" data-testid="balance-stale" data-age-ms={age}>
        {t('balance.view.staleData', { age: formatAge(age, i18n.language) })}
      </p>
    )
  }
  return (
    <p className="balance-fresh" data-testid="balance-fresh">
      {age < 5_000
        ? t('balance.view.checkedJustNow')
        : t('balance.view.checkedAgo', { age: formatAge(age, i18n.language) })}
    </p>
  )
}
