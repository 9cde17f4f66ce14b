import { QueuePanel, useQueue } from '@renderer/components/queue/QueuePanel'
import { useJobs } from '../queries'
import { JobRow } from './JobRow'

/**
 * The thin strip above the gallery: running jobs (sent at once or from the queue) and the queue's
 * waiting ones, one line each, so the results keep the room. A queued job that runs shows its
 * progress in its queue row.
 */
export function JobStrip() {
  const jobs = useJobs()
  const queue = useQueue()
  const running = (jobs.data ?? []).filter((j) => j.status === 'running')
  const queued = new Set((queue.data?.items ?? []).map((i) => i.jobId))
  const direct = running.filter((j) => !queued.has(j.jobId))
  const byId = new Map(running.map((j) => [j.jobId, j]))
  return (
    <QueuePanel
      kind="image"
      running={
        direct.length > 0
          ? direct.map((job) => (
              <li key={job.jobId} className="strip-row" data-job={job.jobId}>
                <JobRow job={job} />
              </li>
            ))
          : undefined
      }
      bodyFor={(item) => {
        const job = item.state === 'running' || item.state === 'sending' ? byId.get(item.jobId) : undefined
        return job ? <JobRow job={job} /> : undefined
      }}
    />
  )
}
