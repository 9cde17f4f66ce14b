import { useAnnouncer } from '@renderer/lib/announce/announcer'

/**
 * The app's two live regions, present from the start (a region added with its text is often not
 * read): polite for job state changes, assertive for errors. Visually hidden; what they say is on
 * screen elsewhere too (the job's card, the toast). Live regions by aria-live alone, without the
 * status and alert roles, so they are not mistaken for a form's status line or a dialog's alert.
 */
export function LiveRegions() {
  const polite = useAnnouncer((s) => s.polite)
  const assertive = useAnnouncer((s) => s.assertive)
  return (
    <>
      <div className="sr-only" aria-live="polite" aria-atomic="true" data-testid="live-polite">
        {polite && <span key={polite.seq}>{polite.text}</span>}
      </div>
      <div className="sr-only" aria-live="assertive" aria-atomic="true" data-testid="live-assertive">
        {assertive && <span key={assertive.seq}>{assertive.text}</span>}
      </div>
    </>
  )
}
