import { SelectField } from '@renderer/components/form/SelectField'
import { useT } from '@renderer/i18n/use-t'
import { useActiveNames } from '@renderer/lib/profiles/queries'
import { VIDEO_LIMITS } from '@shared/domain/video'
import { useVideoDraft } from './draft-store'
import { capFor, type VidqDraft } from './drafts'
import { CheckField, enumOptions, TextArea, TextInput, type ErrorFor } from './fields'
import { RefEditor } from './RefEditor'
import { VideoModelField } from './VideoModelField'

const n = (v: number) => v.toLocaleString('en-US')

/** The unified route's first family: every field of the spec's table, its limits shown as you type. */
export function VidqFields({ errorFor }: { errorFor: ErrorFor }) {
  const { t } = useT()
  const d = useVideoDraft((s) => s.drafts.vidq)
  const patch = (p: Partial<VidqDraft>) => useVideoDraft.getState().patch('vidq', p)
  const cap = capFor('vidq', d.model, useActiveNames())
  const mode = d.refs.length === 0 ? 'modeText' : d.refs.length === 1 ? 'modeImage' : 'modeFirstLast'
  const duration = cap.duration
  return (
    <>
      <VideoModelField family="vidq" errorFor={errorFor} />
      <RefEditor
        legend={t('video.refs.images')}
        refs={d.refs}
        max={VIDEO_LIMITS.vidqImagesMax}
        kinds={cap.referenceKinds}
        onChange={(refs) => patch({ refs })}
        field="images"
        rowField={(i) => `images.${i}`}
        errorFor={errorFor}
        testId="vidq-refs"
        help={
          <>
            <span data-testid="vidq-mode">{t(`video.refs.${mode}`)}</span> {t('video.refs.limits')}
          </>
        }
      />
      <TextArea
        label={t('video.form.prompt')}
        value={d.prompt}
        onChange={(prompt) => patch({ prompt })}
        max={cap.promptMax}
        rows={4}
        error={errorFor('prompt')}
        help={d.isRec ? t('video.form.promptIgnored') : undefined}
      />
      <CheckField label={t('video.form.isRec')} checked={d.isRec} onChange={(isRec) => patch({ isRec })} help={t('video.form.isRecHelp')} />
      <div className="field-grid">
        <SelectField
          label={t('video.form.aspectRatio')}
          value={d.aspectRatio}
          // Offer every ratio the family knows, so a choice that this model refuses is explained, not hidden.
          options={enumOptions([...new Set(['16:9', '9:16', '3:4', '4:3', '1:1', ...cap.aspectRatios])], undefined, cap.defaultAspectRatio, (v) => t('video.form.defaultValue', { value: v }))}
          onChange={(aspectRatio) => patch({ aspectRatio })}
          error={errorFor('aspect_ratio')}
          help={t('video.form.aspectHelp', { model: d.model, allowed: cap.aspectRatios.join(', ') })}
        />
        <SelectField
          label={t('video.form.resolution')}
          value={d.resolution}
          options={enumOptions(cap.resolutions, t('video.form.notSent'), cap.defaultResolution, (v) => t('video.form.defaultValue', { value: v }))}
          onChange={(resolution) => patch({ resolution })}
          error={errorFor('resolution')}
          help={t('video.form.resolutionHelp', { model: d.model, allowed: cap.resolutions.join(', ') })}
        />
        <TextInput
          label={t('video.form.duration')}
          value={d.duration}
          inputMode="numeric"
          onChange={(duration) => patch({ duration })}
          error={errorFor('duration')}
          help={
            duration.default === null
              ? t('video.form.durationHelp', { min: duration.min, max: duration.max })
              : t('video.form.durationDefault', { min: duration.min, max: duration.max, model: d.model, value: duration.default })
          }
        />
        <TextInput label={t('video.form.seed')} value={d.seed} inputMode="numeric" onChange={(seed) => patch({ seed })} error={errorFor('seed')} help={t('video.form.seedHelp')} />
      </div>
      <div className="check-row">
        <CheckField label={t('video.form.audio')} checked={d.audio} onChange={(audio) => patch({ audio })} />
        <CheckField label={t('video.form.bgm')} checked={d.bgm} onChange={(bgm) => patch({ bgm })} />
        <CheckField label={t('video.form.offPeak')} checked={d.offPeak} onChange={(offPeak) => patch({ offPeak })} />
      </div>
      <TextInput
        label={t('video.form.voiceId')}
        value={d.voiceId}
        onChange={(voiceId) => patch({ voiceId })}
        error={errorFor('voice_id')}
        help={
          cap.voiceIdHasEffect ? (
            t('video.form.voiceHelp')
          ) : (
            <span className="warning" data-testid="voice-no-effect">
              {t('video.form.voiceNoEffect', { model: d.model })}
            </span>
          )
        }
      />
      <CheckField label={t('video.form.watermark')} checked={d.watermark} onChange={(watermark) => patch({ watermark })} />
      {d.watermark && (
        <div className="field-grid">
          <SelectField
            label={t('video.form.wmPosition')}
            value={d.wmPosition}
            options={(['1', '2', '3', '4'] as const).map((v) => ({ value: v, label: t(`video.form.wmPositions.${v}`) }))}
            onChange={(wmPosition) => patch({ wmPosition })}
          />
          <TextInput label={t('video.form.wmUrl')} type="url" value={d.wmUrl} onChange={(wmUrl) => patch({ wmUrl })} error={errorFor('wm_url')} help={t('video.form.wmUrlHelp')} />
        </div>
      )}
      <details className="video-advanced" open={Boolean(errorFor('payload') || errorFor('meta_data')) || undefined}>
        <summary>{t('video.form.advanced')}</summary>
        <TextArea
          label={t('video.form.payload')}
          value={d.payload}
          onChange={(payload) => patch({ payload })}
          mono
          error={errorFor('payload')}
          help={t('video.form.payloadHelp', { max: n(VIDEO_LIMITS.vidqPayloadMax), count: n(d.payload.length) })}
        />
        <TextArea label={t('video.form.metaData')} value={d.metaData} onChange={(metaData) => patch({ metaData })} mono error={errorFor('meta_data')} help={t('video.form.metaDataHelp')} />
      </details>
    </>
  )
}
