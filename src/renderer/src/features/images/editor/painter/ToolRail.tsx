import { memo } from 'react'
import { useT } from '@renderer/i18n/use-t'
import { canRedo, canUndo, mayHavePaint } from '../model/mask-model'
import { usePainterStore } from '../state/painter-store'
import { ToolButton } from './ToolButton'
import { PAINTER_TOOLS, type PainterCommands, type PainterTool, type ToolId } from './tools'

/** The rail's sections, top to bottom; the brush steps and Add / Subtract live in the properties bar. */
const RAIL_GROUPS: PainterTool['group'][] = ['tool', 'history', 'mask', 'file', 'view']

/**
 * The tool rail: an icon button per registry entry, in two narrow columns so every tool fits a
 * 720 px window without scrolling. Re-renders on store changes only.
 */
export const ToolRail = memo(function ToolRail({ commands }: { commands: PainterCommands }) {
  const { t } = useT()
  const tool = usePainterStore((s) => s.tool)
  const history = usePainterStore((s) => s.history)
  const compare = usePainterStore((s) => s.compare)
  const busy = usePainterStore((s) => s.busy)
  const zoomPercent = usePainterStore((s) => s.zoomPercent)

  const painted = mayHavePaint(history.ops)
  const state: Partial<Record<ToolId, { pressed?: boolean; disabled?: boolean }>> = {
    brush: { pressed: tool === 'brush' },
    eraser: { pressed: tool === 'eraser' },
    lasso: { pressed: tool === 'lasso' },
    polygon: { pressed: tool === 'polygon' },
    rect: { pressed: tool === 'rect' },
    ellipse: { pressed: tool === 'ellipse' },
    grow: { disabled: busy },
    shrink: { disabled: busy },
    importMask: { disabled: busy },
    transparency: { disabled: busy },
    exportMask: { disabled: !painted },
    undo: { disabled: !canUndo(history) },
    redo: { disabled: !canRedo(history) },
    clear: { disabled: !painted },
    compare: { pressed: compare }
  }
  return (
    <div className="painter-rail" role="group" aria-label={t('images.painter.toolbar')}>
      {RAIL_GROUPS.map((g) => (
        <div
          key={g}
          className="painter-rail-group"
          role="group"
          aria-label={t(`images.painter.groups.${g as RailGroup}`)}
        >
          {PAINTER_TOOLS.filter((x) => x.group === g).map((x) => (
            <ToolButton key={x.id} tool={x} commands={commands} {...state[x.id]} />
          ))}
          {g === 'view' && (
            <span className="painter-zoom" aria-live="off">
              {t('images.painter.zoom', { percent: zoomPercent })}
            </span>
          )}
        </div>
      ))}
    </div>
  )
})

type RailGroup = 'tool' | 'history' | 'mask' | 'file' | 'view'
