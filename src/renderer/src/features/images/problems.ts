/**
 * Validation results as data: a message key under `images.problems` plus its values, so the pure
 * validators stay free of i18n and the form shows the message at the field.
 */
import type { TFunction } from 'i18next'
import type { imagesEn } from '@renderer/i18n/images.en'

export type ProblemKey = keyof typeof imagesEn.problems

export interface Problem {
  key: ProblemKey
  values?: Record<string, string | number>
}

export type FieldProblems = Partial<Record<string, Problem>>

export function problem(key: ProblemKey, values?: Problem['values']): Problem {
  return values ? { key, values } : { key }
}

export function problemText(t: TFunction, p: Problem | undefined): string | null {
  return p ? t(`images.problems.${p.key}`, p.values ?? {}) : null
}

export const isBlank = (s: string) => s.trim() === ''

/** An http(s) address without credentials, as the host requires for anything a gateway fetches. */
export function isHttpUrl(value: string): boolean {
  try {
    const u = new URL(value.trim())
    return (u.protocol === 'https:' || u.protocol === 'http:') && u.username === '' && u.password === '' && value.trim().length <= 4096
  } catch {
    return false
  }
}

/** '' stays undefined; otherwise a whole number in [min, max], or a problem. */
export function parseCount(raw: string, min: number, required: boolean): { value?: number; problem?: Problem } {
  const text = raw.trim()
  if (text === '') return required ? { problem: problem('countRequired') } : {}
  if (!/^\d+$/.test(text)) return { problem: problem('countRange', { min }) }
  const n = Number(text)
  return n < min || n > 10 ? { problem: problem('countRange', { min }) } : { value: n }
}
