import { useEffect } from 'react'
import { useT } from '@renderer/i18n/use-t'
import { isModalOpen, useUiStore } from '@renderer/store/ui'
import { useChatUiStore } from '../chat-ui-store'
import { PARAMETERS_PANEL_ID } from './ParametersPanel'
import { PARAMS_KEY, ParamsKeyButton } from './ParamsKeyButton'

export function isParamsShortcut(e: {
  key: string
  ctrlKey: boolean
  metaKey: boolean
  shiftKey: boolean
  altKey: boolean
}): boolean {
  return (e.ctrlKey || e.metaKey) && !e.shiftKey && !e.altKey && e.key === PARAMS_KEY
}

/** Ctrl/Cmd+. toggles the parameters drawer while the chat area shows (not under a dialog). */
export function useParamsShortcut(): void {
  useEffect(() => {
    const onKeyDown = (e: KeyboardEvent) => {
      if (!isParamsShortcut(e) || e.defaultPrevented) return
      if (isModalOpen(useUiStore.getState()) || document.querySelector('[aria-modal="true"]')) return
      e.preventDefault()
      const { paramsOpen, setParamsOpen } = useChatUiStore.getState()
      setParamsOpen(!paramsOpen)
    }
    window.addEventListener('keydown', onKeyDown)
    return () => window.removeEventListener('keydown', onKeyDown)
  }, [])
}

/** The header button of the drawer: its name stays "Parameters", its tooltip names the key. */
export function ParamsToggle() {
  const { t } = useT()
  const open = useChatUiStore((s) => s.paramsOpen)
  return (
    <ParamsKeyButton
      open={!open}
      hint="chat.params.toggleHint"
      className="button button-small"
      aria-expanded={open}
      aria-controls={PARAMETERS_PANEL_ID}
    >
      {t('chat.settings.parameters')}
    </ParamsKeyButton>
  )
}
