import { useT } from '@renderer/i18n/use-t'
import { VIDEO_FAMILY } from '@shared/domain/video-models'
import { FamilyPrompt, FamilyRefs, ModelChoice, useFamilyDraft } from './family-kit'
import { TextInput, type ErrorFor } from './fields'
import { VideoModelField } from './VideoModelField'

/** The video-object multipart family (gk-video-3): references are files, lengths of pro and max are fixed. */
export function VideosMultipartFields({ errorFor }: { errorFor: ErrorFor }) {
  const { t } = useT()
  const { d, patch, cap } = useFamilyDraft(VIDEO_FAMILY.videosMultipart)
  const forced = cap.duration.forced
  return (
    <>
      <VideoModelField family={VIDEO_FAMILY.videosMultipart} errorFor={errorFor} />
      <FamilyPrompt value={d.prompt} onChange={(prompt) => patch({ prompt })} max={cap.promptMax} errorFor={errorFor} />
      <div className="field-grid">
        <ModelChoice
          label={t('video.form.aspectRatio')}
          value={d.aspectRatio}
          values={cap.aspectRatios}
          notSent
          onChange={(aspectRatio) => patch({ aspectRatio })}
          error={errorFor('aspect_ratio')}
        />
        <ModelChoice
          label={t('video.form.size')}
          value={d.size}
          values={cap.resolutions}
          dflt={cap.defaultResolution}
          notSent
          onChange={(size) => patch({ size })}
          error={errorFor('size')}
        />
        <TextInput
          label={t('video.form.seconds')}
          value={forced ? String(forced) : d.seconds}
          inputMode="numeric"
          disabled={Boolean(forced)}
          onChange={(seconds) => patch({ seconds })}
          error={errorFor('seconds')}
          help={
            forced ? (
              <span data-testid="videosMultipart-forced">
                {t('video.form.forcedSeconds', { seconds: forced, model: d.model })}
              </span>
            ) : (
              t('video.form.secondsHelp', { min: cap.duration.min, max: cap.duration.max })
            )
          }
        />
      </div>
      <FamilyRefs
        family={VIDEO_FAMILY.videosMultipart}
        field="references"
        legend={t('video.refs.references')}
        max={cap.maxReferences}
        errorFor={errorFor}
        help={t('video.refs.limits')}
      />
    </>
  )
}
