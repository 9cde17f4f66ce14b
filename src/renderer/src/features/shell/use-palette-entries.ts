import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useMemo } from 'react'
import { useChatUiStore } from '@renderer/features/chat/chat-ui-store'
import { PARAMS_KEY } from '@renderer/features/chat/params/ParamsKeyButton'
import { conversationListQuery } from '@renderer/features/chat/queries'
import { useImagesUi } from '@renderer/features/images/images-ui-store'
import { useT } from '@renderer/i18n/use-t'
import { errorMessage } from '@renderer/lib/error-text'
import { shortcutLabel } from '@renderer/lib/platform'
import { profileListQuery } from '@renderer/lib/profiles/queries'
import { settingsQuery, useUpdateSettings } from '@renderer/lib/settings/queries'
import { studio } from '@renderer/lib/studio'
import { useHandoff } from '@renderer/store/handoff'
import { useUiStore } from '@renderer/store/ui'
import { navigate } from './navigation'
import type { PaletteEntry } from './palette-items'
import { VIEWS } from './views'

/** The settings page's sections, by the ids of their headings. */
const SETTINGS_SECTIONS = [
  { id: 'settings-profiles', labelKey: 'settings.profilesHeading' },
  { id: 'settings-appearance', labelKey: 'settings.appearanceHeading' },
  { id: 'settings-library', labelKey: 'settings.libraryHeading' }
] as const

/** Brings a section's heading into view and focus once its area has rendered (it may still be loading). */
function revealWhenShown(id: string, until = Date.now() + 5000): void {
  const heading = document.getElementById(id)
  if (heading) {
    heading.scrollIntoView?.({ block: 'start' })
    heading.setAttribute('tabindex', '-1')
    heading.focus()
  } else if (Date.now() < until) requestAnimationFrame(() => revealWhenShown(id, until))
}

/**
 * Everything the palette can do besides saved prompts: areas, actions on the latest results,
 * appearance, profiles, settings sections and recent conversations. The newest image and video
 * are asked for when the palette opens, so their actions show only when there is something to act on.
 */
export function usePaletteEntries(): PaletteEntry[] {
  const { t } = useT()
  const qc = useQueryClient()
  const settings = useQuery(settingsQuery()).data
  const updateSettings = useUpdateSettings()
  const conversationList = useQuery(conversationListQuery('')).data
  const profiles = useQuery(profileListQuery()).data
  const lastImage = useQuery({
    queryKey: ['palette', 'last-image'],
    queryFn: () => studio.images.listGallery({ filter: {}, limit: 1 }).then((p) => p.items[0] ?? null),
    staleTime: 0
  }).data
  const lastVideo = useQuery({
    queryKey: ['palette', 'last-video'],
    queryFn: () => studio.video.list({ limit: 1 }).then((p) => p.tasks[0] ?? null),
    staleTime: 0
  }).data

  return useMemo(() => {
    const actions = t('prompts.palette.groups.actions')
    const go = (label: string) => t('prompts.palette.goTo', { area: label })
    const dark = document.documentElement.dataset.theme === 'dark'
    const say = (text: string) => useUiStore.getState().setNotice(text)
    const imageLabel = lastImage ? lastImage.prompt.slice(0, 60) || lastImage.model : ''
    const list: PaletteEntry[] = [
      ...VIEWS.map((v) => ({
        id: `view-${v.id}`,
        group: t('prompts.palette.groups.areas'),
        label: go(t(v.labelKey)),
        shortcut: shortcutLabel(v.shortcut),
        run: () => void navigate(v.id)
      })),
      {
        id: 'new-chat',
        group: actions,
        label: t('prompts.palette.actions.newChat'),
        run: () => {
          useChatUiStore.getState().select(null)
          void navigate('chat')
        }
      },
      {
        id: 'toggle-params',
        group: actions,
        label: t('prompts.palette.actions.toggleParams'),
        shortcut: shortcutLabel(PARAMS_KEY),
        run: () => {
          const chat = useChatUiStore.getState()
          chat.setParamsOpen(!chat.paramsOpen)
          void navigate('chat')
        }
      },
      {
        id: 'new-image',
        group: actions,
        label: t('prompts.palette.actions.newImage'),
        run: () => {
          useImagesUi.getState().setPanel('generate')
          void navigate('images')
        }
      },
      {
        id: 'edit-image',
        group: actions,
        label: t('prompts.palette.actions.editImage'),
        run: () =>
          void navigate('images').then(
            () => useUiStore.getState().view === 'images' && useImagesUi.getState().openEditor()
          )
      },
      ...(lastImage
        ? [
            {
              id: 'edit-last-image',
              group: actions,
              label: t('prompts.palette.actions.editLast'),
              detail: imageLabel,
              run: () => useHandoff.getState().send({ kind: 'image-edit', itemId: lastImage.id })
            },
            {
              id: 'last-image-to-video',
              group: actions,
              label: t('prompts.palette.actions.lastToVideo'),
              detail: imageLabel,
              run: () =>
                useHandoff.getState().send({
                  kind: 'video-frame',
                  slot: 'first',
                  itemId: lastImage.id,
                  label: imageLabel,
                  thumbUrl: lastImage.url
                })
            }
          ]
        : []),
      ...(lastVideo
        ? [
            {
              id: 'open-last-video',
              group: actions,
              label: t('prompts.palette.actions.openLastVideo'),
              detail: lastVideo.prompt.slice(0, 60),
              run: () => useHandoff.getState().send({ kind: 'show-video', taskId: lastVideo.id })
            }
          ]
        : []),
      {
        id: 'create-video',
        group: actions,
        label: t('prompts.palette.actions.createVideo'),
        run: () => void navigate('video')
      },
      {
        id: 'open-library',
        group: actions,
        label: t('prompts.palette.actions.openLibrary'),
        run: () => void navigate('prompts')
      },
      {
        id: 'toggle-theme',
        group: actions,
        label: t('prompts.palette.actions.toggleTheme', {
          theme: t(`prompts.palette.actions.themes.${dark ? 'light' : 'dark'}`)
        }),
        run: () => settings && updateSettings.mutate({ theme: dark ? 'light' : 'dark' })
      },
      {
        id: 'back-up',
        group: actions,
        label: t('prompts.palette.actions.backUp'),
        run: () =>
          void studio.library.backUp().then(
            (b) => say(t('prompts.palette.actions.backedUp', { name: b.name })),
            (e: unknown) => say(t('prompts.palette.actions.backUpFailed', { message: errorMessage(e) }))
          )
      },
      ...SETTINGS_SECTIONS.map((s) => ({
        id: `settings-${s.id}`,
        group: t('prompts.palette.groups.settings'),
        label: t('prompts.palette.actions.openSettings', { section: t(s.labelKey) }),
        run: () => void navigate('settings').then(() => revealWhenShown(s.id))
      })),
      ...(profiles?.profiles ?? [])
        .filter((p) => p.id !== profiles?.activeId)
        .map((p) => ({
          id: `profile-${p.id}`,
          group: t('prompts.palette.groups.profiles'),
          label: t('prompts.palette.actions.switchProfile', { name: p.name }),
          run: () =>
            void studio.profiles.select({ id: p.id }).then((l) => qc.setQueryData(profileListQuery().queryKey, l))
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
  }, [t, settings, updateSettings, profiles, conversationList, qc, lastImage, lastVideo])
}
