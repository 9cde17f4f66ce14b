import { ChoiceField } from '@renderer/components/form/ChoiceField'
import { TextField } from '@renderer/components/form/TextField'
import { useT } from '@renderer/i18n/use-t'
import { IMAGE2_RATIO_SIZES, IMAGE2_SIZES } from '@shared/domain/images'
import { CountField, ModelAndPrompt, ResponseFormatField, WatermarkChoice } from '../fields'
import { useGenerateDraft } from './draft-store'
import { IMAGE2_RATIOS, type Image2Draft } from './generate-draft'
import type { ErrorFor } from './GenerateForm'
import { ReferenceList } from './ReferenceList'

/** What the chosen ratio or size becomes, and the gateway's fallback rule, said in the form. */
export function RatioSizeNote({ ratio }: { ratio: Image2Draft['ratio'] }) {
  const { t } = useT()
  return (
    <span data-testid="ratio-size-note">
      {ratio
        ? `${t('images.generate.ratioGives', { ratio, size: IMAGE2_RATIO_SIZES[ratio] })} `
        : `${t('images.generate.ratioOrSize')} `}
      {t('images.generate.ratioFallback')}
    </span>
  )
}

/**
 * The second family: model, prompt, n (0 or empty = 1), ratio presets or size tiers, references (URL,
 * gallery, file), response format, quality, style, background, watermark.
 */
export function Image2Fields({ errorFor }: { errorFor: ErrorFor }) {
  const { t } = useT()
  const d = useGenerateDraft((s) => s.image2)
  const patch = useGenerateDraft((s) => s.patchImage2)
  const dflt = t('images.common.default')
  return (
    <>
      <ModelAndPrompt family="image2" draft={d} patch={patch} errorFor={errorFor} />
      <div className="field-grid">
        <CountField
          value={d.n}
          placeholder="1"
          onChange={(n) => patch({ n })}
          error={errorFor('n')}
          help={t('images.generate.countHelpImage2')}
        />
        <ChoiceField
          label={t('images.common.ratio')}
          value={d.ratio}
          // A ratio is a size preset: choosing one clears the explicit size (the host would let the size win).
          onChange={(ratio) => patch({ ratio, ...(ratio ? { size: '' } : {}) })}
          choices={IMAGE2_RATIOS}
          blank={dflt}
          labelOf={(r) => `${r} (${IMAGE2_RATIO_SIZES[r]})`}
          help={<RatioSizeNote ratio={d.ratio} />}
        />
        <ChoiceField
          label={t('images.generate.sizeImage2')}
          value={d.ratio ? IMAGE2_RATIO_SIZES[d.ratio] : d.size}
          onChange={(size) => patch({ size, ratio: '' })}
          choices={[...IMAGE2_SIZES, 'custom'] as const}
          blank={dflt}
          labelOf={(s) => (s === 'custom' ? t('images.generate.sizeCustom') : s)}
        />
        {d.size === 'custom' && !d.ratio && (
          <TextField
            label={t('images.generate.sizeCustomField')}
            value={d.customSize}
            placeholder="1280 × 720"
            onChange={(e) => patch({ customSize: e.target.value })}
            error={errorFor('customSize') ?? errorFor('size')}
          />
        )}
      </div>
      <ReferenceList errorFor={errorFor} />
      <div className="field-grid">
        <ResponseFormatField value={d.responseFormat} onChange={(responseFormat) => patch({ responseFormat })} />
        <TextField
          label={t('images.generate.quality')}
          value={d.quality}
          list="image2-quality-values"
          onChange={(e) => patch({ quality: e.target.value })}
          error={errorFor('quality')}
          help={t('images.generate.qualityHelp')}
        />
        <datalist id="image2-quality-values">
          {['auto', 'high', 'medium', 'low', 'hd', 'standard'].map((q) => (
            <option key={q} value={q} />
          ))}
        </datalist>
        <TextField
          label={t('images.generate.style')}
          value={d.style}
          onChange={(e) => patch({ style: e.target.value })}
          error={errorFor('style')}
          help={t('images.generate.passThrough')}
        />
        <TextField
          label={t('images.generate.background')}
          value={d.background}
          onChange={(e) => patch({ background: e.target.value })}
          error={errorFor('background')}
          help={t('images.generate.passThrough')}
        />
      </div>
      <WatermarkChoice value={d.watermark} onChange={(watermark) => patch({ watermark })} />
    </>
  )
}
