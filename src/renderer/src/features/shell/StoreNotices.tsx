import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { useT } from '@renderer/i18n/use-t'
import { studio } from '@renderer/lib/studio'

/**
 * Repairs the host made to stored data at start (a journal restored from its last good copy, a
 * store reset): shown once at the top of the window until dismissed (for this page's life).
 * The messages come from the host in English; the title and button are translated.
 */
export function StoreNotices() {
  const { t } = useT()
  const { data } = useQuery({ queryKey: ['app', 'notices'], queryFn: () => studio.app.getNotices(), staleTime: Infinity, retry: false })
  const [dismissed, setDismissed] = useState(false)
  const notices = data?.notices ?? []
  if (dismissed || notices.length === 0) return null
  return (
    <section className="store-notices form-alert warning" role="status" aria-labelledby="store-notices-title" data-testid="store-notices">
      <p id="store-notices-title" className="form-alert-title">
        {t('app.noticesTitle')}
      </p>
      <ul>
        {notices.map((n, i) => (
          <li key={i} className="form-alert-detail">
            {n.message}
          </li>
        ))}
      </ul>
      <button type="button" className="button" onClick={() => setDismissed(true)}>
        {t('app.noticesDismiss')}
      </button>
    </section>
  )
}
