import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useId, useState, type FormEvent } from 'react'
import { FormFooter, submitKeyName, submitOnModEnter } from '@renderer/components/form/FormFooter'
import { queueKey } from '@renderer/components/queue/QueuePanel'
import { useT } from '@renderer/i18n/use-t'
import { errorMessage } from '@renderer/lib/error-text'
import { studio } from '@renderer/lib/studio'
import { QUEUE_CAP_MAX } from '@shared/contract/queue'

const capOf = (text: string): number | null => {
  const n = Number(text.trim())
  return text.trim() !== '' && Number.isInteger(n) && n >= 1 && n <= QUEUE_CAP_MAX ? n : null
}

/** The active profile's caps of queued work in flight: image jobs and videos. */
export function QueueSettings() {
  const { t } = useT()
  const id = useId()
  const qc = useQueryClient()
  const { data } = useQuery({ queryKey: queueKey, queryFn: () => studio.queue.list() })
  // What the user typed; null shows the saved cap (so the fields follow a save or another profile).
  const [typedImages, setImages] = useState<string | null>(null)
  const [typedVideos, setVideos] = useState<string | null>(null)
  const images = typedImages ?? (data ? String(data.imageCap) : '')
  const videos = typedVideos ?? (data ? String(data.videoCap) : '')
  const [invalid, setInvalid] = useState(false)
  const save = useMutation({
    mutationFn: (caps: { imageCap: number; videoCap: number }) => studio.queue.set(caps),
    onSuccess: (v) => {
      qc.setQueryData(queueKey, v)
      setImages(null)
      setVideos(null)
    }
  })
  const onSubmit = (e: FormEvent) => {
    e.preventDefault()
    const imageCap = capOf(images)
    const videoCap = capOf(videos)
    setInvalid(imageCap === null || videoCap === null)
    if (imageCap !== null && videoCap !== null) save.mutate({ imageCap, videoCap })
  }
  return (
    <form
      className="queue-settings"
      onSubmit={onSubmit}
      onKeyDown={submitOnModEnter}
      noValidate
      aria-label={t('settings.queueHeading')}
    >
      <p className="section-intro">{t('settings.queue.intro')}</p>
      <div className="field-inline">
        <label className="field" htmlFor={`${id}-images`}>
          <span className="field-label">{t('settings.queue.imageCap')}</span>
          <input
            id={`${id}-images`}
            className="input"
            inputMode="numeric"
            value={images}
            aria-describedby={`${id}-help`}
            aria-invalid={invalid && capOf(images) === null ? true : undefined}
            onChange={(e) => setImages(e.target.value)}
          />
        </label>
        <label className="field" htmlFor={`${id}-videos`}>
          <span className="field-label">{t('settings.queue.videoCap')}</span>
          <input
            id={`${id}-videos`}
            className="input"
            inputMode="numeric"
            value={videos}
            aria-describedby={`${id}-help`}
            aria-invalid={invalid && capOf(videos) === null ? true : undefined}
            onChange={(e) => setVideos(e.target.value)}
          />
        </label>
      </div>
      <p id={`${id}-help`} className="field-help">
        {t('settings.queue.capHelp')}
      </p>
      <FormFooter>
        <button
          type="submit"
          className="button"
          aria-busy={save.isPending || undefined}
          title={submitKeyName()}
          aria-keyshortcuts="Control+Enter Meta+Enter"
        >
          {t('settings.queue.save')}
        </button>
      </FormFooter>
      <p role="status" className="notice">
        {save.isSuccess && !invalid
          ? t('settings.queue.saved', { images: save.data.imageCap, videos: save.data.videoCap })
          : ''}
      </p>
      {invalid && (
        <p role="alert" className="form-alert">
          {t('settings.queue.invalid')}
        </p>
      )}
      {save.error && (
        <p role="alert" className="form-alert">
          {t('settings.queue.failed')}: {errorMessage(save.error)}
        </p>
      )}
    </form>
  )
}
