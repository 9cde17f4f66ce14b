import { SelectField } from '@renderer/components/form/SelectField'
import { TextField } from '@renderer/components/form/TextField'
import { useT } from '@renderer/i18n/use-t'
import { IMAGEGEN_RATIOS, RESOLUTIONS } from '@shared/domain/images'
import { ImageModelField, PromptField, UrlList } from '../fields'
import { useGenerateDraft } from './draft-store'
import { MAX_REFS, type ImagegenDraft } from './generate-draft'
import type { ErrorFor } from './GenerateForm'

/** The first family: model, prompt, n (required), size W*H, reference URLs, ratio, resolution. Nothing else. */
export function ImagegenFields({ errorFor }: { errorFor: ErrorFor }) {
  const { t } = useT()
  const d = useGenerateDraft((s) => s.imagegen)
  const patch = useGenerateDraft((s) => s.patchImagegen)
  const dflt = { value: '', label: t('images.common.default') }
  return (
    <>
      <ImageModelField family="imagegen" value={d.model} onChange={(model) => patch({ model })} error={errorFor('model')} />
      <PromptField value={d.prompt} onChange={(prompt) => patch({ prompt })} error={errorFor('prompt')} placeholder={t('images.generate.promptPlaceholder')} />
      <div className="field-grid">
        <TextField
          label={t('images.common.count')}
          inputMode="numeric"
          value={d.n}
          onChange={(e) => patch({ n: e.target.value })}
          error={errorFor('n')}
          help={t('images.generate.countHelpImagegen')}
        />
        <TextField
          label={t('images.generate.sizeImagegen')}
          value={d.size}
          placeholder="2048*2048"
          onChange={(e) => patch({ size: e.target.value })}
          error={errorFor('size')}
          help={t('images.generate.sizeImagegenHelp')}
        />
        <SelectField
          label={t('images.common.ratio')}
          value={d.ratio}
          onChange={(v) => patch({ ratio: v as ImagegenDraft['ratio'] })}
          options={[dflt, ...IMAGEGEN_RATIOS.map((r) => ({ value: r, label: r }))]}
        />
        <SelectField
          label={t('images.common.resolution')}
          value={d.resolution}
          onChange={(v) => patch({ resolution: v as ImagegenDraft['resolution'] })}
          options={[dflt, ...RESOLUTIONS.map((r) => ({ value: r, label: r }))]}
        />
      </div>
      <UrlList
        legend={t('images.generate.references')}
        itemLabel={t('images.generate.referenceUrl')}
        help={t('images.generate.referencesHelpImagegen')}
        urls={d.urls}
        max={MAX_REFS}
        onChange={(urls) => patch({ urls })}
        errorAt={(i) => errorFor(`image.${i}`)}
        error={errorFor('image')}
      />
    </>
  )
}
