/**
 * The domain's rule problems (src/shared/domain/rule-problems.ts) as the forms show them: one per
 * field, in the user's language, from the `rules` texts of the i18n resources.
 */
import type { TFunction } from 'i18next'
import { z } from 'zod'
import { RULE_KEYS, type RuleKey, type RuleProblem, type RuleValues } from '@shared/domain/rule-problems'
import { isStudioError } from '@shared/error-core'

export interface RuleShown {
  rule: RuleKey
  values?: RuleValues
}

/** The first problem of each field, as the form keeps them. */
export function rulesByField(problems: readonly RuleProblem[]): Record<string, RuleShown> {
  const out: Record<string, RuleShown> = {}
  for (const p of problems) out[p.field] ??= p.values ? { rule: p.key, values: p.values } : { rule: p.key }
  return out
}

export function ruleText(t: TFunction, p: RuleShown): string {
  return t(`rules.${p.rule}`, { ...p.values })
}

// What the host puts in a rule refusal's details (rule-english.ts, ruleError). Checked, because a
// host of another version may send a key this page does not know: that refusal keeps its English.
const RuleDetails = z.object({
  rule: z.enum(RULE_KEYS),
  values: z.record(z.string(), z.union([z.string(), z.number()])).optional()
})

/** The domain rule a host error refuses by, or null when it is not a rule refusal. */
export function ruleOfError(error: unknown): RuleShown | null {
  if (!isStudioError(error)) return null
  const parsed = RuleDetails.safeParse(error.details)
  if (!parsed.success) return null
  return parsed.data.values ? { rule: parsed.data.rule, values: parsed.data.values } : { rule: parsed.data.rule }
}

/**
 * A form's result: the domain's problems at their fields, with what the form could not read as a
 * value (a field of its own problems); no request while anything is unread.
 */
export function formResult<T, P>(
  checked: { request: T | null; problems: readonly RuleProblem[] },
  unread: Partial<Record<string, P>>
): { request: T | null; problems: Partial<Record<string, RuleShown | P>> } {
  const problems: Partial<Record<string, RuleShown | P>> = { ...rulesByField(checked.problems), ...unread }
  return { request: Object.keys(unread).length > 0 ? null : checked.request, problems }
}

/**
 * A model field as typed. Blank, it is a problem of its own (the host's contract refuses it the
 * same way); a placeholder name then lets the rest of the form be checked meanwhile, so every
 * field's problem shows at once. The request is held back by the problem.
 */
export function readModel(raw: string, unread: Partial<Record<string, RuleShown | object>>): string {
  const model = raw.trim()
  if (model !== '') return model
  unread.model = { rule: 'modelRequired' }
  return 'model'
}

/** A problem a form finds itself (text that is no number, no file), by its key under the form's own texts. */
export interface OwnProblem<K extends string> {
  key: K
  values?: Record<string, string | number>
}

export function ownProblem<K extends string>(key: K, values?: Record<string, string | number>): OwnProblem<K> {
  return values ? { key, values } : { key }
}

/** A field's problem in the user's language: a domain rule, or one of the form's own (`own` says it). */
export function formProblemText<K extends string>(
  t: TFunction,
  p: RuleShown | OwnProblem<K> | undefined,
  own: (p: OwnProblem<K>) => string
): string | null {
  if (!p) return null
  return 'rule' in p ? ruleText(t, p) : own(p)
}

/** A field's problem in an area's forms: a domain rule, or one of the area's own (keys `K`). */
export type FormProblem<K extends string> = RuleShown | OwnProblem<K>

/** One area's own problems: made from a key, and shown by `ownText` (a domain rule by its rule text). */
export function areaProblems<K extends string>(ownText: (t: TFunction, p: OwnProblem<K>) => string) {
  return {
    problem: (key: K, values?: Record<string, string | number>): FormProblem<K> => ownProblem(key, values),
    text: (t: TFunction, p: FormProblem<K> | undefined): string | null =>
      formProblemText(t, p, (own) => ownText(t, own))
  }
}

export const isBlank = (s: string) => s.trim() === ''

/** A whole number as typed: '' when blank, the number, or null when it is no whole number (its range is a rule). */
export function readWhole(raw: string): number | '' | null {
  const text = raw.trim()
  if (text === '') return ''
  return /^\d{1,15}$/.test(text) ? Number(text) : null
}
