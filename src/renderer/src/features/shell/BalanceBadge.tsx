import { useQuery, useQueryClient } from '@tanstack/react-query'
import { Tooltip } from '@renderer/components/Tooltip'
import { BalanceSync } from '@renderer/features/balance/BalanceSync'
import { useDisplayUnit, usageQuery } from '@renderer/features/balance/queries'
import { useT } from '@renderer/i18n/use-t'
import { balanceHeadline, expiryState, formatDuration, shownAvailable } from '@renderer/lib/balance/format'
import { balanceKeys } from '@renderer/lib/balance/keys'
import { errorMessage, errorTitle } from '@renderer/lib/error-text'
import { useActiveProfileId } from '@renderer/lib/profiles/queries'
import { studio } from '@renderer/lib/studio'
import { useAfterFirstIdle } from '@renderer/lib/use-after-first-idle'
import { useNow } from '@renderer/lib/use-now'
import { formatAmount, quotaInUnit } from '@shared/domain/balance-units'
import type { DisplayUnit } from '@shared/domain/profiles'
import type { KeyUsage } from '@shared/domain/usage'
import { isStudioError } from '@shared/error-core'
import { dateTimeFormat } from '@shared/intl-formats'

/** The compact balance of the active profile, in the header. */
export function BalanceBadge() {
  const profileId = useActiveProfileId()
  if (!profileId) return null
  // Keyed by profile so nothing of the previous profile's state carries over; alerts and
  // snapshot events are followed for every profile, wherever the user is.
  return (
    <>
      <BalanceBadgeFor key={profileId} profileId={profileId} />
      <BalanceSync />
    </>
  )
}

function UsageDetails({
  usage,
  locale,
  unit,
  quotaPerUsd,
  now
}: {
  usage: KeyUsage
  locale: string
  unit: DisplayUnit
  quotaPerUsd: number
  now: number
}) {
  const { t } = useT()
  const quota = (n: number) => formatAmount(quotaInUnit(n, unit, quotaPerUsd), unit, locale)
  const expiry = expiryState(usage.expiresAt, now)
  const time = dateTimeFormat(locale, { timeStyle: 'medium' }).format(usage.fetchedAt)
  return (
    <>
      <span className="tooltip-line">
        {t('balance.granted', { value: usage.unlimited ? t('balance.unlimited') : quota(usage.totalGranted) })}
      </span>
      <span className="tooltip-line">{t('balance.used', { value: quota(usage.totalUsed) })}</span>
      <span className="tooltip-line">
        {t('balance.available', { value: usage.unlimited ? t('balance.unlimited') : quota(shownAvailable(usage)) })}
      </span>
      <span className="tooltip-line">
        {usage.expiresAt > 0
          ? t('balance.expiresAt', {
              value: dateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(usage.expiresAt * 1000)
            })
          : t('balance.neverExpires')}
      </span>
      <span className="tooltip-line tooltip-muted">{t('balance.fetchedAt', { value: time })}</span>
      {expiry.kind === 'soon' && (
        <span className="tooltip-line tooltip-strong">
          {t('balance.expiresSoon', { value: formatDuration(expiry.inMs, locale) })}
        </span>
      )}
      <span className="tooltip-line tooltip-muted">
        {unit.kind === 'quota'
          ? t('balance.unitNote')
          : t('balance.unitNoteIn', { unit: unit.kind === 'usd' ? 'USD' : 'CNY' })}
      </span>
    </>
  )
}

function BalanceBadgeFor({ profileId }: { profileId: string }) {
  const { t, i18n } = useT()
  const queryClient = useQueryClient()
  // Asked once the window is up: the gateway's answer and the first Intl formatters of the page
  // (locale data, tens of ms on a loaded machine) are not what the first screen waits for (T1-warm).
  // A record already cached, or pushed by the host, is shown at once all the same.
  const asked = useAfterFirstIdle()
  const query = useQuery({ ...usageQuery(profileId), enabled: asked })
  const { unit, quotaPerUsd } = useDisplayUnit(profileId)
  const now = useNow()
  const locale = i18n.language

  // Asks the host to look again; it serves its cache when the last check is very recent (rate limit).
  const refresh = () => {
    void queryClient
      .fetchQuery({
        queryKey: balanceKeys.usage(profileId),
        queryFn: () => studio.balance.getUsage({ profileId, refresh: true }),
        staleTime: 0
      })
      .catch(() => {
        // The error is in the query state and shown by the badge.
      })
  }

  let state: string
  let value: string
  let details
  if (query.data) {
    const headline = balanceHeadline(query.data, now)
    state = headline.state
    value =
      headline.state === 'active'
        ? formatAmount(quotaInUnit(headline.available, unit, quotaPerUsd), unit, locale)
        : t(
            headline.state === 'unlimited'
              ? 'balance.unlimited'
              : headline.state === 'expired'
                ? 'balance.expired'
                : 'balance.exhausted'
          )
    details = <UsageDetails usage={query.data} locale={locale} unit={unit} quotaPerUsd={quotaPerUsd} now={now} />
  } else if (query.error) {
    state = 'error'
    value =
      isStudioError(query.error) && query.error.code === 'KEY_MISSING' ? t('balance.noKey') : t('balance.unavailable')
    details = (
      <>
        <span className="tooltip-line tooltip-strong">{errorTitle(t, query.error)}</span>
        <span className="tooltip-line">{errorMessage(query.error)}</span>
      </>
    )
  } else {
    state = 'loading'
    value = t('balance.loading')
    details = null
  }
  // A failed re-check keeps the last record on screen, and says why it is not newer.
  const staleError =
    query.data && query.error ? (
      <span className="tooltip-line tooltip-strong">
        {errorTitle(t, query.error)}: {errorMessage(query.error)}
      </span>
    ) : null

  return (
    <Tooltip
      placement="bottom-end"
      content={
        <>
          {details}
          {staleError}
          {state !== 'loading' && <span className="tooltip-line tooltip-muted">{t('balance.refreshHint')}</span>}
        </>
      }
    >
      {(describedBy) => (
        <button
          type="button"
          className="balance-badge"
          data-state={state}
          data-testid="balance-badge"
          aria-describedby={describedBy}
          aria-busy={query.isFetching || undefined}
          onClick={refresh}
        >
          <span className="balance-dot" aria-hidden="true" />
          {/* Named by its visible text (WCAG 2.5.3), "Balance: 12,345", not by a label of its own. */}
          <span className="balance-caption">{t('balance.label')}</span>
          <span className="balance-value">{value}</span>
          {/* A bare number says nothing of what it counts: quota units are named, currencies carry their sign. */}
          {state === 'active' && unit.kind === 'quota' && (
            <span className="balance-unit"> {t('balance.quotaUnit')}</span>
          )}
        </button>
      )}
    </Tooltip>
  )
}
