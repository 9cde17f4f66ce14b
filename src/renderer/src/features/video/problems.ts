/**
 * Validation results as data: a message key under `video.problems` plus its values, so the pure
 * validators stay free of i18n and the form shows the message at the field.
 */
import type { TFunction } from 'i18next'
import type { videoEn } from '@renderer/i18n/video.en'

export type VideoProblemKey = keyof typeof videoEn.problems

export interface VideoProblem {
  key: VideoProblemKey
  values?: Record<string, string | number>
  /** A host or schema message shown as is (already precise), instead of the key's text. */
  text?: string
}

export type VideoProblems = Partial<Record<string, VideoProblem>>

export function vp(key: VideoProblemKey, values?: VideoProblem['values']): VideoProblem {
  return values ? { key, values } : { key }
}

export function videoProblemText(t: TFunction, p: VideoProblem | undefined): string | null {
  if (!p) return null
  if (p.text) return p.text
  return t(`video.problems.${p.key}`, p.values ?? {})
}

export const isBlank = (s: string) => s.trim() === ''

/**
 * '' is "not sent" (undefined); otherwise a whole number in [min, max], or a problem.
 * `required` turns '' into a problem too.
 */
export function parseWhole(raw: string, min: number, max: number, required = false): { value?: number; problem?: VideoProblem } {
  const text = raw.trim()
  if (text === '') return required ? { problem: vp('wholeRange', { min, max }) } : {}
  if (!/^\d+$/.test(text)) return { problem: vp('wholeRange', { min, max }) }
  const n = Number(text)
  return n < min || n > max ? { problem: vp('wholeRange', { min, max }) } : { value: n }
}

/** A big count as people read it: 1,048,576. */
export function grouped(n: number): string {
  return n.toLocaleString('en-US')
}
