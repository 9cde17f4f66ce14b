import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useLayoutEffect, useMemo, useRef, useState } from 'react'
import { CommandList, type CommandItem } from '@renderer/components/CommandList'
import { Dialog } from '@renderer/components/Dialog'
import { insertAtCursor, lastPromptField } from '@renderer/components/prompts/insert-text'
import { useChatUiStore } from '@renderer/features/chat/chat-ui-store'
import { conversationListQuery } from '@renderer/features/chat/queries'
import { usePromptsUi } from '@renderer/features/prompts/prompts-ui-store'
import { useT } from '@renderer/i18n/use-t'
import { errorMessage } from '@renderer/lib/error-text'
import { profileListQuery } from '@renderer/lib/profiles/queries'
import { savedPromptsQuery } from '@renderer/lib/prompts/queries'
import { settingsQuery, useUpdateSettings } from '@renderer/lib/settings/queries'
import { studio } from '@renderer/lib/studio'
import { useHandoff } from '@renderer/store/handoff'
import { useUiStore } from '@renderer/store/ui'
import { fuzzyFilter, type PaletteEntry } from './palette-items'
import { VIEWS } from './views'

/** The palette itself: loaded on first use (Fuse.js and the entries stay off the start path, T1). */
export function PaletteDialog({ onClose, takeTypedAhead }: { onClose: () => void; /** What was typed while this chunk loaded (capture stops here). */ takeTypedAhead?: () => string }) {
  const { t } = useT()
  const qc = useQueryClient()
  const input = useRef<HTMLInputElement>(null)
  const [query, setQuery] = useState('')
  useLayoutEffect(() => {
    const typed = takeTypedAhead?.()
    // A one-time read of keys kept outside React (the shortcut's capture), taken at commit so none
    // typed while this chunk rendered is lost; it runs before the first paint, so nothing flickers.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    if (typed) setQuery(typed)
  }, [takeTypedAhead])
  const setView = useUiStore((s) => s.setView)
  const setNotice = useUiStore((s) => s.setNotice)
  const settings = useQuery(settingsQuery()).data
  const updateSettings = useUpdateSettings()
  const conversationList = useQuery(conversationListQuery('')).data
  const profiles = useQuery(profileListQuery()).data
  const saved = useQuery(savedPromptsQuery(query, '', 8)).data?.prompts ?? []
  // The field to insert into is the one the user was in when the palette opened.
  const target = useMemo(() => lastPromptField(), [])

  const entries = useMemo(() => {
    const go = (label: string) => t('prompts.palette.goTo', { area: label })
    const dark = document.documentElement.dataset.theme === 'dark'
    const list: PaletteEntry[] = [
      ...VIEWS.map((v) => ({ id: `view-${v.id}`, group: t('prompts.palette.groups.areas'), label: go(t(v.labelKey)), detail: v.shortcut.length === 1 ? `Ctrl+${v.shortcut}` : undefined, run: () => setView(v.id) })),
      {
        id: 'new-chat',
        group: t('prompts.palette.groups.actions'),
        label: t('prompts.palette.actions.newChat'),
        run: () => {
          useChatUiStore.getState().select(null)
          setView('chat')
        }
      },
      { id: 'generate-image', group: t('prompts.palette.groups.actions'), label: t('prompts.palette.actions.generateImage'), run: () => setView('images') },
      { id: 'create-video', group: t('prompts.palette.groups.actions'), label: t('prompts.palette.actions.createVideo'), run: () => setView('video') },
      { id: 'open-library', group: t('prompts.palette.groups.actions'), label: t('prompts.palette.actions.openLibrary'), run: () => setView('prompts') },
      {
        id: 'back-up',
        group: t('prompts.palette.groups.actions'),
        label: t('prompts.palette.actions.backUp'),
        run: () =>
          void studio.library.backUp().then(
            (b) => setNotice(t('prompts.palette.actions.backedUp', { name: b.name })),
            (e: unknown) => setNotice(t('prompts.palette.actions.backUpFailed', { message: errorMessage(e) }))
          )
      },
      {
        id: 'toggle-theme',
        group: t('prompts.palette.groups.actions'),
        label: t('prompts.palette.actions.toggleTheme', { theme: t(`prompts.palette.actions.themes.${dark ? 'light' : 'dark'}`) }),
        run: () => settings && updateSettings.mutate({ theme: dark ? 'light' : 'dark' })
      },
      ...(profiles?.profiles ?? [])
        .filter((p) => p.id !== profiles?.activeId)
        .map((p) => ({
          id: `profile-${p.id}`,
          group: t('prompts.palette.groups.profiles'),
          label: t('prompts.palette.actions.switchProfile', { name: p.name }),
          run: () => void studio.profiles.select({ id: p.id }).then((l) => qc.setQueryData(profileListQuery().queryKey, l))
        })),
      ...(conversationList?.conversations ?? []).slice(0, 20).map((c) => ({
        id: `conv-${c.id}`,
        group: t('prompts.palette.groups.conversations'),
        label: c.title || t('prompts.palette.untitled'),
        detail: c.model,
        run: () => useHandoff.getState().send({ kind: 'chat-open', conversationId: c.id })
      }))
    ]
    return list
  }, [t, setView, setNotice, settings, updateSettings, profiles, conversationList, qc])

  const promptEntries: PaletteEntry[] = saved.map((p) => ({
    id: `prompt-${p.id}`,
    group: t('prompts.palette.groups.prompts'),
    label: p.name,
    detail: `${target ? t('prompts.palette.insertInto') : t('prompts.palette.openInLibrary')} · ${p.text}`,
    run: () => {
      if (target) insertAtCursor(target, p.text)
      else {
        usePromptsUi.getState().setSavedQuery(p.name)
        setView('prompts')
      }
    }
  }))
  const items = [...fuzzyFilter(entries, query, query.trim() ? 12 : 8), ...promptEntries]
  const pick = (item: CommandItem) => {
    const entry = items.find((i) => i.id === item.id)
    onClose()
    entry?.run()
  }
  return (
    <Dialog title={t('prompts.palette.title')} onClose={onClose} initialFocus={input} className="command-palette">
      <CommandList inputRef={input} label={t('prompts.palette.search')} placeholder={t('prompts.palette.search')} query={query} onQuery={setQuery} items={items} onPick={pick} onEscape={onClose} empty={t('prompts.palette.empty')} />
    </Dialog>
  )
}
