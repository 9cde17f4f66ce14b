import { SelectField } from '@renderer/components/form/SelectField'
import { useT } from '@renderer/i18n/use-t'
import { VIDEO_FAMILY, VIDEO_LIMITS } from '@shared/domain/video'
import { DurationField, FamilyPrompt, FamilyRefs, ModelChoice, useFamilyDraft } from './family-kit'
import { CheckField, TextArea, TextInput, type ErrorFor } from './fields'
import { VideoModelField } from './VideoModelField'

const n = (v: number) => v.toLocaleString('en-US')

/** The unified route's first family: every field of the spec's table, its limits shown as you type. */
export function UnifiedFirstFields({ errorFor }: { errorFor: ErrorFor }) {
  const { t } = useT()
  const { d, patch, cap } = useFamilyDraft(VIDEO_FAMILY.unifiedFirst)
  const mode = d.refs.length === 0 ? 'modeText' : d.refs.length === 1 ? 'modeImage' : 'modeFirstLast'
  return (
    <>
      <VideoModelField family={VIDEO_FAMILY.unifiedFirst} errorFor={errorFor} />
      <FamilyRefs
        family={VIDEO_FAMILY.unifiedFirst}
        field="images"
        legend={t('video.refs.images')}
        max={VIDEO_LIMITS.unifiedFirstImagesMax}
        errorFor={errorFor}
        help={
          <>
            <span data-testid="unifiedFirst-mode">{t(`video.refs.${mode}`)}</span> {t('video.refs.limits')}
          </>
        }
      />
      <FamilyPrompt
        value={d.prompt}
        onChange={(prompt) => patch({ prompt })}
        max={cap.promptMax}
        errorFor={errorFor}
        help={d.isRec ? t('video.form.promptIgnored') : undefined}
      />
      <CheckField
        label={t('video.form.isRec')}
        checked={d.isRec}
        onChange={(isRec) => patch({ isRec })}
        help={t('video.form.isRecHelp')}
      />
      <div className="field-grid">
        <ModelChoice
          label={t('video.form.aspectRatio')}
          value={d.aspectRatio}
          // Offer every ratio the family knows, so a choice that this model refuses is explained, not hidden.
          values={[...new Set(['16:9', '9:16', '3:4', '4:3', '1:1', ...cap.aspectRatios])]}
          dflt={cap.defaultAspectRatio}
          onChange={(aspectRatio) => patch({ aspectRatio })}
          error={errorFor('aspect_ratio')}
          help={t('video.form.aspectHelp', { model: d.model, allowed: cap.aspectRatios.join(', ') })}
        />
        <ModelChoice
          label={t('video.form.resolution')}
          value={d.resolution}
          values={cap.resolutions}
          dflt={cap.defaultResolution}
          notSent
          onChange={(resolution) => patch({ resolution })}
          error={errorFor('resolution')}
          help={t('video.form.resolutionHelp', { model: d.model, allowed: cap.resolutions.join(', ') })}
        />
        <DurationField
          value={d.duration}
          onChange={(duration) => patch({ duration })}
          model={d.model}
          duration={cap.duration}
          errorFor={errorFor}
        />
        <TextInput
          label={t('video.form.seed')}
          value={d.seed}
          inputMode="numeric"
          onChange={(seed) => patch({ seed })}
          error={errorFor('seed')}
          help={t('video.form.seedHelp')}
        />
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
      <CheckField
        label={t('video.form.watermark')}
        checked={d.watermark}
        onChange={(watermark) => patch({ watermark })}
      />
      {d.watermark && (
        <div className="field-grid">
          <SelectField
            label={t('video.form.wmPosition')}
            value={d.wmPosition}
            options={(['1', '2', '3', '4'] as const).map((v) => ({
              value: v,
              label: t(`video.form.wmPositions.${v}`)
            }))}
            onChange={(wmPosition) => patch({ wmPosition })}
          />
          <TextInput
            label={t('video.form.wmUrl')}
            type="url"
            value={d.wmUrl}
            onChange={(wmUrl) => patch({ wmUrl })}
            error={errorFor('wm_url')}
            help={t('video.form.wmUrlHelp')}
          />
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
          help={t('video.form.payloadHelp', {
            max: n(VIDEO_LIMITS.unifiedFirstPayloadMax),
            count: n(d.payload.length)
          })}
        />
        <TextArea
          label={t('video.form.metaData')}
          value={d.metaData}
          onChange={(metaData) => patch({ metaData })}
          mono
          error={errorFor('meta_data')}
          help={t('video.form.metaDataHelp')}
        />
      </details>
    </>
  )
}
