import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useEffect, useState } from 'react'
import { useT } from '@renderer/i18n/use-t'
import { studio } from '@renderer/lib/studio'

/**
 * Repairs the host made to stored data at start (a journal restored from its last good copy, a
 * store reset) or found soon after (the library folder check): shown at the top of the window
 * until dismissed; a repair found later shows the list again. The messages come from the host in
 * English; the title and button are translated.
 */
const NOTICES_KEY = ['app', 'notices'] as const

export function StoreNotices() {
  const { t } = useT()
  const queryClient = useQueryClient()
  const { data } = useQuery({
    queryKey: NOTICES_KEY,
    queryFn: () => studio.app.getNotices(),
    staleTime: Infinity,
    retry: false
  })
  useEffect(
    () => studio.app.onNoticesChanged(() => void queryClient.invalidateQueries({ queryKey: NOTICES_KEY })),
    [queryClient]
  )
  // How many notices the user has dismissed: a later one brings the banner back.
  const [dismissed, setDismissed] = useState(0)
  const notices = data?.notices ?? []
  if (notices.length <= dismissed) return null
  return (
    <section
      className="store-notices form-alert warning"
      role="status"
      aria-labelledby="store-notices-title"
      data-testid="store-notices"
    >
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
      <button type="button" className="button" onClick={() => setDismissed(notices.length)}>
        {t('app.noticesDismiss')}
      </button>
    </section>
  )
}
