import { useT } from '@renderer/i18n/use-t'
import { expiryState, formatDuration, usedShare } from '@renderer/lib/balance/format'
import { formatAmount, quotaInUnit } from '@shared/domain/balance-units'
import { keyStateOf } from '@shared/domain/key-state'
import type { DisplayUnit } from '@shared/domain/profiles'
import type { KeyUsage } from '@shared/domain/usage'
import { Amount } from './Amount'

export interface KeyUsageCardProps {
  usage: KeyUsage
  unit: DisplayUnit
  quotaPerUsd: number
  now: number
}

/** The key usage record: name, a gauge of used vs granted, expiry with countdown, model limits. */
export function KeyUsageCard({ usage, unit, quotaPerUsd, now }: KeyUsageCardProps) {
  const { t, i18n } = useT()
  const locale = i18n.language
  const state = keyStateOf(usage, now)
  const share = usedShare(usage)
  const expiry = expiryState(usage.expiresAt, now)
  const amount = (raw: number, testId: string) => (
    <Amount raw={raw} unit={unit} source="quota" quotaPerUsd={quotaPerUsd} testId={testId} />
  )
  const text = (raw: number) => formatAmount(quotaInUnit(raw, unit, quotaPerUsd), unit, locale)
  const limits = Object.entries(usage.modelLimits)
  return (
    <section className="balance-card" aria-labelledby="balance-key-heading" data-testid="key-usage" data-state={state}>
      <h2 id="balance-key-heading" className="balance-card-title">
        {t('balance.key.heading')}
      </h2>
      <p className="balance-key-name">
        <span className="balance-term">{t('balance.key.name')}</span>{' '}
        <strong data-testid="key-name">{usage.name || t('balance.key.unnamed')}</strong>
      </p>

      {share !== null && (
        <div
          className="balance-gauge"
          role="meter"
          aria-label={t('balance.key.gaugeLabel')}
          aria-valuemin={0}
          aria-valuemax={usage.totalGranted}
          aria-valuenow={usage.totalUsed}
          aria-valuetext={t('balance.key.gaugeValue', {
            used: text(usage.totalUsed),
            granted: text(usage.totalGranted)
          })}
          data-testid="key-gauge"
        >
          <div
            className="balance-gauge-fill"
            style={{ width: `${(share * 100).toFixed(2)}%` }}
            data-level={share >= 0.9 ? 'high' : share >= 0.7 ? 'mid' : 'low'}
          />
        </div>
      )}
      {state === 'unlimited' && (
        <p className="balance-note" data-testid="unlimited-note">
          {t('balance.key.unlimitedNote')}
        </p>
      )}
      {state === 'exhausted' && <p className="warning">{t('balance.key.exhaustedNote')}</p>}

      <dl className="balance-figures">
        <div>
          <dt>{t('balance.key.granted')}</dt>
          <dd>
            {usage.unlimited ? (
              <span data-testid="key-granted">{t('balance.unlimited')}</span>
            ) : (
              amount(usage.totalGranted, 'key-granted')
            )}
          </dd>
        </div>
        <div>
          <dt>{t('balance.key.used')}</dt>
          <dd>{amount(usage.totalUsed, 'key-used')}</dd>
        </div>
        <div>
          <dt>{t('balance.key.available')}</dt>
          {/* An unlimited key's available figure counts down from 0 and means nothing: never shown as debt. */}
          <dd>
            {usage.unlimited ? (
              <span data-testid="key-available">{t('balance.unlimited')}</span>
            ) : (
              amount(Math.max(0, usage.totalAvailable), 'key-available')
            )}
          </dd>
        </div>
        <div>
          <dt>{t('balance.key.expires')}</dt>
          <dd data-testid="key-expiry" data-expiry={expiry.kind}>
            {expiry.kind === 'never' ? (
              t('balance.key.never')
            ) : (
              <>
                <time dateTime={new Date(usage.expiresAt * 1000).toISOString()}>
                  {new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(
                    usage.expiresAt * 1000
                  )}
                </time>{' '}
                <span className="balance-muted">
                  (
                  {expiry.kind === 'expired'
                    ? t('balance.key.expiredAgo', { value: formatDuration(expiry.agoMs, locale) })
                    : t('balance.key.countdown', { value: formatDuration(expiry.inMs, locale) })}
                  )
                </span>
              </>
            )}
          </dd>
        </div>
      </dl>
      {expiry.kind === 'soon' && (
        <p className="warning warning-strong" role="status" data-testid="expiry-warning">
          {t('balance.key.expiryWarning', { value: formatDuration(expiry.inMs, locale) })}
        </p>
      )}
      {expiry.kind === 'expired' && (
        <p className="warning warning-strong" role="status" data-testid="expiry-warning">
          {t('balance.key.expiredWarning')}
        </p>
      )}

      <h3 className="balance-subtitle">{t('balance.key.modelLimits')}</h3>
      {!usage.modelLimitsEnabled ? (
        <p className="balance-muted" data-testid="model-limits-off">
          {t('balance.key.modelLimitsOff')}
        </p>
      ) : limits.length === 0 ? (
        <p className="balance-muted">{t('balance.key.modelLimitsEmpty')}</p>
      ) : (
        <>
          <p className="balance-muted">{t('balance.key.modelLimitsOn')}</p>
          <ul className="balance-limits" aria-label={t('balance.key.modelLimits')} data-testid="model-limits">
            {limits.map(([model, v]) => (
              <li key={model}>
                <code>{model}</code>{' '}
                <span className="balance-muted">
                  {v === true
                    ? t('balance.key.allowed')
                    : v === false
                      ? t('balance.key.notAllowed')
                      : t('balance.key.limitValue', { value: new Intl.NumberFormat(locale).format(v) })}
                </span>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  )
}
