/**
 * Validation results as data, so the pure validators stay free of i18n and the form shows the
 * message at the field: a rule of the domain (`rules.<key>`, the same problem the host refuses
 * with), or one of the form's own (`video.problems.<key>`: text that is not a number, files, assets).
 */
import type { videoEn } from '@renderer/i18n/video.en'
import { areaProblems, readWhole, type FormProblem } from '@renderer/lib/rule-text'

export { isBlank } from '@renderer/lib/rule-text'

export type VideoProblemKey = keyof typeof videoEn.problems

export type VideoProblem = FormProblem<VideoProblemKey>

export type VideoProblems = Partial<Record<string, VideoProblem>>

export const { problem: vp, text: videoProblemText } = areaProblems<VideoProblemKey>((t, own) =>
  t(`video.problems.${own.key}`, own.values ?? {})
)

/** '' is "not sent" (undefined); otherwise a whole number (its range is a rule of the domain), or a problem. */
export function parseWhole(raw: string): { value?: number; problem?: VideoProblem } {
  const n = readWhole(raw)
  if (n === '') return {}
  return n === null ? { problem: vp('wholeNumber') } : { value: n }
}
