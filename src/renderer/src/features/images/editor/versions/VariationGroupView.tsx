import { useT } from '@renderer/i18n/use-t'
import { errorMessage } from '@renderer/lib/error-text'
import { usePickVersion } from '@renderer/lib/versions'
import type { GalleryItem } from '@shared/domain/images'
import { useImagesUi } from '../../images-ui-store'
import { useJobs } from '../../queries'
import { sourceOfItem } from '../source'
import { useVariations, type VariationGroup } from './variations-store'

/**
 * One "More like this" group: each variation as it arrives, with "Use this", which makes it a
 * version of the picture (linked by the host) and the editor's current version.
 */
export function VariationGroupView({ group }: { group: VariationGroup }) {
  const { t } = useT()
  const jobs = useJobs().data ?? []
  const pick = usePickVersion()
  const use = (item: GalleryItem, n: number) =>
    pick.mutate(item.id, {
      onSuccess: () => {
        useImagesUi.getState().openEditor(sourceOfItem(item))
        useImagesUi.getState().setNotice(t('flows.variations.picked', { n }))
      }
    })
  return (
    <section
      className="variation-group"
      aria-label={t('flows.variations.group', { name: group.name })}
      data-testid="variation-group"
    >
      <div className="variation-head">
        <h3 className="section-title">{t('flows.variations.group', { name: group.name })}</h3>
        <button
          type="button"
          className="button button-small"
          onClick={() => useVariations.getState().dismiss(group.groupId)}
        >
          {t('flows.variations.dismiss')}
        </button>
      </div>
      <ol className="variation-list">
        {group.jobIds.map((jobId, i) => {
          const job = jobs.find((j) => j.jobId === jobId)
          const item = job?.items[0]
          const n = i + 1
          return (
            <li key={jobId} className="variation-cell" data-testid="variation">
              {item ? (
                <>
                  <img
                    className="variation-thumb"
                    src={item.url}
                    alt={t('images.jobs.resultAlt', { prompt: item.prompt })}
                    loading="lazy"
                    decoding="async"
                  />
                  <button
                    type="button"
                    className="button button-small"
                    aria-label={t('flows.variations.useNamed', { n })}
                    onClick={() => use(item, n)}
                    disabled={pick.isPending}
                  >
                    {t('flows.variations.use')}
                  </button>
                </>
              ) : job && job.status !== 'running' ? (
                <p className="field-error">
                  {t('flows.variations.noResult', { n, message: job.error?.message ?? job.status })}
                </p>
              ) : (
                <p className="field-help" aria-busy="true">
                  {t('flows.variations.waiting', { n })}
                </p>
              )}
            </li>
          )
        })}
      </ol>
      {pick.isError && (
        <p className="field-error" role="alert">
          {errorMessage(pick.error)}
        </p>
      )}
    </section>
  )
}

/** The groups of variations of `of` (or every group when absent), newest first. */
export function VariationGroups({ of }: { of?: string[] }) {
  const groups = useVariations((s) => s.groups).filter((g) => !of || of.includes(g.of))
  if (!groups.length) return null
  return (
    <div className="variation-groups">
      {groups.map((g) => (
        <VariationGroupView key={g.groupId} group={g} />
      ))}
    </div>
  )
}
