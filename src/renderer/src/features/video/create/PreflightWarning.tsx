import { LimitHoldAlert } from '@renderer/components/form/LimitHoldAlert'
import { useT } from '@renderer/i18n/use-t'
import { studio } from '@renderer/lib/studio'
import type { Preflight } from '@shared/domain/balance'
import { formatRaw } from '@shared/domain/balance-units'

/** What the form keeps after a pre-flight that warned: the model it was for, and the figures. */
export interface PreflightHold {
  model: string
  preflight: Preflight
}

/**
 * Asks the balance host whether a video of this model is likely to exceed the available quota.
 * A failed check never blocks a create (it answers null: no warning).
 */
export async function checkBalance(model: string, profileId?: string): Promise<Preflight | null> {
  try {
    return await studio.balance.preflight({ model, kind: 'video', ...(profileId ? { profileId } : {}) })
  } catch {
    return null
  }
}

/** The warning shown before a create the balance may not cover; the next click sends it anyway. */
export function PreflightWarning({ hold }: { hold: PreflightHold }) {
  const { t, i18n } = useT()
  const p = hold.preflight
  if (p.limit) return <LimitHoldAlert preflight={p} model={hold.model} />
  const num = (v: number | null) => (v === null ? t('video.preflight.unknownAmount') : formatRaw(v, i18n.language))
  return (
    <div role="alert" className="form-alert warning" data-testid="preflight-warning">
      <p className="form-alert-title">{t(`video.preflight.title.${p.reason}`)}</p>
      <p className="form-alert-detail">
        {t('video.preflight.figures', {
          available: num(p.available),
          expected: num(p.expectedCost),
          jobs: p.basedOn,
          model: hold.model
        })}
      </p>
      <p className="form-alert-detail">{t('video.preflight.again')}</p>
    </div>
  )
}
