import { useState } from 'react'
import { useT } from '@renderer/i18n/use-t'

type Permission = 'default' | 'granted' | 'denied' | 'unsupported'

function current(): Permission {
  return typeof Notification === 'undefined' ? 'unsupported' : Notification.permission
}

/** Asking needs a click (browsers ignore permission requests without one), so this is a button. */
export function NotificationToggle() {
  const { t } = useT()
  const [permission, setPermission] = useState<Permission>(current)
  if (permission === 'unsupported') return null
  if (permission === 'granted') return <span className="field-help">{t('video.board.notifyOn')}</span>
  if (permission === 'denied') return <span className="field-help">{t('video.board.notifyDenied')}</span>
  return (
    <button
      type="button"
      className="button button-small"
      onClick={() => {
        void Notification.requestPermission().then(
          (p) => setPermission(p),
          () => setPermission(current())
        )
      }}
    >
      {t('video.board.notifyEnable')}
    </button>
  )
}
