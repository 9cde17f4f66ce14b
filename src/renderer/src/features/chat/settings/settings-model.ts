/**
 * A conversation's settings as the form holds them (model, format, system instruction, parameter
 * draft), their validation, and what changed against the saved conversation. Pure.
 */
import type { ChatFormat, ChatParams, Conversation } from '@shared/domain/chat'
import { SYSTEM_MAX_CHARS } from '@shared/domain/chat-limits'
import { draftToParams, paramsToDraft, type FieldProblem, type ParamDraft } from '../params/param-draft'

export interface SettingsDraft {
  format: ChatFormat
  model: string
  system: string
  fields: ParamDraft
}

export interface Settings {
  model: string
  system: string
  params: ChatParams
}

export type SettingsProblem = 'modelRequired' | 'modelTooLong' | 'systemTooLong'

export type SettingsValidation =
  { ok: true; value: Settings } | { ok: false; settings: SettingsProblem[]; fields: Record<string, FieldProblem> }

export const MODEL_MAX_CHARS = 200

export function draftFromConversation(c: Pick<Conversation, 'model' | 'system' | 'params'>): SettingsDraft {
  return { format: c.params.format, model: c.model, system: c.system, fields: paramsToDraft(c.params) }
}

export function validateSettings(draft: SettingsDraft): SettingsValidation {
  const settings: SettingsProblem[] = []
  const model = draft.model.trim()
  if (model === '') settings.push('modelRequired')
  else if (model.length > MODEL_MAX_CHARS) settings.push('modelTooLong')
  if (draft.format !== 'completions' && draft.system.length > SYSTEM_MAX_CHARS) settings.push('systemTooLong')
  const params = draftToParams(draft.format, draft.fields)
  if (settings.length > 0 || !params.ok) return { ok: false, settings, fields: params.ok ? {} : params.problems }
  return { ok: true, value: { model, system: draft.system, params: params.params } }
}

/** JSON with object keys sorted, so the host's key order never reads as a change. */
function stableJson(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : 1)))
      : v
  )
}

/** The `chat:update-conversation` fields that differ from what is saved; null when nothing does. */
export function settingsPatch(saved: Settings, next: Settings): Partial<Settings> | null {
  const patch: Partial<Settings> = {}
  if (saved.model !== next.model) patch.model = next.model
  if (saved.system !== next.system) patch.system = next.system
  if (stableJson(saved.params) !== stableJson(next.params)) patch.params = next.params
  return Object.keys(patch).length > 0 ? patch : null
}
