import { SelectField } from '@renderer/components/form/SelectField'
import { useT } from '@renderer/i18n/use-t'
import { VIDEO_FAMILY, ORIENTATIONS } from '@shared/domain/video'
import { useVideoDraft } from './draft-store'
import { withOrientation, type UnifiedSecondDraft } from './drafts'
import { DurationField, FamilyPrompt, FamilyRefs, ModelChoice, useFamilyDraft } from './family-kit'
import { CheckField, type ErrorFor } from './fields'
import { VideoModelField } from './VideoModelField'

/** The unified route's second family: every field is required by the spec, so each starts at its default. */
export function UnifiedSecondFields({ errorFor }: { errorFor: ErrorFor }) {
  const { t } = useT()
  const { d, patch, cap } = useFamilyDraft(VIDEO_FAMILY.unifiedSecond)
  return (
    <>
      <VideoModelField family={VIDEO_FAMILY.unifiedSecond} errorFor={errorFor} />
      <FamilyRefs
        family={VIDEO_FAMILY.unifiedSecond}
        field="images"
        legend={t('video.refs.references')}
        max={cap.maxReferences}
        errorFor={errorFor}
        help={t('video.refs.urlHelp')}
      />
      <FamilyPrompt value={d.prompt} onChange={(prompt) => patch({ prompt })} max={cap.promptMax} errorFor={errorFor} />
      <div className="field-grid">
        <SelectField
          label={t('video.form.orientation')}
          value={d.orientation}
          options={ORIENTATIONS.map((o) => ({ value: o, label: t(`video.form.orientations.${o}`) }))}
          onChange={(o) =>
            useVideoDraft
              .getState()
              .replace(VIDEO_FAMILY.unifiedSecond, withOrientation(d, o as UnifiedSecondDraft['orientation']))
          }
        />
        <ModelChoice
          label={t('video.form.size')}
          value={d.size}
          values={cap.resolutions}
          dflt={cap.defaultResolution}
          onChange={(size) => patch({ size })}
          error={errorFor('size')}
        />
        <ModelChoice
          label={t('video.form.aspectRatio')}
          value={d.aspectRatio}
          values={cap.aspectRatios}
          dflt={cap.defaultAspectRatio}
          onChange={(aspectRatio) => patch({ aspectRatio })}
          error={errorFor('aspect_ratio')}
        />
        <DurationField
          value={d.duration}
          onChange={(duration) => patch({ duration })}
          model={d.model}
          duration={cap.duration}
          errorFor={errorFor}
        />
      </div>
      <CheckField
        label={t('video.form.enableUpsample')}
        checked={d.enableUpsample}
        onChange={(enableUpsample) => patch({ enableUpsample })}
        error={errorFor('enable_upsample')}
        help={t('video.form.upsampleHelp')}
      />
    </>
  )
}
