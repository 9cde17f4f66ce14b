import { useT } from '@renderer/i18n/use-t'
import { useImagesUi } from '../images-ui-store'
import { restoreSettings, useRestore } from './restore-store'

/** The offer after a studio PNG was dropped: its form and model, "Restore these settings", Dismiss. */
export function RestoreOffer() {
  const { t } = useT()
  const offer = useRestore((s) => s.offer)
  if (!offer) return null
  const form = t(`flows.drop.form.${offer.settings.origin}`)
  return (
    <section className="notice restore-offer" aria-label={t('flows.drop.offerLabel')}>
      <p role="status">
        {t('flows.drop.offer', { name: offer.name, form, model: offer.settings.model || t('flows.drop.noModel') })}
      </p>
      <div className="form-actions-inline">
        <button
          type="button"
          className="button button-primary button-small"
          onClick={() => {
            restoreSettings(offer)
            useImagesUi.getState().setNotice(t('flows.drop.restored', { form }))
          }}
        >
          {t('flows.drop.restore')}
        </button>
        <button type="button" className="button button-small" onClick={() => useRestore.getState().setOffer(null)}>
          {t('flows.drop.dismiss')}
        </button>
      </div>
    </section>
  )
}
