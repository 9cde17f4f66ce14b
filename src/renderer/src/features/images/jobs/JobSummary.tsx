import type { ReactNode } from 'react'
import { useT } from '@renderer/i18n/use-t'
import type { ImageJob } from '@shared/domain/images'

export interface JobSummary {
  /** The time the job was sent, hours and minutes in the UI language. */
  time: string
  /** Running but waiting on a rejected key: waiting for the user, not working, so no spinner. */
  paused: boolean
  /** The prompt names the job (a native task shows only its task id until a result arrives). */
  prompt: string
}

/** What the jobs list's card and the strip's row both say about a job. */
export function useJobSummary(job: ImageJob): JobSummary {
  const { t, i18n } = useT()
  return {
    time: new Date(job.createdAt).toLocaleTimeString(i18n.language, { hour: '2-digit', minute: '2-digit' }),
    paused: job.status === 'running' && job.paused === 'key-rejected',
    prompt: job.prompt?.trim() || job.items[0]?.prompt.trim() || t('images.gallery.untitled')
  }
}

/** The job's state as a badge; a paused job says why. */
export function JobStatusBadge({ job, paused }: { job: ImageJob; paused: boolean }) {
  const { t } = useT()
  return (
    <span className={`badge badge-status badge-${paused ? 'paused' : job.status}`} data-testid="job-status">
      {paused ? t('images.jobs.pausedKeyRejected') : t(`images.jobs.status.${job.status}`)}
    </span>
  )
}

/**
 * The job's article: named by its heading (`job-<id>`) and prompt (`job-<id>-prompt`), which the
 * children render, with its state for styling.
 */
export function JobArticle({
  job,
  paused,
  className,
  children
}: {
  job: ImageJob
  paused: boolean
  className: string
  children: ReactNode
}) {
  return (
    <article
      className={className}
      data-status={paused ? 'paused' : job.status}
      aria-labelledby={`job-${job.jobId} job-${job.jobId}-prompt`}
    >
      {children}
    </article>
  )
}
