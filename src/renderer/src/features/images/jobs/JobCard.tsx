import { memo } from 'react'
import { MeasuredCost } from '@renderer/components/form/EstimateLine'
import { FormAlert } from '@renderer/components/form/FormAlert'
import { useT } from '@renderer/i18n/use-t'
import { errorTitle } from '@renderer/lib/error-text'
import type { GalleryItem, ImageJob } from '@shared/domain/images'
import { StudioError } from '@shared/error-core'
import { MoreLikeThis } from '../editor/versions/MoreLikeThis'
import { sizeReport } from './job-text'
import { JobEta } from './JobEta'
import { JobArticle, JobStatusBadge, useJobSummary } from './JobSummary'

function SizeLine({ item }: { item: GalleryItem }) {
  const { t } = useT()
  const r = sizeReport(item)
  if (r.kind === 'differs')
    return (
      <span className="job-size job-size-differs">
        {t('images.jobs.sizeDiffers', { requested: r.requested, actual: r.actual })}
      </span>
    )
  return (
    <span className="job-size">
      {t(r.kind === 'matches' ? 'images.jobs.sizeMatches' : 'images.jobs.actualSize', { actual: r.actual })}
    </span>
  )
}

export interface JobCardProps {
  job: ImageJob
  onEdit?: (item: GalleryItem) => void
  /** The editor shows the images itself, large, with compare. */
  hideItems?: boolean
}

/** One job: status, progress, precise error, warnings, and its images with revised prompt and sizes. Memoized: only changed jobs re-render. */
export const JobCard = memo(function JobCard({ job, onEdit, hideItems = false }: JobCardProps) {
  const { t } = useT()
  const error = job.error ? StudioError.fromData(job.error) : null
  const { time, paused, prompt } = useJobSummary(job)
  return (
    <JobArticle job={job} paused={paused} className="job-card">
      <header className="job-head">
        <h3 id={`job-${job.jobId}`} className="job-title">
          {t(`images.jobs.kind.${job.kind}`)} · {time}
        </h3>
        <JobStatusBadge job={job} paused={paused} />
      </header>
      <p id={`job-${job.jobId}-prompt`} className="job-prompt" title={prompt}>
        {prompt}
      </p>
      {paused && (
        <p className="warning" role="note">
          {t('images.jobs.pausedHelp')}
        </p>
      )}
      {job.status === 'running' && !paused && (
        <div className="job-progress">
          <progress aria-label={t('images.jobs.progress')} />
          {job.progressNote && <span className="field-help">{job.progressNote}</span>}
        </div>
      )}
      {job.status === 'running' && !paused && <JobEta model={job.model} startedAt={job.createdAt} />}
      {job.taskId && <p className="field-help">{t('images.jobs.taskId', { id: job.taskId })}</p>}
      <MeasuredCost
        jobRef={job.jobId}
        ended={job.status !== 'running'}
        charged={job.status === 'done' || job.status === 'outcome-unknown'}
      />
      {job.status === 'outcome-unknown' && (
        <p className="warning warning-strong" role="note">
          {t('images.jobs.outcomeUnknown')}
        </p>
      )}
      {error && <FormAlert role="group" title={errorTitle(t, error)} detail={error.message} />}
      {job.warnings.length > 0 && (
        <ul className="job-warnings" aria-label={t('images.jobs.warnings')}>
          {job.warnings.map((w, i) => (
            <li key={i} className="warning">
              {w}
            </li>
          ))}
        </ul>
      )}
      {!hideItems && job.items.length > 0 && (
        <ul className="job-items">
          {job.items.map((item) => (
            <li key={item.id} className="job-item">
              <img
                className="job-thumb"
                src={item.url}
                alt={t('images.jobs.resultAlt', { prompt: item.prompt || t('images.gallery.untitled') })}
                loading="lazy"
                decoding="async"
              />
              <div className="job-item-meta">
                <SizeLine item={item} />
                {item.revisedPrompt && (
                  <p className="job-revised">{t('images.jobs.revisedPrompt', { text: item.revisedPrompt })}</p>
                )}
                {onEdit && (
                  <button type="button" className="button button-small" onClick={() => onEdit(item)}>
                    {t('images.gallery.edit')}
                  </button>
                )}
                {onEdit && job.kind !== 'edit' && (
                  <MoreLikeThis itemId={item.id} name={item.prompt || t('images.gallery.untitled')} />
                )}
              </div>
            </li>
          ))}
        </ul>
      )}
    </JobArticle>
  )
})
