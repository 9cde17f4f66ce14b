/**
 * A conversation's settings for the form: the touched draft if any, else the saved values; their
 * validation; edits; and saving (debounced while typing, at once before a send, and on leaving).
 */
import { useQueryClient, type InfiniteData, type QueryClient } from '@tanstack/react-query'
import { useCallback, useEffect, useMemo } from 'react'
import { studio } from '@renderer/lib/studio'
import type { ChatFormat, ChatPreset, Conversation } from '@shared/domain/chat'
import { useChatUiStore } from '../chat-ui-store'
import { defaultParams, paramsToDraft, type DraftValue, type FieldProblem } from '../params/param-draft'
import { chatKeys, useConversation, useModels } from '../queries'
import { NEW_CONVERSATION, useDraftStore } from './draft-store'
import {
  draftFromConversation,
  settingsPatch,
  validateSettings,
  type SettingsDraft,
  type SettingsValidation
} from './settings-model'

const AUTOSAVE_MS = 600

type ConversationData = InfiniteData<Conversation, number | undefined>

function savedConversation(queryClient: QueryClient, id: string): Conversation | undefined {
  return queryClient.getQueryData<ConversationData>(chatKeys.conversation(id))?.pages[0]
}

/**
 * Saves the draft of `id` if it differs from the saved conversation. False when the draft is invalid
 * (nothing is sent then). Reads the latest state when it runs, so a late timer never re-sends.
 */
export async function saveSettingsIfChanged(queryClient: QueryClient, id: string): Promise<boolean> {
  const draft = useDraftStore.getState().drafts[id]
  const saved = savedConversation(queryClient, id)
  if (!draft || !saved) return true
  const validation = validateSettings(draft)
  if (!validation.ok) return false
  const patch = settingsPatch({ model: saved.model, system: saved.system, params: saved.params }, validation.value)
  if (!patch) return true
  await studio.chat.updateConversation({ id, ...patch })
  queryClient.setQueryData<ConversationData>(chatKeys.conversation(id), (data) =>
    data
      ? {
          ...data,
          pages: data.pages.map((p, i) => (i === 0 ? { ...p, ...patch, format: patch.params?.format ?? p.format } : p))
        }
      : data
  )
  void queryClient.invalidateQueries({ queryKey: chatKeys.lists() })
  return true
}

export interface ConversationSettings {
  draft: SettingsDraft
  validation: SettingsValidation
  /** Problems by parameter key (empty when valid). */
  fieldProblems: Readonly<Record<string, FieldProblem>>
  setModel: (model: string) => void
  setSystem: (system: string) => void
  setFormat: (format: ChatFormat) => void
  setField: (key: string, value: DraftValue) => void
  /** False when the preset is for another format than this (already started) conversation. */
  applyPreset: (preset: ChatPreset) => boolean
  /** The host keeps a conversation in the format it started with. */
  formatLocked: boolean
  /** False while an existing conversation's saved settings are still loading (nothing to show or edit yet). */
  ready: boolean
}

const NO_PROBLEMS: Readonly<Record<string, FieldProblem>> = {}

export function useConversationSettings(conversationId: string | null): ConversationSettings {
  const key = conversationId ?? NEW_CONVERSATION
  const saved = useConversation(conversationId).data?.conversation
  const models = useModels().data?.models
  const lastModel = useChatUiStore((s) => s.lastModel)
  const stored = useDraftStore((s) => s.drafts[key])
  const put = useDraftStore((s) => s.put)
  const newModel = lastModel ?? models?.[0] ?? ''
  const base = useMemo<SettingsDraft>(
    () =>
      saved
        ? draftFromConversation(saved)
        : { format: 'chat', model: newModel, system: '', fields: paramsToDraft(defaultParams('chat')) },
    [saved, newModel]
  )
  const draft = stored ?? base
  const validation = useMemo(() => validateSettings(draft), [draft])
  const edit = useCallback((patch: Partial<SettingsDraft>) => put(key, { ...draft, ...patch }), [put, key, draft])
  return {
    draft,
    validation,
    fieldProblems: validation.ok ? NO_PROBLEMS : validation.fields,
    setModel: (model) => edit({ model }),
    setSystem: (system) => edit({ system }),
    setFormat: (format) => {
      if (conversationId === null) edit({ format, fields: paramsToDraft(defaultParams(format)) })
    },
    setField: (field, value) => edit({ fields: { ...draft.fields, [field]: value } }),
    applyPreset: (preset) => {
      if (conversationId !== null && preset.params.format !== draft.format) return false
      edit({
        format: preset.params.format,
        model: preset.model ?? draft.model,
        system: preset.system,
        fields: paramsToDraft(preset.params)
      })
      return true
    },
    formatLocked: conversationId !== null,
    ready: conversationId === null || saved !== undefined
  }
}

/** Saves touched settings of the open conversation shortly after the last edit, and when it is left. */
export function useSettingsAutosave(conversationId: string | null): void {
  const queryClient = useQueryClient()
  const stored = useDraftStore((s) => (conversationId ? s.drafts[conversationId] : undefined))
  useEffect(() => {
    if (!conversationId || !stored) return
    const timer = setTimeout(
      () => void saveSettingsIfChanged(queryClient, conversationId).catch(() => undefined),
      AUTOSAVE_MS
    )
    return () => clearTimeout(timer)
  }, [conversationId, stored, queryClient])
  useEffect(() => {
    if (!conversationId) return
    return () => void saveSettingsIfChanged(queryClient, conversationId).catch(() => undefined)
  }, [conversationId, queryClient])
}
