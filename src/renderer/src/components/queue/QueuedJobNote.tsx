import { useT } from '@renderer/i18n/use-t'
import { stateWords } from './queue-words'
import { useQueue, useQueueSync } from './QueuePanel'

/**
 * Where a job that is not running yet stands in the local queue ("This edit waits in the queue:
 * waiting, 2nd" or why it is held), found by the job id the queue chose for it; nothing once it runs.
 */
export function QueuedJobNote({ jobId, what }: { jobId: string; what: 'edit' | 'native' }) {
  const { t, i18n } = useT()
  useQueueSync()
  const item = useQueue().data?.items.find((i) => i.jobId === jobId)
  if (!item || item.state === 'running' || item.state === 'sending') return null
  return (
    <p className="field-help" role="status" data-testid="queued-job" data-state={item.state}>
      {t(what === 'edit' ? 'images.queue.queuedEdit' : 'images.queue.queuedNative', {
        state: stateWords(t, i18n.language, item)
      })}
    </p>
  )
}
