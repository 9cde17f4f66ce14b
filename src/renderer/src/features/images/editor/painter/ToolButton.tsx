import { IconButton, type IconButtonProps } from '@renderer/components/IconButton'
import { useT } from '@renderer/i18n/use-t'
import { isMacPlatform } from '@renderer/lib/platform'
import { EDITOR_ICONS, isEditorIconName } from './editor-icons'
import { ariaShortcuts, shortcutLabel, type PainterCommands, type PainterTool } from './tools'

export interface ToolButtonProps {
  tool: PainterTool
  commands: PainterCommands
  pressed?: boolean
  disabled?: boolean
  placement?: IconButtonProps['placement']
}

/** An icon button for one registry entry: its name is the label, its tooltip says "Name (Key)". */
export function ToolButton({ tool, commands, pressed, disabled, placement = 'right' }: ToolButtonProps) {
  const { t } = useT()
  // The brush steps and the panel toggle are drawn otherwise; every tool shown here has its icon (tools.test.ts).
  if (!isEditorIconName(tool.id)) return null
  const name = t(`images.painter.tools.${tool.id}`)
  return (
    <IconButton
      icon={EDITOR_ICONS[tool.id]}
      label={name}
      tooltip={t('images.painter.toolTip', { name, keys: shortcutLabel(tool, isMacPlatform()) })}
      placement={placement}
      className="painter-tool"
      aria-pressed={pressed}
      aria-keyshortcuts={ariaShortcuts(tool)}
      disabled={disabled}
      // A held-key tool (compare) toggles from the button.
      onClick={() => (tool.release && pressed ? tool.release(commands) : tool.perform(commands))}
    />
  )
}
