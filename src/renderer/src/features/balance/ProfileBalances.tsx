import { useQueries } from '@tanstack/react-query'
import { useT } from '@renderer/i18n/use-t'
import { balanceErrorInfo } from '@renderer/lib/balance/balance-errors'
import { keyStateOf } from '@shared/domain/key-state'
import type { ProfileView } from '@shared/domain/profiles'
import { Amount } from './Amount'
import { BalanceTable } from './BalanceTable'
import { settingsQuery, usageQuery } from './queries'

/** Every profile's balance at a glance; a row's button shows that profile's details above. */
export function ProfileBalances({
  profiles,
  activeId,
  selectedId,
  onSelect,
  now
}: {
  profiles: ProfileView[]
  activeId: string
  selectedId: string
  onSelect: (id: string) => void
  now: number
}) {
  const { t } = useT()
  const usages = useQueries({ queries: profiles.map((p) => ({ ...usageQuery(p.id), retry: false })) })
  const settings = useQueries({ queries: profiles.map((p) => settingsQuery(p.id)) })
  return (
    <section className="balance-card" aria-labelledby="balance-profiles-heading">
      <h2 id="balance-profiles-heading" className="balance-card-title">
        {t('balance.view.profiles')}
      </h2>
      <BalanceTable
        columns={[t('balance.view.profileColumn'), t('balance.view.availableColumn'), t('balance.view.stateColumn')]}
        empty={profiles.length === 0}
        emptyText={t('balance.view.noProfiles')}
        testId="profile-balances"
      >
        {profiles.map((p, i) => {
          const u = usages[i]
          const s = settings[i].data
          const unit = s?.effectiveUnit ?? { kind: 'quota' as const }
          const state = u.data
            ? keyStateOf(u.data, now)
            : u.error
              ? balanceErrorInfo(u.error).kind === 'key-missing'
                ? 'no-key'
                : 'error'
              : 'loading'
          const stateText =
            state === 'active'
              ? '✓'
              : state === 'unlimited'
                ? t('balance.unlimited')
                : state === 'expired'
                  ? t('balance.expired')
                  : state === 'exhausted'
                    ? t('balance.exhausted')
                    : state === 'no-key'
                      ? t('balance.noKey')
                      : state === 'error'
                        ? t('balance.unavailable')
                        : t('balance.loading')
          return (
            <tr
              key={p.id}
              data-profile={p.id}
              data-state={state}
              aria-current={p.id === selectedId ? 'true' : undefined}
            >
              <th scope="row">
                <button
                  type="button"
                  className="balance-link"
                  onClick={() => onSelect(p.id)}
                  aria-pressed={p.id === selectedId}
                  aria-label={t('balance.view.show', { name: p.name })}
                >
                  {p.name}
                </button>
                {p.id === activeId && <span className="badge badge-active">{t('balance.view.activeMark')}</span>}
              </th>
              <td>
                {u.data && !u.data.unlimited ? (
                  <Amount
                    raw={Math.max(0, u.data.totalAvailable)}
                    unit={unit}
                    source="quota"
                    quotaPerUsd={s?.settings.quotaPerUsd ?? 500_000}
                    testId={`profile-available-${p.id}`}
                  />
                ) : u.data ? (
                  t('balance.unlimited')
                ) : (
                  '—'
                )}
              </td>
              <td>{stateText}</td>
            </tr>
          )
        })}
      </BalanceTable>
    </section>
  )
}
