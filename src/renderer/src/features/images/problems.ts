/**
 * Validation results as data, so the pure validators stay free of i18n and the form shows the
 * message at the field: a rule of the domain (`rules.<key>`, the same problem the host refuses
 * with), or one of the form's own (`images.problems.<key>`: text that is no number, no source).
 */
import type { TFunction } from 'i18next'
import type { imagesEn } from '@renderer/i18n/images.en'
import { formProblemText, ownProblem, type OwnProblem, type RuleShown } from '@renderer/lib/rule-text'

export type ProblemKey = keyof typeof imagesEn.problems

export type Problem = RuleShown | OwnProblem<ProblemKey>

export type FieldProblems = Partial<Record<string, Problem>>

export const problem = (key: ProblemKey, values?: Record<string, string | number>): Problem => ownProblem(key, values)

export const problemText = (t: TFunction, p: Problem | undefined): string | null => formProblemText(t, p, (own) => t(`images.problems.${own.key}`, own.values ?? {}))

export const isBlank = (s: string) => s.trim() === ''

/** '' stays undefined (a problem when `required`); otherwise a whole number, whose range is a rule. */
export function parseCount(raw: string, required: boolean): { value?: number; problem?: Problem } {
  const text = raw.trim()
  if (text === '') return required ? { problem: problem('countRequired') } : {}
  return /^\d{1,15}$/.test(text) ? { value: Number(text) } : { problem: problem('wholeNumber') }
}
