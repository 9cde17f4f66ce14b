import { memo, useId, type ReactNode } from 'react'
import { ChoiceField } from '@renderer/components/form/ChoiceField'
import { useT } from '@renderer/i18n/use-t'
import type { EditorSource } from '../../images-ui-store'
import { featherHalfWidth } from '../raster/mask-renderer'
import type { MaskChannelChoice } from '../runs/mask-import'
import { isSelectionTool } from '../state/painter-prefs'
import { AMOUNT_MAX, AMOUNT_MIN, usePainterStore } from '../state/painter-store'
import { sizeToSlider, sliderToSize, SLIDER_STEPS } from './brush-scale'
import { ToolButton } from './ToolButton'
import { ariaShortcuts, toolById, type PainterCommands } from './tools'
import { TypedSelection } from './TypedSelection'

const MASK_CHANNEL_CHOICES: readonly MaskChannelChoice[] = ['auto', 'alpha', 'luminance']

function Slider(p: {
  label: string
  min: number
  max: number
  value: number
  valueText: string
  onChange: (v: number) => void
  keys?: string
  help?: ReactNode
}) {
  const id = useId()
  return (
    <div className="painter-slider">
      <label htmlFor={id} className="field-label">
        {p.label}
      </label>
      <input
        id={id}
        type="range"
        min={p.min}
        max={p.max}
        step={1}
        value={p.value}
        aria-valuetext={p.valueText}
        aria-keyshortcuts={p.keys}
        aria-describedby={p.help ? `${id}-help` : undefined}
        onChange={(e) => p.onChange(Number(e.target.value))}
      />
      <output htmlFor={id} className="painter-value">
        {p.valueText}
      </output>
      {p.help && (
        <span id={`${id}-help`} className="sr-only">
          {p.help}
        </span>
      )}
    </div>
  )
}

/** A live swatch of the brush edge: solid to the feather band, fading across it (the same falloff as the mask). */
function BrushPreview({ hardness }: { hardness: number }) {
  const { t } = useT()
  const w = featherHalfWidth(1, hardness)
  const inner = ((1 - w) / (1 + w)) * 100
  return (
    <span
      className="brush-preview"
      role="img"
      aria-label={t('images.painter.preview')}
      style={{ background: `radial-gradient(circle closest-side, rgb(255 45 85) ${inner}%, rgb(255 45 85 / 0) 100%)` }}
    />
  )
}

/** The brush and eraser: size, hardness and how the edge looks. */
function BrushSettings() {
  const { t } = useT()
  const size = usePainterStore((s) => s.size)
  const hardness = usePainterStore((s) => s.hardness)
  const set = usePainterStore.getState
  return (
    <>
      <Slider
        label={t('images.painter.size')}
        min={0}
        max={SLIDER_STEPS}
        value={sizeToSlider(size)}
        valueText={t('images.painter.sizeValue', { size })}
        onChange={(v) => set().setSize(sliderToSize(v))}
        keys={`${ariaShortcuts(toolById('sizeDown'))} ${ariaShortcuts(toolById('sizeUp'))}`}
      />
      <Slider
        label={t('images.painter.hardness')}
        min={0}
        max={100}
        value={Math.round(hardness * 100)}
        valueText={t('images.painter.percent', { value: Math.round(hardness * 100) })}
        onChange={(v) => set().setHardness(v / 100)}
        keys={`${ariaShortcuts(toolById('softer'))} ${ariaShortcuts(toolById('harder'))}`}
        help={t('images.painter.hardnessHelp')}
      />
      <BrushPreview hardness={hardness} />
    </>
  )
}

/** Whether a selection, a typed box or an imported mask adds to the mask or cuts from it. */
function SelectionSettings({ commands }: { commands: PainterCommands }) {
  const mode = usePainterStore((s) => s.selectMode)
  return (
    <>
      <ToolButton tool={toolById('add')} commands={commands} pressed={mode === 'add'} placement="bottom" />
      <ToolButton tool={toolById('subtract')} commands={commands} pressed={mode === 'subtract'} placement="bottom" />
    </>
  )
}

/** The overlay's opacity, the distance grow, shrink and feather use, and how imports are read: folded, as they are seldom changed. */
function MaskOptions() {
  const { t } = useT()
  const amountId = useId()
  const amount = usePainterStore((s) => s.amount)
  const channel = usePainterStore((s) => s.channel)
  const opacity = usePainterStore((s) => s.opacity)
  return (
    <details className="painter-pop painter-options">
      <summary>{t('images.painter.maskOptions')}</summary>
      <div className="painter-pop-body">
        <Slider
          label={t('images.painter.opacity')}
          min={10}
          max={100}
          value={Math.round(opacity * 100)}
          valueText={t('images.painter.percent', { value: Math.round(opacity * 100) })}
          onChange={(v) => usePainterStore.getState().setOpacity(v / 100)}
        />
        <div className="painter-option">
          <label htmlFor={amountId} className="field-label">
            {t('images.painter.amount')}
          </label>
          <input
            id={amountId}
            className="input painter-amount"
            type="number"
            min={AMOUNT_MIN}
            max={AMOUNT_MAX}
            step={1}
            value={amount}
            aria-describedby={`${amountId}-help`}
            onChange={(e) => usePainterStore.getState().setAmount(e.target.valueAsNumber)}
          />
          <span id={`${amountId}-help`} className="sr-only">
            {t('images.painter.amountValue', { amount })} {t('images.painter.featherHelp')}
          </span>
        </div>
        <ChoiceField
          className="field-inline painter-channel"
          label={t('images.painter.channel')}
          value={channel}
          onChange={(c) => c && usePainterStore.getState().setChannel(c)}
          choices={MASK_CHANNEL_CHOICES}
          labelOf={(c) => t(`images.painter.channels.${c}`)}
        />
      </div>
    </details>
  )
}

/**
 * The properties bar: the active tool's settings (the brush's size and hardness), then what the
 * selections and imports share (Add / Subtract, select by coordinates), with the seldom-changed
 * options (overlay, grow distance, import channel) folded. One line, so the canvas keeps the height.
 */
export const PropertiesBar = memo(function PropertiesBar({
  commands,
  source
}: {
  commands: PainterCommands
  source: EditorSource
}) {
  const { t } = useT()
  const selecting = usePainterStore((s) => isSelectionTool(s.tool))
  const tool = usePainterStore((s) => s.tool)
  return (
    <div
      className="painter-props"
      role="group"
      aria-label={t('images.painter.properties', { tool: t(`images.painter.tools.${tool}`) })}
    >
      <div className="painter-props-tool">{!selecting && <BrushSettings />}</div>
      <div className="painter-props-shared">
        <SelectionSettings commands={commands} />
        <TypedSelection source={source} />
        <MaskOptions />
      </div>
    </div>
  )
})
