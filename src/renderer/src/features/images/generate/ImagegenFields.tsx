import { ChoiceField } from '@renderer/components/form/ChoiceField'
import { TextField } from '@renderer/components/form/TextField'
import { useT } from '@renderer/i18n/use-t'
import { IMAGEGEN_RATIOS, RESOLUTIONS } from '@shared/domain/images'
import { CountField, ModelAndPrompt, UrlList } from '../fields'
import { useGenerateDraft } from './draft-store'
import { MAX_REFS } from './generate-draft'
import type { ErrorFor } from './GenerateForm'

/** The first family: model, prompt, n (required), size W*H, reference URLs, ratio, resolution. Nothing else. */
export function ImagegenFields({ errorFor }: { errorFor: ErrorFor }) {
  const { t } = useT()
  const d = useGenerateDraft((s) => s.imagegen)
  const patch = useGenerateDraft((s) => s.patchImagegen)
  return (
    <>
      <ModelAndPrompt family="imagegen" draft={d} patch={patch} errorFor={errorFor} />
      <div className="field-grid">
        <CountField
          value={d.n}
          onChange={(n) => patch({ n })}
          error={errorFor('n')}
          help={t('images.generate.countHelpImagegen')}
        />
        <TextField
          label={t('images.generate.sizeImagegen')}
          value={d.size}
          placeholder="2048 × 2048"
          onChange={(e) => patch({ size: e.target.value })}
          error={errorFor('size')}
          help={t('images.generate.sizeImagegenHelp')}
        />
        <ChoiceField
          label={t('images.common.ratio')}
          value={d.ratio}
          onChange={(ratio) => patch({ ratio })}
          choices={IMAGEGEN_RATIOS}
          blank={t('images.common.default')}
        />
        <ChoiceField
          label={t('images.common.resolution')}
          value={d.resolution}
          onChange={(resolution) => patch({ resolution })}
          choices={RESOLUTIONS}
          blank={t('images.common.default')}
        />
      </div>
      <UrlList
        legend={t('images.generate.references')}
        itemLabel={t('images.generate.referenceUrl')}
        help={t('images.generate.referencesHelpImagegen')}
        urls={d.urls}
        max={MAX_REFS}
        onChange={(urls) => patch({ urls })}
        field="image"
        errorFor={errorFor}
      />
    </>
  )
}
