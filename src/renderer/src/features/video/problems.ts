/**
 * Validation results as data, so the pure validators stay free of i18n and the form shows the
 * message at the field: a rule of the domain (`rules.<key>`, the same problem the host refuses
 * with), or one of the form's own (`video.problems.<key>`: text that is not a number, files, assets).
 */
import type { TFunction } from 'i18next'
import type { videoEn } from '@renderer/i18n/video.en'
import { formProblemText, ownProblem, type OwnProblem, type RuleShown } from '@renderer/lib/rule-text'

export type VideoProblemKey = keyof typeof videoEn.problems

export type VideoProblem = RuleShown | OwnProblem<VideoProblemKey>

export type VideoProblems = Partial<Record<string, VideoProblem>>

export const vp = (key: VideoProblemKey, values?: Record<string, string | number>): VideoProblem => ownProblem(key, values)

export const videoProblemText = (t: TFunction, p: VideoProblem | undefined): string | null => formProblemText(t, p, (own) => t(`video.problems.${own.key}`, own.values ?? {}))

export const isBlank = (s: string) => s.trim() === ''

/** '' is "not sent" (undefined); otherwise a whole number (its range is a rule of the domain), or a problem. */
export function parseWhole(raw: string): { value?: number; problem?: VideoProblem } {
  const text = raw.trim()
  if (text === '') return {}
  return /^\d{1,15}$/.test(text) ? { value: Number(text) } : { problem: vp('wholeNumber') }
}
