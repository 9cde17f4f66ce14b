/**
 * Validation results as data, so the pure validators stay free of i18n and the form shows the
 * message at the field: a rule of the domain (`rules.<key>`, the same problem the host refuses
 * with), or one of the form's own (`images.problems.<key>`: text that is no number, no source).
 */
import type { imagesEn } from '@renderer/i18n/images.en'
import { areaProblems, readWhole, type FormProblem } from '@renderer/lib/rule-text'

export { isBlank } from '@renderer/lib/rule-text'

export type ProblemKey = keyof typeof imagesEn.problems

export type Problem = FormProblem<ProblemKey>

export type FieldProblems = Partial<Record<string, Problem>>

export const { problem, text: problemText } = areaProblems<ProblemKey>((t, own) =>
  t(`images.problems.${own.key}`, own.values ?? {})
)

/** '' stays undefined (a problem when `required`); otherwise a whole number, whose range is a rule. */
export function parseCount(raw: string, required: boolean): { value?: number; problem?: Problem } {
  const n = readWhole(raw)
  if (n === '') return required ? { problem: problem('countRequired') } : {}
  return n === null ? { problem: problem('wholeNumber') } : { value: n }
}
