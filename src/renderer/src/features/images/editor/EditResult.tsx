import { useState, type KeyboardEvent } from 'react'
import { QueuedJobNote } from '@renderer/components/queue/QueuedJobNote'
import { useT } from '@renderer/i18n/use-t'
import { errorMessage } from '@renderer/lib/error-text'
import type { GalleryItem } from '@shared/domain/images'
import type { EditorSource } from '../images-ui-store'
import { useImagesUi } from '../images-ui-store'
import { JobCard } from '../jobs/JobCard'
import { useProtectOutsideMask } from '../mutations'
import { useJobs } from '../queries'
import { featherHalfWidth } from './raster/mask-renderer'
import { sourceOfItem } from './source'
import { usePainterStore } from './state/painter-store'

/** The host flags an edit whose pixels changed outside the mask above ~2 %: the channel likely ignored the mask. */
export const OUTSIDE_MASK_WARN = 0.02

/** The seam the host feathers when protecting: as wide as the brush's own soft edge, within the contract's 0..64. */
function featherPx(): number {
  const { size, hardness } = usePainterStore.getState()
  return Math.min(64, Math.round(featherHalfWidth(size / 2, hardness) * 2))
}

/** The finished edit: result and source in one frame (hold C or Compare), mask honesty, protect. */
export function EditResult({ jobId, source, onBack }: { jobId: string; source: EditorSource; onBack: () => void }) {
  const { t } = useT()
  const job = useJobs().data?.find((j) => j.jobId === jobId)
  const compare = usePainterStore((s) => s.compare)
  const setCompare = usePainterStore((s) => s.setCompare)
  const [index, setIndex] = useState(0)
  const [protectedItem, setProtected] = useState<GalleryItem | null>(null)
  const [error, setError] = useState<string | null>(null)
  const protect = useProtectOutsideMask()
  // Not a job yet: the edit waits in the local queue (its place or why it is held).
  if (!job) return <QueuedJobNote jobId={jobId} what="edit" />
  const item = protectedItem ?? job.items[Math.min(index, job.items.length - 1)]
  const share = item?.outsideMaskChange
  const suspicious = !protectedItem && share !== undefined && share > OUTSIDE_MASK_WARN

  const onKey = (e: KeyboardEvent, down: boolean) => {
    if (
      (e.key === 'c' || e.key === 'C') &&
      !e.ctrlKey &&
      !e.metaKey &&
      !e.altKey &&
      !(e.target instanceof HTMLInputElement)
    ) {
      if (down && e.repeat) return
      setCompare(down)
    }
  }
  const onProtect = () =>
    item &&
    protect.mutate(
      { id: item.id, featherPx: featherPx() },
      {
        onSuccess: (protectedCopy) => {
          setProtected(protectedCopy)
          useImagesUi.getState().setNotice(t('images.editor.protected'))
        },
        onError: (err) => setError(errorMessage(err))
      }
    )

  return (
    <section
      className="edit-result"
      role="region"
      aria-label={t('images.editor.result')}
      onKeyDown={(e) => onKey(e, true)}
      onKeyUp={(e) => onKey(e, false)}
    >
      <JobCard job={job} hideItems />
      {item && (
        <>
          <div
            className="compare-frame"
            data-showing={compare ? 'source' : 'result'}
            tabIndex={0}
            aria-label={compare ? t('images.editor.showingSource') : t('images.editor.showingResult')}
          >
            <img className="compare-image" src={source.url} alt="" hidden={!compare} />
            <img
              className="compare-image"
              src={item.url}
              alt={t('images.jobs.resultAlt', { prompt: item.prompt })}
              hidden={compare}
              data-testid="edit-result-image"
            />
          </div>
          <div className="result-bar">
            <button
              type="button"
              className="button button-small"
              aria-pressed={compare}
              aria-keyshortcuts="C"
              onClick={() => setCompare(!compare)}
            >
              {t('images.painter.tools.compare')}
            </button>
            <span className="field-help">{t('images.editor.compareHint')}</span>
            {job.items.length > 1 &&
              job.items.map((_, i) => (
                <button
                  key={i}
                  type="button"
                  className="button button-small"
                  aria-pressed={i === index && !protectedItem}
                  onClick={() => {
                    setIndex(i)
                    setProtected(null)
                  }}
                >
                  {t('images.editor.resultOf', { index: i + 1, count: job.items.length })}
                </button>
              ))}
          </div>
          {suspicious && (
            <div className="warning warning-strong" role="alert" data-testid="outside-mask-warning">
              <span>{t('images.editor.outsideWarning', { percent: `${(share * 100).toFixed(1)}%` })}</span>
              <button
                type="button"
                className="button button-small"
                onClick={onProtect}
                aria-busy={protect.isPending || undefined}
              >
                {t('images.editor.protect')}
              </button>
            </div>
          )}
          {error && (
            <p role="alert" className="field-error">
              {error}
            </p>
          )}
        </>
      )}
      {/* Always there: a failed or refused edit must lead back to the mask for another try. */}
      <div className="result-bar">
        <button
          type="button"
          className="button"
          onClick={() => {
            setCompare(false)
            onBack()
          }}
        >
          {t('images.editor.newMask')}
        </button>
        {item && (
          <button
            type="button"
            className="button"
            onClick={() => useImagesUi.getState().openEditor(sourceOfItem(item))}
          >
            {t('images.editor.editAgain')}
          </button>
        )}
      </div>
    </section>
  )
}
