/**
 * The parameters form as typed (a draft: text for numbers and JSON, so a half-typed value is kept
 * and explained, never silently dropped) and its conversion to the contract's `ChatParams`.
 * Conversion validates every field; a draft with any problem produces no params, so nothing is sent.
 */
import type { ChatFormat, ChatParams } from '@shared/domain/chat'
import { SAFETY_THRESHOLDS } from '@shared/domain/chat-limits'
import { FIELDS, SAFETY_KEY_PREFIX, type FieldSpec } from './param-fields'

export type DraftValue = string | boolean | readonly string[]
export type ParamDraft = Readonly<Record<string, DraftValue>>

export type FieldProblem =
  | { code: 'required' | 'notNumber' | 'notInteger' | 'jsonArray' | 'jsonObject' | 'jsonArrayOrObject' }
  | { code: 'range'; min: number; max: number }
  | { code: 'jsonSyntax'; detail: string }
  | { code: 'tooManyStops' | 'tooLong'; max: number }

export type DraftResult = { ok: true; params: ChatParams } | { ok: false; problems: Record<string, FieldProblem> }

type Threshold = (typeof SAFETY_THRESHOLDS)[number]

function readNumber(spec: FieldSpec, raw: string): number | FieldProblem | undefined {
  const text = raw.trim()
  if (text === '') return spec.required ? { code: 'required' } : undefined
  const n = Number(text)
  if (!Number.isFinite(n)) return { code: 'notNumber' }
  if (spec.kind === 'integer' && !Number.isInteger(n)) return { code: 'notInteger' }
  if ((spec.min !== undefined && n < spec.min) || (spec.max !== undefined && n > spec.max))
    return { code: 'range', min: spec.min ?? -Infinity, max: spec.max ?? Infinity }
  return n
}

function readJson(spec: FieldSpec, raw: string): string | FieldProblem | undefined {
  if (raw.trim() === '') return undefined
  let value: unknown
  try {
    value = JSON.parse(raw)
  } catch (e) {
    return { code: 'jsonSyntax', detail: e instanceof Error ? e.message : String(e) }
  }
  const isArray = Array.isArray(value)
  const isObject = value !== null && typeof value === 'object' && !isArray
  if (spec.json === 'array' && !isArray) return { code: 'jsonArray' }
  if (spec.json === 'object' && !isObject) return { code: 'jsonObject' }
  if (spec.json === 'array-or-object' && !isArray && !isObject) return { code: 'jsonArrayOrObject' }
  return raw
}

function readStops(spec: FieldSpec, list: readonly string[]): string[] | FieldProblem | undefined {
  if (list.length === 0) return undefined
  if (spec.maxItems !== undefined && list.length > spec.maxItems) return { code: 'tooManyStops', max: spec.maxItems }
  if (list.some((s) => s.length === 0)) return { code: 'required' }
  if (list.some((s) => s.length > (spec.maxLength ?? Infinity))) return { code: 'tooLong', max: spec.maxLength ?? 0 }
  return [...list]
}

function readText(spec: FieldSpec, raw: string): string | FieldProblem | undefined {
  const text = raw.trim()
  if (text === '') return undefined
  return spec.maxLength !== undefined && text.length > spec.maxLength ? { code: 'tooLong', max: spec.maxLength } : text
}

function isProblem(v: unknown): v is FieldProblem {
  return typeof v === 'object' && v !== null && 'code' in v
}

function readField(spec: FieldSpec, value: DraftValue | undefined): unknown {
  switch (spec.kind) {
    case 'number':
    case 'integer':
      return readNumber(spec, typeof value === 'string' ? value : (spec.defaultValue ?? ''))
    case 'json':
      return readJson(spec, typeof value === 'string' ? value : '')
    case 'stops':
      return readStops(spec, Array.isArray(value) ? value : [])
    case 'text':
      return readText(spec, typeof value === 'string' ? value : '')
    case 'boolean':
      return value === true
    case 'threshold':
      return typeof value === 'string' && (SAFETY_THRESHOLDS as readonly string[]).includes(value) ? value : undefined
  }
}

/** Puts `value` at a dotted path, creating the parent objects. */
function setPath(target: Record<string, unknown>, key: string, value: unknown): void {
  const [head, ...rest] = key.split('.')
  if (rest.length === 0) {
    target[head] = value
    return
  }
  const child = (target[head] ??= {}) as Record<string, unknown>
  setPath(child, rest.join('.'), value)
}

/** Validates the draft of `format` and builds its params; problems are keyed by field. */
export function draftToParams(format: ChatFormat, draft: ParamDraft): DraftResult {
  const problems: Record<string, FieldProblem> = {}
  const params: Record<string, unknown> = {}
  const safety: { category: string; threshold: Threshold }[] = []
  for (const spec of FIELDS[format]) {
    const value = readField(spec, draft[spec.key])
    if (isProblem(value)) problems[spec.key] = value
    else if (spec.kind === 'threshold') {
      if (value !== undefined)
        safety.push({ category: spec.key.slice(SAFETY_KEY_PREFIX.length), threshold: value as Threshold })
    } else if (spec.kind === 'boolean') {
      if (value === true) setPath(params, spec.key, true)
    } else if (value !== undefined) setPath(params, spec.key, value)
  }
  if (safety.length > 0) params.safetySettings = safety
  if (format === 'messages') {
    const thinking = params.thinking as { enabled?: boolean; budget_tokens?: number } | undefined
    const budgetKey = 'thinking.budget_tokens'
    if (thinking?.enabled && thinking.budget_tokens === undefined && !problems[budgetKey])
      problems[budgetKey] = { code: 'required' }
    // Off means "not sent" (the spec has no "disabled" value), so the budget field does not matter then.
    if (!thinking?.enabled) {
      delete params.thinking
      delete problems[budgetKey]
    }
  }
  if (Object.keys(problems).length > 0) return { ok: false, problems }
  // Every field was checked above against its FieldSpec (the schema's bounds); the host parses with
  // ChatParamsSchema again. No zod here: it would put the schemas on the start-up path (T1).
  // param-draft.test.ts checks that what this builds satisfies ChatParamsSchema.
  return { ok: true, params: { format, params } as ChatParams }
}

function flatten(prefix: string, value: unknown, out: Record<string, DraftValue>): void {
  if (value && typeof value === 'object' && !Array.isArray(value)) {
    for (const [k, v] of Object.entries(value)) flatten(prefix ? `${prefix}.${k}` : k, v, out)
  } else if (typeof value === 'number') out[prefix] = String(value)
  else if (typeof value === 'string' || typeof value === 'boolean') out[prefix] = value
  else if (Array.isArray(value)) out[prefix] = value.map(String)
}

/** The draft that shows saved params (and each field's default where nothing is saved). */
export function paramsToDraft(params: ChatParams): ParamDraft {
  const out: Record<string, DraftValue> = {}
  const { safetySettings, ...rest } = params.params as Record<string, unknown> & {
    safetySettings?: { category: string; threshold: string }[]
  }
  flatten('', rest, out)
  for (const s of safetySettings ?? []) out[SAFETY_KEY_PREFIX + s.category] = s.threshold
  for (const spec of FIELDS[params.format])
    if (out[spec.key] === undefined && spec.defaultValue !== undefined) out[spec.key] = spec.defaultValue
  return out
}

/** The params a conversation starts with in a format. */
export function defaultParams(format: ChatFormat): ChatParams {
  const result = draftToParams(format, paramsToDraft({ format, params: {} } as ChatParams))
  if (!result.ok) throw new Error(`Defaults of ${format} do not validate`)
  return result.params
}
