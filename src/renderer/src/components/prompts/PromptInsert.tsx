import { useQuery } from '@tanstack/react-query'
import { useEffect, useId, useRef, useState } from 'react'
import { CommandList, type CommandItem } from '@renderer/components/CommandList'
import { useT } from '@renderer/i18n/use-t'
import { shortcutLabel } from '@renderer/lib/platform'
import { savedPromptsQuery } from '@renderer/lib/prompts/queries'
import { insertAtCursor, notePromptField, type PromptFieldElement } from './insert-text'

/** Ctrl/Cmd+Shift+P inside a prompt field opens the picker. */
export function isPickerShortcut(e: { key: string; ctrlKey: boolean; metaKey: boolean; shiftKey: boolean; altKey: boolean }): boolean {
  return (e.ctrlKey || e.metaKey) && e.shiftKey && !e.altKey && e.key.toLowerCase() === 'p'
}

/**
 * "Prompts": inserts a saved prompt at the cursor of the prompt field of the form it sits in (the
 * form's first textarea). Mounted with one line anywhere inside a prompt form; it finds its field
 * itself, so the forms keep their own fields. The picker opens from the button or from
 * Ctrl/Cmd+Shift+P in the field, and is a popover inside the form (not a second modal, so it works
 * inside a dialog too).
 */
export function PromptInsert() {
  const { t } = useT()
  const anchor = useRef<HTMLDivElement>(null)
  const input = useRef<HTMLInputElement>(null)
  const [open, setOpen] = useState(false)
  const [query, setQuery] = useState('')
  const popId = useId()
  const field = (): PromptFieldElement | null => anchor.current?.closest('form')?.querySelector('textarea') ?? null

  useEffect(() => {
    const form = anchor.current?.closest('form')
    if (!form) return
    const onFocus = (e: FocusEvent) => {
      if (e.target instanceof HTMLTextAreaElement && e.target === field()) notePromptField(e.target)
    }
    const onKey = (e: KeyboardEvent) => {
      if (e.target !== field() || !isPickerShortcut(e)) return
      e.preventDefault()
      setOpen(true)
    }
    form.addEventListener('focusin', onFocus)
    form.addEventListener('keydown', onKey)
    return () => {
      form.removeEventListener('focusin', onFocus)
      form.removeEventListener('keydown', onKey)
    }
  }, [])

  useEffect(() => {
    if (open) input.current?.focus()
  }, [open])

  const close = (refocus: boolean) => {
    setOpen(false)
    setQuery('')
    if (refocus) field()?.focus()
  }

  const { data, isFetching } = useQuery({ ...savedPromptsQuery(query, '', 20), enabled: open })
  const items: CommandItem[] = (data?.prompts ?? []).map((p) => ({ id: p.id, label: p.name, detail: [p.tags.map((x) => `#${x}`).join(' '), p.text].filter(Boolean).join(' · ') }))
  const pick = (item: CommandItem) => {
    const prompt = data?.prompts.find((p) => p.id === item.id)
    const el = field()
    setOpen(false)
    setQuery('')
    if (prompt && el) insertAtCursor(el, prompt.text)
  }

  return (
    <div className="prompt-insert" ref={anchor}>
      <button
        type="button"
        className="button button-small"
        aria-expanded={open}
        aria-controls={open ? popId : undefined}
        aria-keyshortcuts="Control+Shift+P Meta+Shift+P"
        title={t('prompts.insert.hint', { keys: shortcutLabel('Shift+P') })}
        onClick={() => (open ? close(true) : setOpen(true))}
      >
        {t('prompts.insert.button')}
      </button>
      {open && (
        <div
          id={popId}
          className="prompt-insert-popover"
          role="dialog"
          aria-label={t('prompts.insert.title')}
          onBlur={(e) => {
            if (!e.currentTarget.contains(e.relatedTarget as Node | null)) close(false)
          }}
        >
          <CommandList
            inputRef={input}
            label={t('prompts.insert.search')}
            placeholder={t('prompts.insert.search')}
            query={query}
            onQuery={setQuery}
            items={items}
            onPick={pick}
            onEscape={() => close(true)}
            busy={isFetching}
            empty={query.trim() ? t('prompts.insert.noMatch') : t('prompts.insert.none')}
          />
        </div>
      )}
    </div>
  )
}
