import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useId, useState, type FormEvent } from 'react'
import { useT } from '@renderer/i18n/use-t'
import { balanceKeys } from '@renderer/lib/balance/keys'
import { studio } from '@renderer/lib/studio'
import { quotaInUnit } from '@shared/domain/balance-units'
import type { DisplayUnit } from '@shared/domain/profiles'
import { settingsQuery } from './queries'

type UnitChoice = 'profile' | 'quota' | 'usd' | 'cny'

/** A threshold typed in the display unit, back to raw quota units. */
export function thresholdToRaw(value: number, unit: DisplayUnit, quotaPerUsd: number): number {
  if (unit.kind === 'quota') return Math.round(value)
  const usd = unit.kind === 'usd' ? value : value / unit.rate
  return Math.round(usd * quotaPerUsd)
}

const positive = (s: string) => s.trim() !== '' && Number.isFinite(Number(s)) && Number(s) > 0

/** Display unit, quota per USD and the low-balance threshold of one profile. */
export function BalanceSettingsForm({ profileId, profileUnit }: { profileId: string; profileUnit: DisplayUnit }) {
  const q = useQuery(settingsQuery(profileId))
  // Keyed by the saved settings: the form starts from them, and again after each save.
  return (
    <SettingsForm
      key={q.data ? JSON.stringify(q.data.settings) : 'loading'}
      profileId={profileId}
      profileUnit={profileUnit}
      saved={q.data}
    />
  )
}

type SettingsViewData = Awaited<ReturnType<typeof studio.balance.getSettings>>

function initialThreshold(
  data: SettingsViewData | undefined,
  field: 'lowThreshold' | 'dailyLimit' | 'weeklyLimit' = 'lowThreshold'
): string {
  const th = data?.settings[field]
  if (!data || th === null || th === undefined) return ''
  return String(+quotaInUnit(th, data.effectiveUnit, data.settings.quotaPerUsd).toFixed(6))
}

function SettingsForm({
  profileId,
  profileUnit,
  saved: data
}: {
  profileId: string
  profileUnit: DisplayUnit
  saved: SettingsViewData | undefined
}) {
  const { t, i18n } = useT()
  const id = useId()
  const queryClient = useQueryClient()
  const u = data?.settings.displayUnit
  const [choice, setChoice] = useState<UnitChoice>(u ? u.kind : 'profile')
  const [rate, setRate] = useState(u?.kind === 'cny' ? String(u.rate) : '7.2')
  const [perUsd, setPerUsd] = useState(String(data?.settings.quotaPerUsd ?? 500_000))
  const [threshold, setThreshold] = useState(() => initialThreshold(data))
  const [daily, setDaily] = useState(() => initialThreshold(data, 'dailyLimit'))
  const [weekly, setWeekly] = useState(() => initialThreshold(data, 'weeklyLimit'))
  const [error, setError] = useState<string | null>(null)
  const [saved, setSaved] = useState(false)

  const save = useMutation({
    mutationFn: (patch: Parameters<typeof studio.balance.updateSettings>[0]) => studio.balance.updateSettings(patch),
    onSuccess: (view) => {
      queryClient.setQueryData(balanceKeys.settings(profileId), view)
      setSaved(true)
    }
  })

  const onSubmit = (e: FormEvent) => {
    e.preventDefault()
    setSaved(false)
    if (choice === 'cny' && !positive(rate)) return setError(t('balance.settings.invalidRate'))
    if (!positive(perUsd)) return setError(t('balance.settings.invalidNumber'))
    const th = threshold.trim()
    const amounts = [th, daily.trim(), weekly.trim()]
    if (amounts.some((a) => a !== '' && !(Number.isFinite(Number(a)) && Number(a) >= 0)))
      return setError(t('balance.settings.invalidNumber'))
    setError(null)
    const displayUnit: DisplayUnit | null =
      choice === 'profile' ? null : choice === 'cny' ? { kind: 'cny', rate: Number(rate) } : { kind: choice }
    const quotaPerUsd = Number(perUsd)
    const unit = displayUnit ?? profileUnit
    const raw = (a: string) => (a.trim() === '' ? null : thresholdToRaw(Number(a), unit, quotaPerUsd))
    save.mutate({
      profileId,
      displayUnit,
      quotaPerUsd,
      lowThreshold: raw(th),
      dailyLimit: raw(daily),
      weeklyLimit: raw(weekly)
    })
  }

  const unitName = (u: DisplayUnit) =>
    u.kind === 'quota' ? t('balance.units.quota') : u.kind === 'usd' ? t('balance.units.usd') : t('balance.units.cny')
  const shownUnit: DisplayUnit =
    choice === 'profile' ? profileUnit : choice === 'cny' ? { kind: 'cny', rate: Number(rate) || 1 } : { kind: choice }
  const choices: Array<[UnitChoice, string]> = [
    ['profile', t('balance.settings.unitProfile', { unit: unitName(profileUnit) })],
    ['quota', t('balance.settings.unitQuota')],
    ['usd', t('balance.settings.unitUsd')],
    ['cny', t('balance.settings.unitCny')]
  ]
  return (
    <section className="balance-card" aria-labelledby={`${id}-h`}>
      <h2 id={`${id}-h`} className="balance-card-title">
        {t('balance.settings.heading')}
      </h2>
      <form className="balance-settings" aria-labelledby={`${id}-h`} onSubmit={onSubmit} noValidate>
        <fieldset className="choice-group">
          <legend>{t('balance.settings.unit')}</legend>
          {choices.map(([value, label]) => (
            <label key={value} className="choice">
              <input
                type="radio"
                name={`${id}-unit`}
                value={value}
                checked={choice === value}
                onChange={() => setChoice(value)}
              />
              <span className="choice-label">{label}</span>
            </label>
          ))}
        </fieldset>
        {choice === 'cny' && (
          <label className="field">
            <span className="field-label">{t('balance.settings.rate')}</span>
            <input className="input" inputMode="decimal" value={rate} onChange={(e) => setRate(e.target.value)} />
          </label>
        )}
        <label className="field">
          <span className="field-label">{t('balance.settings.quotaPerUsd')}</span>
          <input
            className="input"
            inputMode="numeric"
            value={perUsd}
            onChange={(e) => setPerUsd(e.target.value)}
            aria-describedby={`${id}-pu`}
          />
          <span className="field-help" id={`${id}-pu`}>
            {t('balance.settings.quotaPerUsdHelp')}
          </span>
        </label>
        <label className="field">
          <span className="field-label">{t('balance.settings.threshold')}</span>
          <input
            className="input"
            inputMode="decimal"
            value={threshold}
            onChange={(e) => setThreshold(e.target.value)}
            aria-describedby={`${id}-th`}
            lang={i18n.language}
          />
          <span className="field-help" id={`${id}-th`}>
            {t('balance.settings.thresholdHelp', { unit: unitName(shownUnit) })}
          </span>
        </label>
        {(
          [
            ['daily', daily, setDaily, t('balance.settings.dailyLimit')],
            ['weekly', weekly, setWeekly, t('balance.settings.weeklyLimit')]
          ] as const
        ).map(([k, value, set, label]) => (
          <label key={k} className="field">
            <span className="field-label">{label}</span>
            <input
              className="input"
              inputMode="decimal"
              value={value}
              onChange={(e) => set(e.target.value)}
              aria-describedby={`${id}-limit`}
              lang={i18n.language}
            />
          </label>
        ))}
        <span className="field-help" id={`${id}-limit`}>
          {t('balance.settings.limitHelp', { unit: unitName(shownUnit) })}
        </span>
        {error && (
          <p className="field-error" role="alert">
            {error}
          </p>
        )}
        {save.error && (
          <p className="field-error" role="alert">
            {save.error.message}
          </p>
        )}
        <div className="balance-actions">
          <button type="submit" className="button button-primary" disabled={save.isPending}>
            {t('balance.settings.save')}
          </button>
          <span className="notice" role="status">
            {saved ? t('balance.settings.saved') : ''}
          </span>
        </div>
      </form>
      <NotificationPermission />
    </section>
  )
}

/** The browser host shows alerts as Web Notifications once the user allows them (a click is required). */
function NotificationPermission() {
  const { t } = useT()
  const supported = typeof window !== 'undefined' && 'Notification' in window
  const [permission, setPermission] = useState<NotificationPermission | 'unsupported'>(
    supported ? Notification.permission : 'unsupported'
  )
  return (
    <div className="balance-notify">
      <h3 className="balance-subtitle">{t('balance.settings.notifications')}</h3>
      {permission === 'unsupported' ? (
        <p className="balance-muted">{t('balance.settings.notificationsUnsupported')}</p>
      ) : permission === 'granted' ? (
        <p className="balance-muted">{t('balance.settings.notificationsOn')}</p>
      ) : permission === 'denied' ? (
        <p className="balance-muted">{t('balance.settings.notificationsDenied')}</p>
      ) : (
        <button
          type="button"
          className="button"
          onClick={() => void Notification.requestPermission().then(setPermission)}
        >
          {t('balance.settings.allowNotifications')}
        </button>
      )}
    </div>
  )
}
