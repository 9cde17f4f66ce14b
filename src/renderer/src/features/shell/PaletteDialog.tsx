import { useQuery } from '@tanstack/react-query'
import { useLayoutEffect, useMemo, useRef, useState } from 'react'
import { CommandList, type CommandItem } from '@renderer/components/CommandList'
import { Dialog } from '@renderer/components/Dialog'
import { insertAtCursor, lastPromptField } from '@renderer/components/prompts/insert-text'
import { usePromptsUi } from '@renderer/features/prompts/prompts-ui-store'
import { useT } from '@renderer/i18n/use-t'
import { savedPromptsQuery } from '@renderer/lib/prompts/queries'
import { navigate } from './navigation'
import { rankEntries, type PaletteEntry } from './palette-items'
import { usePaletteEntries } from './use-palette-entries'

/** The palette itself: loaded on first use (Fuse.js and the entries stay off the start path, T1). */
export function PaletteDialog({
  onClose,
  takeTypedAhead
}: {
  onClose: () => void
  /** What was typed while this chunk loaded (capture stops here). */ takeTypedAhead?: () => string
}) {
  const { t } = useT()
  const input = useRef<HTMLInputElement>(null)
  const [query, setQuery] = useState('')
  useLayoutEffect(() => {
    const typed = takeTypedAhead?.()
    // A one-time read of keys kept outside React (the shortcut's capture), taken at commit so none
    // typed while this chunk rendered is lost; it runs before the first paint, so nothing flickers.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    if (typed) setQuery(typed)
  }, [takeTypedAhead])
  const saved = useQuery(savedPromptsQuery(query, '', 8)).data?.prompts ?? []
  // The field to insert into is the one the user was in when the palette opened.
  const target = useMemo(() => lastPromptField(), [])
  const entries = usePaletteEntries()

  const promptEntries: PaletteEntry[] = saved.map((p) => ({
    id: `prompt-${p.id}`,
    group: t('prompts.palette.groups.prompts'),
    label: p.name,
    detail: `${target ? t('prompts.palette.insertInto') : t('prompts.palette.openInLibrary')} · ${p.text}`,
    run: () => {
      if (target) insertAtCursor(target, p.text)
      else {
        usePromptsUi.getState().setSavedQuery(p.name)
        void navigate('prompts')
      }
    }
  }))
  const items = [...rankEntries(entries, query, query.trim() ? 12 : 8), ...promptEntries]
  const pick = (item: CommandItem) => {
    const entry = items.find((i) => i.id === item.id)
    onClose()
    entry?.run()
  }
  return (
    <Dialog title={t('prompts.palette.title')} onClose={onClose} initialFocus={input} className="command-palette">
      <CommandList
        inputRef={input}
        label={t('prompts.palette.search')}
        placeholder={t('prompts.palette.search')}
        query={query}
        onQuery={setQuery}
        items={items}
        onPick={pick}
        onEscape={onClose}
        empty={t('prompts.palette.empty')}
      />
    </Dialog>
  )
}
