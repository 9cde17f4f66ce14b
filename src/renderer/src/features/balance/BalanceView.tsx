import { useQuery, useQueryClient } from '@tanstack/react-query'
import { lazy, Suspense, useState } from 'react'
import { useT } from '@renderer/i18n/use-t'
import { balanceKeys } from '@renderer/lib/balance/keys'
import { trackLoad } from '@renderer/lib/lazy-loads'
import { useProfileList } from '@renderer/lib/profiles/queries'
import { studio } from '@renderer/lib/studio'
import { useNow } from '@renderer/lib/use-now'
import type { DisplayUnit } from '@shared/domain/profiles'
import { BalanceError, Freshness } from './BalanceError'
import { BalanceSettingsForm } from './BalanceSettingsForm'
import { BillingCard } from './BillingCard'
import { KeyUsageCard } from './KeyUsageCard'
import { ProfileBalances } from './ProfileBalances'
import { useDisplayUnit, usageQuery } from './queries'
import '@renderer/styles/balance.css'

// The charts are their own chunk: neither the entry bundle nor this view waits for them (T1, T3).
const Charts = lazy(() => trackLoad(import('./Charts')))

/** The balance dashboard: one profile's key usage, billing and trends, and every profile's balance. */
export default function BalanceView() {
  const { t } = useT()
  const list = useProfileList()
  const activeId = list.data?.activeId
  const [picked, setPicked] = useState<string | null>(null)
  const now = useNow()
  const profiles = list.data?.profiles ?? []
  const selectedId = picked && profiles.some((p) => p.id === picked) ? picked : activeId
  if (!selectedId) return <p className="view-loading">{t('app.loading')}</p>
  const profile = profiles.find((p) => p.id === selectedId)
  return (
    <div className="balance-view">
      <ProfileDashboard
        key={selectedId}
        profileId={selectedId}
        profileName={profile?.name ?? selectedId}
        profileUnit={profile?.displayUnit ?? { kind: 'quota' }}
      />
      <ProfileBalances
        profiles={profiles}
        activeId={activeId ?? ''}
        selectedId={selectedId}
        onSelect={setPicked}
        now={now}
      />
    </div>
  )
}

function ProfileDashboard({
  profileId,
  profileName,
  profileUnit
}: {
  profileId: string
  profileName: string
  profileUnit: DisplayUnit
}) {
  const { t } = useT()
  const queryClient = useQueryClient()
  const usage = useQuery(usageQuery(profileId))
  const { unit, quotaPerUsd } = useDisplayUnit(profileId)
  const now = useNow(1000)
  const [refreshing, setRefreshing] = useState(false)

  // Asks the host to look again; it serves its cache for a very recent check and keeps within the route's budget.
  const refresh = async () => {
    setRefreshing(true)
    try {
      await Promise.allSettled([
        queryClient.fetchQuery({
          queryKey: balanceKeys.usage(profileId),
          queryFn: () => studio.balance.getUsage({ profileId, refresh: true }),
          staleTime: 0,
          retry: false
        }),
        queryClient.fetchQuery({
          queryKey: balanceKeys.billing(profileId),
          queryFn: () => studio.balance.getBilling({ profileId, refresh: true }),
          staleTime: 0,
          retry: false
        })
      ])
      await queryClient.invalidateQueries({ queryKey: balanceKeys.spending(profileId) })
    } finally {
      setRefreshing(false)
    }
  }

  return (
    <>
      <div className="balance-toolbar">
        <p className="balance-showing" data-testid="balance-profile">
          {t('balance.view.showing', { name: profileName })}
        </p>
        <button
          type="button"
          className="button"
          onClick={() => void refresh()}
          aria-busy={refreshing || undefined}
          disabled={refreshing}
        >
          {refreshing ? t('balance.view.refreshing') : t('balance.view.refresh')}
        </button>
      </div>
      {usage.data && <Freshness fetchedAt={usage.data.fetchedAt} failed={!!usage.error} now={now} />}
      {usage.error && <BalanceError error={usage.error} onRetry={() => void refresh()} />}
      <div className="balance-grid">
        {usage.data ? (
          <KeyUsageCard usage={usage.data} unit={unit} quotaPerUsd={quotaPerUsd} now={now} />
        ) : (
          !usage.error && (
            <section className="balance-card">
              <p className="balance-muted">{t('balance.loading')}</p>
            </section>
          )
        )}
        <BillingCard profileId={profileId} unit={unit} quotaPerUsd={quotaPerUsd} />
      </div>
      <section className="balance-card" aria-labelledby="balance-trends-heading">
        <h2 id="balance-trends-heading" className="balance-card-title">
          {t('balance.trends.heading')}
        </h2>
        <Suspense fallback={<p className="balance-muted">{t('balance.trends.loading')}</p>}>
          <Charts profileId={profileId} unit={unit} quotaPerUsd={quotaPerUsd} />
        </Suspense>
      </section>
      <BalanceSettingsForm profileId={profileId} profileUnit={profileUnit} />
    </>
  )
}
