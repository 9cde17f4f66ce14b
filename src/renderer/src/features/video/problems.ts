/**
 * Validation results as data, so the pure validators stay free of i18n and the form shows the
 * message at the field: a rule of the domain (`rules.<key>`, the same problem the host refuses
 * with), or one of the form's own (`video.problems.<key>`: text that is not a number, files, assets).
 */
import type { TFunction } from 'i18next'
import type { videoEn } from '@renderer/i18n/video.en'
import { ruleText, type RuleShown } from '@renderer/lib/rule-text'

export type VideoProblemKey = keyof typeof videoEn.problems

export type VideoProblem = RuleShown | { key: VideoProblemKey; values?: Record<string, string | number> }

export type VideoProblems = Partial<Record<string, VideoProblem>>

export function vp(key: VideoProblemKey, values?: Record<string, string | number>): VideoProblem {
  return values ? { key, values } : { key }
}

export function videoProblemText(t: TFunction, p: VideoProblem | undefined): string | null {
  if (!p) return null
  return 'rule' in p ? ruleText(t, p) : t(`video.problems.${p.key}`, p.values ?? {})
}

export const isBlank = (s: string) => s.trim() === ''

/** '' is "not sent" (undefined); otherwise a whole number (its range is a rule of the domain), or a problem. */
export function parseWhole(raw: string): { value?: number; problem?: VideoProblem } {
  const text = raw.trim()
  if (text === '') return {}
  return /^\d{1,15}$/.test(text) ? { value: Number(text) } : { problem: vp('wholeNumber') }
}
