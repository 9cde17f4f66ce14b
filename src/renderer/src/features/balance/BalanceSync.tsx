import { useQueryClient } from '@tanstack/react-query'
import { useEffect, useState } from 'react'
import { useT } from '@renderer/i18n/use-t'
import { balanceKeys } from '@renderer/lib/balance/keys'
import { studio } from '@renderer/lib/studio'
import type { LimitHold, LowBalanceAlert } from '@shared/domain/balance'
import { formatAmount, quotaInUnit } from '@shared/domain/balance-units'
import { useDisplayUnit } from './queries'

/**
 * Host balance events into the page, wherever the user is: new snapshots refresh the trends, and a
 * low-balance alert shows as a toast (and, in the browser host, as a Web Notification when the
 * user allowed them; the Electron shell shows its own OS notification from the host).
 */
export function BalanceSync() {
  const queryClient = useQueryClient()
  const [alerts, setAlerts] = useState<Array<{ alert: LowBalanceAlert; webNotify: boolean }>>([])
  const [holds, setHolds] = useState<LimitHold[]>([])
  useEffect(() => {
    let browserHost = false
    void studio.app
      .getInfo()
      .then((info) => (browserHost = info.shell === 'browser'))
      .catch(() => {})
    const offHistory = studio.balance.onHistoryChanged(({ profileId }) => {
      void queryClient.invalidateQueries({ queryKey: balanceKeys.history(profileId) })
      void queryClient.invalidateQueries({ queryKey: balanceKeys.spending(profileId) })
      // A new snapshot prices the jobs before it: estimates and the cards' measured costs change.
      void queryClient.invalidateQueries({ queryKey: [...balanceKeys.all, 'estimate'] })
      void queryClient.invalidateQueries({ queryKey: [...balanceKeys.all, 'job-cost'] })
    })
    const offLow = studio.balance.onLowBalance((alert) => {
      setAlerts((list) => [
        ...list.filter((a) => a.alert.profileId !== alert.profileId),
        { alert, webNotify: browserHost }
      ])
    })
    // The host tells a limit hold once (and shows the desktop notification in Electron).
    const offHold = studio.balance.onLimitHold((hold) =>
      setHolds((list) => [...list.filter((h) => h.profileId !== hold.profileId || h.kind !== hold.kind), hold])
    )
    return () => {
      offHistory()
      offLow()
      offHold()
    }
  }, [queryClient])
  if (alerts.length === 0 && holds.length === 0) return null
  return (
    <div className="balance-toasts">
      {holds.map((h) => (
        <LimitHoldToast
          key={`${h.profileId}-${h.kind}`}
          hold={h}
          onDismiss={() => setHolds((list) => list.filter((x) => x !== h))}
        />
      ))}
      {alerts.map((a) => (
        <LowBalanceToast
          key={a.alert.profileId}
          alert={a.alert}
          webNotify={a.webNotify}
          onDismiss={() => setAlerts((list) => list.filter((x) => x !== a))}
        />
      ))}
    </div>
  )
}

function LimitHoldToast({ hold, onDismiss }: { hold: LimitHold; onDismiss: () => void }) {
  const { t, i18n } = useT()
  const { unit, quotaPerUsd } = useDisplayUnit(hold.profileId)
  const fmt = (raw: number) => formatAmount(quotaInUnit(raw, unit, quotaPerUsd), unit, i18n.language)
  return (
    <div className="balance-toast" role="alert" data-testid="limit-hold-toast">
      <p className="balance-toast-title">{t('balance.limit.toastTitle', { name: hold.profileName })}</p>
      <p>
        {t('balance.limit.toastBody', {
          kind: t(`balance.limit.kind.${hold.kind}`),
          limit: fmt(hold.limit),
          spent: fmt(hold.spent)
        })}
      </p>
      <button type="button" className="button button-small" onClick={onDismiss}>
        {t('balance.limit.dismiss')}
      </button>
    </div>
  )
}

function LowBalanceToast({
  alert,
  webNotify,
  onDismiss
}: {
  alert: LowBalanceAlert
  webNotify: boolean
  onDismiss: () => void
}) {
  const { t, i18n } = useT()
  const { unit, quotaPerUsd } = useDisplayUnit(alert.profileId)
  const fmt = (raw: number) => formatAmount(quotaInUnit(raw, unit, quotaPerUsd), unit, i18n.language)
  const title = t('balance.alert.title', { name: alert.profileName })
  const body = t('balance.alert.body', {
    available: fmt(Math.max(0, alert.available)),
    threshold: fmt(alert.threshold)
  })
  useEffect(() => {
    if (
      !webNotify ||
      typeof window === 'undefined' ||
      !('Notification' in window) ||
      Notification.permission !== 'granted'
    )
      return
    try {
      new Notification(title, { body, tag: `low-balance-${alert.profileId}` })
    } catch {
      // Some browsers only allow notifications from a service worker; the toast is enough.
    }
    // Once per alert: the toast's text may re-render, the notification must not repeat.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [alert.at])
  return (
    <div className="balance-toast" role="alert" data-testid="low-balance-toast">
      <p className="balance-toast-title">{title}</p>
      <p>{body}</p>
      <button type="button" className="button button-small" onClick={onDismiss}>
        {t('balance.alert.dismiss')}
      </button>
    </div>
  )
}
