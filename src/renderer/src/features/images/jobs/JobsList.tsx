import { useT } from '@renderer/i18n/use-t'
import type { GalleryItem } from '@shared/domain/images'
import { sourceOfItem } from '../editor/source'
import { VariationGroups } from '../editor/versions/VariationGroupView'
import { useImagesUi } from '../images-ui-store'
import { useJobs } from '../queries'
import { JobCard } from './JobCard'

/** Ended jobs, newest first, with their details; running ones are in the strip beside the gallery (JobStrip). Updates arrive as host events. */
export function JobsList() {
  const { t } = useT()
  const jobs = useJobs()
  const openEditor = useImagesUi((s) => s.openEditor)
  const onEdit = (item: GalleryItem) => openEditor(sourceOfItem(item))
  const list = (jobs.data ?? []).filter((j) => j.status !== 'running')
  return (
    <section className="jobs" aria-labelledby="jobs-title">
      <h2 id="jobs-title" className="section-title">
        {t('images.jobs.label')}
      </h2>
      <VariationGroups />
      {list.length === 0 ? (
        <p className="field-help">{t('images.jobs.empty')}</p>
      ) : (
        <div className="job-list">
          {list.map((job) => (
            <JobCard key={job.jobId} job={job} onEdit={onEdit} />
          ))}
        </div>
      )}
    </section>
  )
}
