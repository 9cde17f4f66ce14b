import type { AriaAttributes, ReactNode } from 'react'
import { useT } from '@renderer/i18n/use-t'
import { ariaShortcut, shortcutLabel } from '@renderer/lib/platform'
import { useChatUiStore } from '../chat-ui-store'

/** The key that shows or hides the parameters drawer, with Ctrl (Cmd on macOS). */
export const PARAMS_KEY = '.'

export interface ParamsKeyButtonProps extends Pick<AriaAttributes, 'aria-label' | 'aria-expanded' | 'aria-controls'> {
  /** Whether the press opens the drawer or closes it. */
  open: boolean
  /** The tooltip, given the key as `keys`. */
  hint: 'chat.params.toggleHint' | 'chat.params.closeHint'
  className: string
  children: ReactNode
}

/** A button that does what Ctrl/Cmd+. does to the parameters drawer; its tooltip names the key. */
export function ParamsKeyButton({ open, hint, className, children, ...aria }: ParamsKeyButtonProps) {
  const { t } = useT()
  return (
    <button
      type="button"
      className={className}
      {...aria}
      aria-keyshortcuts={ariaShortcut(PARAMS_KEY)}
      title={t(hint, { keys: shortcutLabel(PARAMS_KEY) })}
      onClick={() => useChatUiStore.getState().setParamsOpen(open)}
    >
      {children}
    </button>
  )
}
