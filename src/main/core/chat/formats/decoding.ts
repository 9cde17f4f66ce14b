import type { ChatFormat } from '@shared/domain/chat'
import type { DecodeState, FormatCodec } from './types'

type Body = Record<string, unknown>

/** A field that should be a list of objects; anything else (absent, null, a string) reads as an empty list. */
export const listOf = (value: unknown): Body[] => (Array.isArray(value) ? (value as Body[]) : [])

/**
 * The one choice or candidate an answer is about: index 0, or the one without an index. The studio
 * never asks for more than one, and a usage-only chunk has an empty list (no choice at all).
 */
export const firstChoice = (list: unknown): Body | undefined =>
  listOf(list).find((c) => c && (c.index === 0 || c.index === undefined))

/** A non-empty finish reason is kept and ends the answer; an empty or odd one is no signal. */
export function finishWith(state: DecodeState, reason: unknown): void {
  if (typeof reason !== 'string' || reason === '') return
  state.meta.finishReason = reason
  state.terminal = true
}

/** When an answer counts as complete: on the format's own end signal only, or on `data: [DONE]` as well. */
const COMPLETE_WHEN = {
  finish: (s: DecodeState) => s.terminal,
  'finish-or-done': (s: DecodeState) => s.done || s.terminal
} as const

export function formatCodec(
  format: ChatFormat,
  completeWhen: keyof typeof COMPLETE_WHEN,
  codec: Pick<FormatCodec, 'buildRequest' | 'step' | 'whole'>
): FormatCodec {
  return { format, ...codec, isComplete: COMPLETE_WHEN[completeWhen] }
}
