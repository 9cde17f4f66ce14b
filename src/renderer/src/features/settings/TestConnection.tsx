import { Icon } from '@renderer/components/Icon'
import { useT } from '@renderer/i18n/use-t'
import { balanceErrorInfo } from '@renderer/lib/balance/balance-errors'
import { formatQuota, shownAvailable } from '@renderer/lib/balance/format'
import { errorMessage, errorTitle } from '@renderer/lib/error-text'
import type { ConnectionTestState } from './use-connection-test'

/**
 * The outcome of a connection test: a polite status region for progress and success (it exists
 * before anything is announced, so screen readers pick up the change), an alert for failures.
 */
export function TestConnectionResult({ state }: { state: ConnectionTestState }) {
  const { t, i18n } = useT()
  // A test spends the usage route's budget like the dashboard, so a spent budget reads the same here.
  const waitText = (error: unknown): string | null => {
    const info = balanceErrorInfo(error)
    if (info.kind === 'budget') return t('balance.errors.budget', { minutes: info.minutes ?? 1 })
    if (info.kind === 'rate-limited-wait') return t('balance.errors.rateLimitedWait', { minutes: info.minutes ?? 1 })
    return null
  }
  return (
    <>
      <div role="status" className="connection-status" data-state={state.status}>
        {state.status === 'testing' && <p className="connection-progress">{t('form.testing')}</p>}
        {state.status === 'ok' && (
          <div className="connection-ok">
            <p className="connection-title">
              <Icon name="check" size={16} /> {t('connection.ok')}
            </p>
            <dl className="connection-facts">
              <dt>{t('connection.keyName')}</dt>
              <dd>{state.report.keyName || t('connection.unnamedKey')}</dd>
              <dt>{t('connection.state')}</dt>
              <dd data-key-state={state.report.state}>{t(`connection.states.${state.report.state}`)}</dd>
              <dt>{t('connection.available')}</dt>
              <dd>
                {state.report.usage.unlimited
                  ? t('balance.unlimited')
                  : formatQuota(shownAvailable(state.report.usage), i18n.language)}
              </dd>
              <dt>{t('connection.latency')}</dt>
              <dd>{t('connection.latencyValue', { ms: state.report.latencyMs })}</dd>
            </dl>
          </div>
        )}
      </div>
      {state.status === 'error' && (
        <div role="alert" className="connection-error">
          <p className="connection-title">
            <Icon name="alert" size={16} /> {waitText(state.error) ?? errorTitle(t, state.error)}
          </p>
          <p className="connection-detail">{errorMessage(state.error)}</p>
        </div>
      )}
    </>
  )
}
