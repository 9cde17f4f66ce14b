import { memo, useId, type ReactNode } from 'react'
import { ChoiceField } from '@renderer/components/form/ChoiceField'
import { Tooltip } from '@renderer/components/Tooltip'
import { useT } from '@renderer/i18n/use-t'
import { isMacPlatform } from '@renderer/lib/platform'
import { sizeToSlider, sliderToSize, SLIDER_STEPS } from './brush-scale'
import type { MaskChannelChoice } from './mask-import'
import { canRedo, canUndo, mayHavePaint } from './mask-model'
import { featherHalfWidth } from './mask-renderer'
import { AMOUNT_MAX, AMOUNT_MIN, usePainterStore } from './painter-store'
import { ariaShortcuts, PAINTER_TOOLS, shortcutLabel, toolById, type PainterCommands, type PainterTool, type ToolId } from './tools'

const MASK_CHANNEL_CHOICES: readonly MaskChannelChoice[] = ['auto', 'alpha', 'luminance']

function ToolButton({ tool, commands, pressed, disabled }: { tool: PainterTool; commands: PainterCommands; pressed?: boolean; disabled?: boolean }) {
  const { t } = useT()
  const label = t(`images.painter.tools.${tool.id}`)
  return (
    <Tooltip content={t('images.painter.shortcut', { keys: shortcutLabel(tool, isMacPlatform()) })}>
      {(describedBy) => (
        <button
          type="button"
          className="button button-small painter-tool"
          aria-pressed={pressed}
          aria-keyshortcuts={ariaShortcuts(tool)}
          aria-describedby={describedBy}
          disabled={disabled}
          // A held-key tool (compare) toggles from the button.
          onClick={() => (tool.release && pressed ? tool.release(commands) : tool.perform(commands))}
        >
          {label}
        </button>
      )}
    </Tooltip>
  )
}

function Slider(p: { label: string; min: number; max: number; value: number; valueText: string; onChange: (v: number) => void; keys?: string; help?: ReactNode }) {
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

const GROUP_ORDER: PainterTool['group'][] = ['tool', 'select', 'history', 'mask', 'file', 'view']

/** The distance grow, shrink and feather use, and how imports are read. */
function MaskSettings() {
  const { t } = useT()
  const amountId = useId()
  const amount = usePainterStore((s) => s.amount)
  const channel = usePainterStore((s) => s.channel)
  return (
    <>
      <label htmlFor={amountId} className="field-label">
        {t('images.painter.amount')}
      </label>
      <input
        id={amountId}
        className="painter-amount"
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
      <ChoiceField
        className="field-inline painter-channel"
        label={t('images.painter.channel')}
        value={channel}
        onChange={(c) => c && usePainterStore.getState().setChannel(c)}
        choices={MASK_CHANNEL_CHOICES}
        labelOf={(c) => t(`images.painter.channels.${c}`)}
      />
    </>
  )
}

/** The toolbar, generated from the tools registry plus the brush sliders. Re-renders on store changes only. */
export const PainterToolbar = memo(function PainterToolbar({ commands }: { commands: PainterCommands }) {
  const { t } = useT()
  const tool = usePainterStore((s) => s.tool)
  const size = usePainterStore((s) => s.size)
  const hardness = usePainterStore((s) => s.hardness)
  const opacity = usePainterStore((s) => s.opacity)
  const history = usePainterStore((s) => s.history)
  const compare = usePainterStore((s) => s.compare)
  const zoomPercent = usePainterStore((s) => s.zoomPercent)
  const selectMode = usePainterStore((s) => s.selectMode)
  const busy = usePainterStore((s) => s.busy)
  const set = usePainterStore.getState

  const state: Partial<Record<ToolId, { pressed?: boolean; disabled?: boolean }>> = {
    brush: { pressed: tool === 'brush' },
    eraser: { pressed: tool === 'eraser' },
    lasso: { pressed: tool === 'lasso' },
    polygon: { pressed: tool === 'polygon' },
    rect: { pressed: tool === 'rect' },
    ellipse: { pressed: tool === 'ellipse' },
    add: { pressed: selectMode === 'add' },
    subtract: { pressed: selectMode === 'subtract' },
    grow: { disabled: busy },
    shrink: { disabled: busy },
    importMask: { disabled: busy },
    transparency: { disabled: busy },
    exportMask: { disabled: !mayHavePaint(history.ops) },
    undo: { disabled: !canUndo(history) },
    redo: { disabled: !canRedo(history) },
    clear: { disabled: !mayHavePaint(history.ops) },
    compare: { pressed: compare }
  }
  const group = (g: PainterTool['group']) =>
    PAINTER_TOOLS.filter((x) => x.group === g).map((x) => <ToolButton key={x.id} tool={x} commands={commands} {...state[x.id]} />)

  return (
    <div className="painter-toolbar" role="group" aria-label={t('images.painter.toolbar')}>
      {GROUP_ORDER.map((g) => (
        <div key={g} className="painter-group" role="group">
          {group(g)}
          {g === 'mask' && <MaskSettings />}
          {g === 'view' && (
            <span className="painter-zoom" aria-live="off">
              {t('images.painter.zoom', { percent: zoomPercent })}
            </span>
          )}
        </div>
      ))}
      <div className="painter-group painter-brush">
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
        <Slider
          label={t('images.painter.opacity')}
          min={10}
          max={100}
          value={Math.round(opacity * 100)}
          valueText={t('images.painter.percent', { value: Math.round(opacity * 100) })}
          onChange={(v) => set().setOpacity(v / 100)}
        />
      </div>
    </div>
  )
})
