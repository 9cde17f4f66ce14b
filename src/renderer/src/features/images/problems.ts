/**
 * Validation results as data, so the pure validators stay free of i18n and the form shows the
 * message at the field: a rule of the domain (`rules.<key>`, the same problem the host refuses
 * with), or one of the form's own (`images.problems.<key>`: text that is no number, no source).
 */
import type { TFunction } from 'i18next'
import type { imagesEn } from '@renderer/i18n/images.en'
import { ruleText, type RuleShown } from '@renderer/lib/rule-text'

export type ProblemKey = keyof typeof imagesEn.problems

export type Problem = RuleShown | { key: ProblemKey; values?: Record<string, string | number> }

export type FieldProblems = Partial<Record<string, Problem>>

export function problem(key: ProblemKey, values?: Record<string, string | number>): Problem {
  return values ? { key, values } : { key }
}

export function problemText(t: TFunction, p: Problem | undefined): string | null {
  if (!p) return null
  return 'rule' in p ? ruleText(t, p) : t(`images.problems.${p.key}`, p.values ?? {})
}

export const isBlank = (s: string) => s.trim() === ''

/** '' stays undefined (a problem when `required`); otherwise a whole number, whose range is a rule. */
export function parseCount(raw: string, required: boolean): { value?: number; problem?: Problem } {
  const text = raw.trim()
  if (text === '') return required ? { problem: problem('countRequired') } : {}
  return /^\d{1,15}$/.test(text) ? { value: Number(text) } : { problem: problem('wholeNumber') }
}
