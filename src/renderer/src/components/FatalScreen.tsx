import { useEffect } from 'react'
import { useT } from '@renderer/i18n/use-t'
import type { BridgeProblem } from '@renderer/lib/studio'

export type FatalReason = BridgeProblem | { kind: 'crash'; message: string }

/** Shown instead of the app when it cannot work at all; says why and what to do. Marks `<html data-app-state="fatal">`. */
export function FatalScreen({ reason }: { reason: FatalReason }) {
  const { t } = useT()
  useEffect(() => {
    document.documentElement.dataset.appState = 'fatal'
  }, [])
  return (
    <main className="fatal" aria-labelledby="fatal-title">
      <div className="fatal-panel" role="alert">
        <h1 id="fatal-title">{t('fatal.title')}</h1>
        {reason.kind === 'missing' && (
          <>
            <p>{t('fatal.noBridge')}</p>
            <p className="fatal-hint">{t('fatal.noBridgeHint')}</p>
          </>
        )}
        {reason.kind === 'incomplete' && <p>{t('fatal.incompleteBridge', { missing: reason.missing.join(', ') })}</p>}
        {reason.kind === 'crash' && (
          <>
            <p>{t('fatal.crashed')}</p>
            <pre className="fatal-detail">{reason.message}</pre>
          </>
        )}
      </div>
      {reason.kind === 'crash' && (
        <button type="button" className="button button-primary" onClick={() => window.location.reload()}>
          {t('fatal.reload')}
        </button>
      )}
    </main>
  )
}
