import { useT } from '@renderer/i18n/use-t'
import { formatAmount, formatRaw, quotaInUnit } from '@shared/domain/balance-units'
import type { DisplayUnit } from '@shared/domain/profiles'

export interface AmountProps {
  /** The value as the gateway sent it. */
  raw: number
  unit: DisplayUnit
  /** `quota`: raw quota units, converted to the unit; `billing`: already in the site's unit. */
  source: 'quota' | 'billing'
  quotaPerUsd: number
  testId?: string
}

/** An amount in the profile's display unit, with the gateway's raw value one hover away. */
export function Amount({ raw, unit, source, quotaPerUsd, testId }: AmountProps) {
  const { t, i18n } = useT()
  const value = source === 'quota' ? quotaInUnit(raw, unit, quotaPerUsd) : raw
  const rawText = formatRaw(raw, i18n.language)
  return (
    <span className="amount" title={t('balance.view.rawHint', { value: rawText })} data-raw={raw} data-testid={testId}>
      {formatAmount(value, unit, i18n.language)}
    </span>
  )
}
