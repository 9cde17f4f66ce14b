import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react'
import { useT } from '@renderer/i18n/use-t'
import { FormatChoice } from './FormatChoice'
import { ModelPicker } from './ModelPicker'
import { SystemField } from './SystemField'
import type { ConversationSettings } from './use-settings'

/**
 * Model, format and system instruction of the open conversation behind one header button that
 * names the model: set once, they stay out of the transcript's way. The popover is a non-modal
 * dialog: Escape or a click outside closes it, and what was typed is kept either way.
 */
export function SettingsMenu({ settings }: { settings: ConversationSettings }) {
  const { t } = useT()
  const id = useId()
  const [open, setOpen] = useState(false)
  const button = useRef<HTMLButtonElement>(null)
  const panel = useRef<HTMLDivElement>(null)
  const { draft, validation } = settings
  const problems = validation.ok ? [] : validation.settings
  const modelProblem = problems.find((p) => p === 'modelRequired' || p === 'modelTooLong')

  useEffect(() => {
    if (!open) return undefined
    panel.current?.querySelector<HTMLElement>('input, textarea, select, button')?.focus()
    const onPointerDown = (e: PointerEvent) => {
      if (e.target instanceof Node && !panel.current?.contains(e.target) && !button.current?.contains(e.target))
        setOpen(false)
    }
    document.addEventListener('pointerdown', onPointerDown)
    return () => document.removeEventListener('pointerdown', onPointerDown)
  }, [open])

  /** Closes the popover and gives the focus back to the button that opened it. */
  const close = () => {
    setOpen(false)
    button.current?.focus()
  }
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key !== 'Escape') return
    // Closes the popover only: a stream running in the pane is not stopped by this Escape.
    e.preventDefault()
    e.stopPropagation()
    close()
  }

  return (
    <div className="chat-settings-anchor">
      <button
        ref={button}
        type="button"
        className="button button-small chat-settings-button"
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-controls={open ? id : undefined}
        data-invalid={problems.length > 0 || undefined}
        title={t('chat.settings.openHint')}
        onClick={() => setOpen(!open)}
      >
        <span className="sr-only">{t('chat.settings.open')}: </span>
        <span className="chat-settings-model">{draft.model || t('chat.settings.noModel')}</span>
        <span className="chat-settings-format">{t(`chat.settings.formats.${draft.format}`)}</span>
        <span aria-hidden="true" className="chat-settings-caret">
          ▾
        </span>
      </button>
      {open && (
        <div
          ref={panel}
          id={id}
          role="dialog"
          aria-label={t('chat.settings.open')}
          className="chat-settings chat-settings-popover"
          onKeyDown={onKeyDown}
        >
          <ModelPicker
            value={draft.model}
            onChange={settings.setModel}
            error={modelProblem ? t(`chat.settings.problems.${modelProblem}`) : null}
          />
          <FormatChoice value={draft.format} locked={settings.formatLocked} onChange={settings.setFormat} />
          <SystemField
            format={draft.format}
            value={draft.system}
            onChange={settings.setSystem}
            error={problems.includes('systemTooLong') ? t('chat.settings.problems.systemTooLong') : null}
          />
          <div className="chat-settings-footer">
            <button type="button" className="button button-small button-primary" onClick={close}>
              {t('chat.settings.done')}
            </button>
          </div>
        </div>
      )}
    </div>
  )
}
