import { useT } from '@renderer/i18n/use-t'
import { usePainterStore } from '../state/painter-store'

/** The outcome of the last whole-mask action (import, grow...), or that one is running. */
export function PainterNoticeLine() {
  const { t } = useT()
  const notice = usePainterStore((s) => s.notice)
  const busy = usePainterStore((s) => s.busy)
  if (busy) {
    return (
      <p role="status" className="painter-notice" data-testid="painter-notice">
        {t('images.painter.working')}
      </p>
    )
  }
  if (!notice) return <p role="status" className="painter-notice" data-testid="painter-notice" />
  const values = { ...notice.values }
  if (typeof values.channel === 'string')
    values.channel = t(`images.painter.channels.${values.channel as 'alpha' | 'luminance'}`)
  return (
    <p
      role={notice.tone === 'error' ? 'alert' : 'status'}
      className="painter-notice"
      data-tone={notice.tone}
      data-testid="painter-notice"
    >
      {t(`images.painter.notices.${notice.key}` as 'images.painter.notices.failed', values)}
    </p>
  )
}
