import { SelectField } from '@renderer/components/form/SelectField'
import { useT } from '@renderer/i18n/use-t'
import { useActiveNames } from '@renderer/lib/profiles/queries'
import { ORIENTATIONS } from '@shared/domain/video'
import { useVideoDraft } from './draft-store'
import { capFor, withOrientation, type Unified2Draft } from './drafts'
import { CheckField, enumOptions, TextArea, TextInput, type ErrorFor } from './fields'
import { RefEditor } from './RefEditor'
import { VideoModelField } from './VideoModelField'

/** The unified route's second family: every field is required by the spec, so each starts at its default. */
export function Unified2Fields({ errorFor }: { errorFor: ErrorFor }) {
  const { t } = useT()
  const d = useVideoDraft((s) => s.drafts.unified2)
  const patch = (p: Partial<Unified2Draft>) => useVideoDraft.getState().patch('unified2', p)
  const cap = capFor('unified2', d.model, useActiveNames())
  const defaultLabel = (v: string) => t('video.form.defaultValue', { value: v })
  return (
    <>
      <VideoModelField family="unified2" errorFor={errorFor} />
      <RefEditor
        legend={t('video.refs.references')}
        refs={d.refs}
        max={cap.maxReferences}
        kinds={cap.referenceKinds}
        onChange={(refs) => patch({ refs })}
        field="images"
        rowField={(i) => `images.${i}`}
        errorFor={errorFor}
        testId="unified2-refs"
        help={t('video.refs.urlHelp')}
      />
      <TextArea label={t('video.form.prompt')} value={d.prompt} onChange={(prompt) => patch({ prompt })} max={cap.promptMax} rows={4} error={errorFor('prompt')} />
      <div className="field-grid">
        <SelectField
          label={t('video.form.orientation')}
          value={d.orientation}
          options={ORIENTATIONS.map((o) => ({ value: o, label: t(`video.form.orientations.${o}`) }))}
          onChange={(o) => useVideoDraft.getState().replace('unified2', withOrientation(d, o as Unified2Draft['orientation']))}
        />
        <SelectField label={t('video.form.size')} value={d.size} options={enumOptions(cap.resolutions, undefined, cap.defaultResolution, defaultLabel)} onChange={(size) => patch({ size })} error={errorFor('size')} />
        <SelectField
          label={t('video.form.aspectRatio')}
          value={d.aspectRatio}
          options={enumOptions(cap.aspectRatios, undefined, cap.defaultAspectRatio, defaultLabel)}
          onChange={(aspectRatio) => patch({ aspectRatio })}
          error={errorFor('aspect_ratio')}
        />
        <TextInput
          label={t('video.form.duration')}
          value={d.duration}
          inputMode="numeric"
          onChange={(duration) => patch({ duration })}
          error={errorFor('duration')}
          help={t('video.form.durationDefault', { min: cap.duration.min, max: cap.duration.max, model: d.model, value: cap.duration.default })}
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
