import { SelectField } from '@renderer/components/form/SelectField'
import { useT } from '@renderer/i18n/use-t'
import { useActiveNames } from '@renderer/lib/profiles/queries'
import { useVideoDraft } from './draft-store'
import { capFor, type GkDraft } from './drafts'
import { enumOptions, TextArea, TextInput, type ErrorFor } from './fields'
import { RefEditor } from './RefEditor'
import { VideoModelField } from './VideoModelField'

/** The video-object multipart family (gk-video-3): references are files, lengths of pro and max are fixed. */
export function GkFields({ errorFor }: { errorFor: ErrorFor }) {
  const { t } = useT()
  const d = useVideoDraft((s) => s.drafts.gk)
  const patch = (p: Partial<GkDraft>) => useVideoDraft.getState().patch('gk', p)
  const cap = capFor('gk', d.model, useActiveNames())
  const forced = cap.duration.forced
  const notSent = t('video.form.notSent')
  return (
    <>
      <VideoModelField family="gk" errorFor={errorFor} />
      <TextArea label={t('video.form.prompt')} value={d.prompt} onChange={(prompt) => patch({ prompt })} max={cap.promptMax} rows={4} error={errorFor('prompt')} />
      <div className="field-grid">
        <SelectField label={t('video.form.aspectRatio')} value={d.aspectRatio} options={enumOptions(cap.aspectRatios, notSent)} onChange={(aspectRatio) => patch({ aspectRatio })} error={errorFor('aspect_ratio')} />
        <SelectField
          label={t('video.form.size')}
          value={d.size}
          options={enumOptions(cap.resolutions, notSent, cap.defaultResolution, (v) => t('video.form.defaultValue', { value: v }))}
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
              <span data-testid="gk-forced">{t('video.form.forcedSeconds', { seconds: forced, model: d.model })}</span>
            ) : (
              t('video.form.secondsHelp', { min: cap.duration.min, max: cap.duration.max })
            )
          }
        />
      </div>
      <RefEditor
        legend={t('video.refs.references')}
        refs={d.refs}
        max={cap.maxReferences}
        kinds={cap.referenceKinds}
        onChange={(refs) => patch({ refs })}
        field="references"
        rowField={(i) => `references.${i}`}
        errorFor={errorFor}
        testId="gk-refs"
        help={t('video.refs.limits')}
      />
    </>
  )
}
