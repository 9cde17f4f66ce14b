import { memo } from 'react'
import { Icon } from '@renderer/components/Icon'
import { useT } from '@renderer/i18n/use-t'
import type { ImageJob } from '@shared/domain/images'
import { JobEta } from './JobEta'
import { JobArticle, JobStatusBadge, useJobSummary } from './JobSummary'

/**
 * A running job as one row of the strip beside the gallery: progress (or a warning mark while it
 * waits on a rejected key), the prompt, kind and time, its state, progress note, task id and ETA.
 * When it ends it leaves the strip: its result goes to the gallery and its card to the jobs list.
 */
export const JobRow = memo(function JobRow({ job }: { job: ImageJob }) {
  const { t } = useT()
  const { time, paused, prompt } = useJobSummary(job)
  return (
    <JobArticle job={job} paused={paused} className="strip-job">
      <span className="strip-mark">
        {paused ? (
          <Icon name="warning" />
        ) : (
          <progress className="strip-progress" aria-label={t('images.jobs.progress')} />
        )}
      </span>
      <div className="strip-main">
        <p id={`job-${job.jobId}-prompt`} className="strip-prompt" title={prompt}>
          {prompt}
        </p>
        <div className="strip-sub">
          <span id={`job-${job.jobId}`}>
            {t(`images.jobs.kind.${job.kind}`)} · {time}
          </span>
          <JobStatusBadge job={job} paused={paused} />
          {!paused && job.progressNote && <span title={job.progressNote}>{job.progressNote}</span>}
          {job.taskId && <span>{t('images.jobs.taskId', { id: job.taskId })}</span>}
          {!paused && <JobEta model={job.model} startedAt={job.createdAt} />}
        </div>
        {paused && (
          <p className="warning strip-note" role="note" title={t('images.jobs.pausedHelp')}>
            {t('images.jobs.pausedHelp')}
          </p>
        )}
      </div>
    </JobArticle>
  )
})
