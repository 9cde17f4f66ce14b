import { useEffect, useId, useState, type KeyboardEvent, type ReactNode, type RefObject } from 'react'

export interface CommandItem {
  id: string
  label: string
  /** A second line (a prompt's text, an area's shortcut). */
  detail?: string
  /** Heading of the run of items it starts when it differs from the previous item's. */
  group?: string
  /** A thumbnail or icon beside the label. */
  lead?: ReactNode
  /** The key that does the same without the palette, shown at the right edge. */
  shortcut?: string
}

/**
 * A search field that drives a list, as the ARIA combobox pattern has it: focus stays in the field,
 * arrows move the active option (wrapping), Enter picks it, Escape leaves. Used by the command palette
 * and the saved-prompt picker.
 */
export function CommandList({
  inputRef,
  ...p
}: {
  label: string
  placeholder?: string
  query: string
  onQuery: (q: string) => void
  items: readonly CommandItem[]
  onPick: (item: CommandItem) => void
  onEscape: () => void
  /** Shown instead of the list when there are no items. */
  empty: ReactNode
  inputRef?: RefObject<HTMLInputElement | null>
  busy?: boolean
}) {
  const listId = useId()
  const [active, setActive] = useState(0)
  // A different result list starts at its first item (state adjusted while rendering, as React advises).
  const signature = p.items.map((i) => i.id).join('\n')
  const [seen, setSeen] = useState(signature)
  if (seen !== signature) {
    setSeen(signature)
    setActive(0)
  }
  const current = p.items.length ? Math.min(active, p.items.length - 1) : -1
  const optionId = (i: number) => `${listId}-o${i}`

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    const n = p.items.length
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault()
      if (n) setActive((current + (e.key === 'ArrowDown' ? 1 : n - 1)) % n)
    } else if (e.key === 'Home' && e.ctrlKey) {
      e.preventDefault()
      setActive(0)
    } else if (e.key === 'End' && e.ctrlKey) {
      e.preventDefault()
      setActive(Math.max(n - 1, 0))
    } else if (e.key === 'Enter') {
      e.preventDefault()
      if (current >= 0) p.onPick(p.items[current])
    } else if (e.key === 'Escape') {
      e.preventDefault()
      e.stopPropagation()
      p.onEscape()
    }
  }

  useEffect(() => {
    if (current >= 0) document.getElementById(optionId(current))?.scrollIntoView?.({ block: 'nearest' })
  })

  return (
    <div className="command-list">
      <input
        ref={inputRef}
        className="input command-input"
        role="combobox"
        aria-label={p.label}
        aria-expanded={p.items.length > 0}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={current >= 0 ? optionId(current) : undefined}
        aria-busy={p.busy || undefined}
        placeholder={p.placeholder}
        value={p.query}
        spellCheck={false}
        autoComplete="off"
        onChange={(e) => p.onQuery(e.target.value)}
        onKeyDown={onKeyDown}
      />
      <ul id={listId} role="listbox" aria-label={p.label} className="command-options">
        {p.items.map((item, i) => (
          <CommandOption
            key={item.id}
            item={item}
            id={optionId(i)}
            selected={i === current}
            heading={item.group !== undefined && item.group !== p.items[i - 1]?.group}
            onHover={() => setActive(i)}
            onPick={() => p.onPick(item)}
          />
        ))}
      </ul>
      {p.items.length === 0 && <p className="command-empty">{p.empty}</p>}
    </div>
  )
}

function CommandOption(p: {
  item: CommandItem
  id: string
  selected: boolean
  heading: boolean
  onHover: () => void
  onPick: () => void
}) {
  return (
    <>
      {p.heading && (
        <li role="presentation" className="command-group">
          {p.item.group}
        </li>
      )}
      <li
        id={p.id}
        role="option"
        aria-selected={p.selected}
        className="command-option"
        onMouseMove={p.onHover}
        // The field keeps focus: a click picks without moving it.
        onMouseDown={(e) => e.preventDefault()}
        onClick={p.onPick}
      >
        {p.item.lead}
        <span className="command-text">
          <span className="command-label">{p.item.label}</span>
          {p.item.detail && <span className="command-detail">{p.item.detail}</span>}
        </span>
        {p.item.shortcut && <kbd className="command-shortcut">{p.item.shortcut}</kbd>}
      </li>
    </>
  )
}
