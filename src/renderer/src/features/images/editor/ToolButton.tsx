import { Tooltip, type TooltipProps } from '@renderer/components/Tooltip'
import { useT } from '@renderer/i18n/use-t'
import { isMacPlatform } from '@renderer/lib/platform'
import { EditorIcon, isEditorIconName } from './EditorIcon'
import { ariaShortcuts, shortcutLabel, type PainterCommands, type PainterTool } from './tools'

export interface ToolButtonProps {
  tool: PainterTool
  commands: PainterCommands
  pressed?: boolean
  disabled?: boolean
  placement?: TooltipProps['placement']
}

/** An icon button for one registry entry: its name is the label, its tooltip says "Name (Key)". */
export function ToolButton({ tool, commands, pressed, disabled, placement = 'right' }: ToolButtonProps) {
  const { t } = useT()
  const name = t(`images.painter.tools.${tool.id}`)
  return (
    <Tooltip content={t('images.painter.toolTip', { name, keys: shortcutLabel(tool, isMacPlatform()) })} placement={placement}>
      {(describedBy) => (
        <button
          type="button"
          className="icon-button painter-tool"
          aria-label={name}
          aria-pressed={pressed}
          aria-keyshortcuts={ariaShortcuts(tool)}
          aria-describedby={describedBy}
          disabled={disabled}
          // A held-key tool (compare) toggles from the button.
          onClick={() => (tool.release && pressed ? tool.release(commands) : tool.perform(commands))}
        >
          {isEditorIconName(tool.id) && <EditorIcon name={tool.id} />}
        </button>
      )}
    </Tooltip>
  )
}
