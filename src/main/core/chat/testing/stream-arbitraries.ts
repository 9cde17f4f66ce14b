import fc from 'fast-check'
import type { StreamSpec } from './streams'

/** Text that breaks naive decoders: multi-byte and multi-unit graphemes, line ends, quotes, a backslash. */
const TRICKY = ['你好', '世界和平', '👩‍💻', '🇯🇵', 'é', '\n', '\r\n', ' ', 'ünï', '"quoted"', '\\']

export interface StreamSpecLimits {
  maxThinking: number
  maxText: number
  /** More fixed pieces worth trying in this file's streams. */
  morePieces?: string[]
  tool: fc.Arbitrary<NonNullable<StreamSpec['tool']>>
}

/** Random answers (thinking, text, maybe one tool call) for the split and truncation properties. */
export function streamSpecs(limits: StreamSpecLimits): fc.Arbitrary<StreamSpec> {
  const piece = fc.oneof(
    fc.string({ unit: 'grapheme', minLength: 1, maxLength: 6 }),
    fc.constantFrom(...TRICKY, ...(limits.morePieces ?? []))
  )
  return fc.record({
    thinking: fc.array(piece, { maxLength: limits.maxThinking }),
    text: fc.array(piece, { minLength: 1, maxLength: limits.maxText }),
    tool: fc.option(limits.tool, { nil: undefined })
  })
}

/** The stream's text with `gaps[i]` (legal noise) after frame i, in CRLF or LF line ends. */
export function assemble(frames: string[], gaps: string[], crlf: boolean): string {
  const text = frames.map((f, i) => f + (gaps[i] ?? '')).join('')
  return crlf ? text.replace(/\n/g, '\r\n') : text
}
