import { useQuery } from '@tanstack/react-query'
import { useEffect, useId, useRef, useState } from 'react'
import { CommandList, type CommandItem } from '@renderer/components/CommandList'
import { useT } from '@renderer/i18n/use-t'
import { shortcutLabel } from '@renderer/lib/platform'
import { savedPromptsQuery } from '@renderer/lib/prompts/queries'
import { insertAtCursor, notePromptField, PROMPT_FIELD_ATTR, type PromptFieldElement } from './insert-text'

/** Ctrl/Cmd+Shift+P inside a prompt field opens the picker. */
export function isPickerShortcut(e: {
  key: string
  ctrlKey: boolean
  metaKey: boolean
  shiftKey: boolean
  altKey: boolean
}): boolean {
  return (e.ctrlKey || e.metaKey) && e.shiftKey && !e.altKey && e.key.toLowerCase() === 'p'
}

/**
 * "Prompts": inserts a saved prompt at the cursor of the prompt field it belongs to: the field of its
 * form the user was last in, or else the field it is attached to (`fieldId`; without one, the form's
 * first textarea). A form's prompt fields are that field and the textareas marked with
 * PROMPT_FIELD_ATTR (a system instruction, say), never a JSON box. Mounted with one line anywhere
 * inside a prompt form; the forms keep their own fields. The picker opens from the button or from
 * Ctrl/Cmd+Shift+P in a prompt field, and is a popover inside the form (not a second modal, so it
 * works inside a dialog too).
 */
export function PromptInsert({ fieldId }: { fieldId?: string } = {}) {
  const { t } = useT()
  const anchor = useRef<HTMLDivElement>(null)
  const input = useRef<HTMLInputElement>(null)
  const [open, setOpen] = useState(false)
  const [query, setQuery] = useState('')
  const popId = useId()
  // The prompt field the user was last in: the button takes the focus, but a textarea keeps its
  // selection, so the text still lands where the cursor was.
  const lastUsed = useRef<PromptFieldElement | null>(null)
  const form = (): HTMLFormElement | null => anchor.current?.closest('form') ?? null
  const attached = (): PromptFieldElement | null => {
    const f = form()
    if (!f) return null
    if (fieldId === undefined) return f.querySelector('textarea')
    const el = document.getElementById(fieldId)
    return el instanceof HTMLTextAreaElement && f.contains(el) ? el : null
  }
  const isPromptField = (el: EventTarget | null): el is PromptFieldElement =>
    el instanceof HTMLTextAreaElement &&
    Boolean(form()?.contains(el)) &&
    (el === attached() || el.hasAttribute(PROMPT_FIELD_ATTR))
  const field = (): PromptFieldElement | null => {
    const last = lastUsed.current
    return last && last.isConnected && !last.disabled && !last.readOnly && isPromptField(last) ? last : attached()
  }

  useEffect(() => {
    const f = form()
    if (!f) return
    const onFocus = (e: FocusEvent) => {
      if (!isPromptField(e.target)) return
      lastUsed.current = e.target
      notePromptField(e.target)
    }
    const onKey = (e: KeyboardEvent) => {
      if (!isPromptField(e.target) || !isPickerShortcut(e)) return
      e.preventDefault()
      lastUsed.current = e.target
      setOpen(true)
    }
    f.addEventListener('focusin', onFocus)
    f.addEventListener('keydown', onKey)
    return () => {
      f.removeEventListener('focusin', onFocus)
      f.removeEventListener('keydown', onKey)
    }
    // The handlers read the form and its fields when they run; only the attached field's id matters here.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [fieldId])

  useEffect(() => {
    if (open) input.current?.focus()
  }, [open])

  const close = (refocus: boolean) => {
    setOpen(false)
    setQuery('')
    if (refocus) field()?.focus()
  }

  const { data, isFetching } = useQuery({ ...savedPromptsQuery(query, '', 20), enabled: open })
  const items: CommandItem[] = (data?.prompts ?? []).map((p) => ({
    id: p.id,
    label: p.name,
    detail: [p.tags.map((x) => `#${x}`).join(' '), p.text].filter(Boolean).join(' · ')
  }))
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
