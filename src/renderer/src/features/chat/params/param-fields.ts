/**
 * The parameters each format sends, named exactly as the gateway spec names them (dotted for nested
 * fields), with the limits of the contract's schemas. One table feeds the form, the validation and
 * the conversion to `ChatParams`, so a field cannot be shown under one name and sent under another.
 */
import type { ChatFormat } from '@shared/domain/chat'
import { MESSAGES_DEFAULT_MAX_TOKENS, SAFETY_CATEGORIES } from '@shared/domain/chat-limits'

export type FieldKind = 'number' | 'integer' | 'json' | 'stops' | 'text' | 'boolean' | 'threshold'

export interface FieldSpec {
  key: string
  kind: FieldKind
  min?: number
  max?: number
  /** JSON editors: the top-level shape the spec expects. */
  json?: 'array' | 'object' | 'array-or-object'
  /** Stop lists: how many entries the format allows. */
  maxItems?: number
  maxLength?: number
  /** Always sent; an empty field is an error (messages `max_tokens`). */
  required?: boolean
  /** Shown in the field when the conversation has no value yet. */
  defaultValue?: string
  /** Fields shown together under one heading. */
  group?: 'thinking' | 'safety' | 'tools' | 'output'
}

const STOP_MAX_LENGTH = 200
const MILLION = 1_000_000

const GENERAL: readonly FieldSpec[] = [
  { key: 'max_tokens', kind: 'integer', min: 1, max: MILLION },
  { key: 'temperature', kind: 'number', min: 0, max: 2 },
  { key: 'top_p', kind: 'number', min: 0, max: 1 },
  { key: 'stop', kind: 'stops', maxItems: 4, maxLength: STOP_MAX_LENGTH }
]

/** The general chat route also declares tools (OpenAI-style function tools). */
const GENERAL_CHAT: readonly FieldSpec[] = [...GENERAL, { key: 'tools', kind: 'json', json: 'array', group: 'tools' }]

export const SAFETY_KEY_PREFIX = 'safetySettings.'

const CONTENT: readonly FieldSpec[] = [
  { key: 'temperature', kind: 'number', min: 0, max: 2 },
  { key: 'topP', kind: 'number', min: 0, max: 1 },
  { key: 'topK', kind: 'integer', min: 1, max: 1000 },
  { key: 'maxOutputTokens', kind: 'integer', min: 1, max: MILLION },
  { key: 'stopSequences', kind: 'stops', maxItems: 16, maxLength: STOP_MAX_LENGTH },
  { key: 'responseMimeType', kind: 'text', maxLength: 100, group: 'output' },
  { key: 'responseSchema', kind: 'json', json: 'object', group: 'output' },
  { key: 'thinkingConfig.thinkingBudget', kind: 'integer', min: -1, max: MILLION, group: 'thinking' },
  { key: 'thinkingConfig.includeThoughts', kind: 'boolean', group: 'thinking' },
  ...SAFETY_CATEGORIES.map((c): FieldSpec => ({ key: SAFETY_KEY_PREFIX + c, kind: 'threshold', group: 'safety' })),
  { key: 'tools', kind: 'json', json: 'array-or-object', group: 'tools' },
  { key: 'toolConfig', kind: 'json', json: 'object', group: 'tools' },
  { key: 'cachedContent', kind: 'text', maxLength: 500 }
]

const MESSAGES: readonly FieldSpec[] = [
  {
    key: 'max_tokens',
    kind: 'integer',
    min: 1,
    max: MILLION,
    required: true,
    defaultValue: String(MESSAGES_DEFAULT_MAX_TOKENS)
  },
  { key: 'temperature', kind: 'number', min: 0, max: 1 },
  { key: 'top_p', kind: 'number', min: 0, max: 1 },
  { key: 'top_k', kind: 'integer', min: 1, max: 1000 },
  { key: 'stop_sequences', kind: 'stops', maxItems: 16, maxLength: STOP_MAX_LENGTH },
  { key: 'thinking.enabled', kind: 'boolean', group: 'thinking' },
  { key: 'thinking.budget_tokens', kind: 'integer', min: 1024, max: MILLION, group: 'thinking' },
  { key: 'tools', kind: 'json', json: 'array', group: 'tools' },
  { key: 'tool_choice', kind: 'json', json: 'object', group: 'tools' },
  { key: 'user_id', kind: 'text', maxLength: 256 }
]

export const FIELDS: Readonly<Record<ChatFormat, readonly FieldSpec[]>> = {
  chat: GENERAL_CHAT,
  completions: GENERAL,
  content: CONTENT,
  messages: MESSAGES
}

export function fieldSpec(format: ChatFormat, key: string): FieldSpec | undefined {
  return FIELDS[format].find((f) => f.key === key)
}
