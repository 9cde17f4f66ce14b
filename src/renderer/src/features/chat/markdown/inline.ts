/**
 * Inline markdown (code spans, strong, emphasis, strikethrough, links, bare URLs, line breaks) into
 * a small tree that the renderer turns into React elements. There is no HTML path at all: `<b>` is
 * text. Links keep their URL only when `safeHref` accepts it; anything else renders inert.
 */

export type Inline =
  | string
  | { t: 'code'; v: string }
  | { t: 'strong' | 'em' | 'del'; c: Inline[] }
  | { t: 'link'; href: string | null; raw: string; c: Inline[] }
  | { t: 'br' }

const ESCAPABLE = /[\\`*_{}[\]()#+\-.!|~<>"']/
const WORD = /[\p{L}\p{N}]/u
const SAFE_PROTOCOLS = new Set(['http:', 'https:', 'mailto:'])

/** The URL if it is absolute http(s) or mailto; null for javascript:, data:, file:, relative paths, anything odd. */
export function safeHref(raw: string): string | null {
  const url = raw.trim()
  if (!/^(?:https?:\/\/|mailto:)/i.test(url)) return null
  try {
    const parsed = new URL(url)
    return SAFE_PROTOCOLS.has(parsed.protocol) ? parsed.href : null
  } catch {
    return null
  }
}

/** Index of the `]` that closes the `[` at `open`, or -1. */
function closingBracket(s: string, open: number, to: number): number {
  let depth = 0
  for (let i = open; i < to; i++) {
    const ch = s[i]
    if (ch === '\\') i += 1
    else if (ch === '[') depth += 1
    else if (ch === ']' && --depth === 0) return i
  }
  return -1
}

/** Index of the `)` that closes the `(` at `open`, or -1. */
function closingParen(s: string, open: number, to: number): number {
  let depth = 0
  for (let i = open; i < to; i++) {
    const ch = s[i]
    if (ch === '\\') i += 1
    else if (ch === '(') depth += 1
    else if (ch === ')' && --depth === 0) return i
    else if (ch === '\n') return -1
  }
  return -1
}

/** A URL typed in prose ends before whitespace; trailing punctuation belongs to the sentence. */
function bareUrlEnd(s: string, from: number, to: number): number {
  let end = from
  while (end < to && !/[\s<>"]/.test(s[end])) end += 1
  while (end > from && /[.,:;!?'*_~]/.test(s[end - 1])) end -= 1
  if (s[end - 1] === ')' && (s.slice(from, end).match(/\(/g)?.length ?? 0) < (s.slice(from, end).match(/\)/g)?.length ?? 0)) end -= 1
  return end
}

class InlineParser {
  /** Per delimiter, the first position from which it is known not to occur again (keeps unmatched runs linear). */
  private readonly absentFrom = new Map<string, number>()

  constructor(private readonly s: string) {}

  /** Where `delim` closes an emphasis opened before `from`: not after whitespace, and not part of a longer run. */
  private closer(delim: string, from: number, to: number): number {
    const absent = this.absentFrom.get(delim)
    if (absent !== undefined && from >= absent) return -1
    let i = from
    for (;;) {
      i = this.s.indexOf(delim, i)
      if (i < 0 || i >= to) {
        if (i < 0) this.absentFrom.set(delim, Math.min(absent ?? Infinity, from))
        return -1
      }
      const before = this.s[i - 1]
      const after = this.s[i + delim.length]
      const ch = delim[0]
      const longer = after === ch || (delim.length === 1 && before === ch)
      const intraword = ch === '_' && after !== undefined && WORD.test(after)
      if (i > from && before !== undefined && !/\s/.test(before) && !longer && !intraword) return i
      i += delim.length
    }
  }

  parse(from: number, to: number): Inline[] {
    const s = this.s
    const out: Inline[] = []
    let text = ''
    const flush = () => {
      if (text) out.push(text)
      text = ''
    }
    let i = from
    while (i < to) {
      const ch = s[i]
      if (ch === '\\' && i + 1 < to && ESCAPABLE.test(s[i + 1])) {
        text += s[i + 1]
        i += 2
      } else if (ch === '\n') {
        flush()
        out.push({ t: 'br' })
        i += 1
      } else if (ch === '`') {
        let n = 1
        while (s[i + n] === '`') n += 1
        const fence = '`'.repeat(n)
        let close = s.indexOf(fence, i + n)
        while (close >= 0 && close < to && s[close + n] === '`') close = s.indexOf(fence, close + n + 1)
        if (close < 0 || close >= to) {
          text += fence
          i += n
          continue
        }
        flush()
        const v = s.slice(i + n, close)
        out.push({ t: 'code', v: v.length > 2 && v.startsWith(' ') && v.endsWith(' ') ? v.slice(1, -1) : v })
        i = close + n
      } else if (ch === '*' || ch === '_' || ch === '~') {
        let n = 1
        while (s[i + n] === ch) n += 1
        const prev = s[i - 1]
        const canOpen = i + n < to && !/\s/.test(s[i + n]) && !(ch === '_' && prev !== undefined && WORD.test(prev))
        const delim = ch === '~' ? (n >= 2 ? '~~' : '') : n >= 2 ? ch + ch : ch
        const close = canOpen && delim ? this.closer(delim, i + delim.length, to) : -1
        if (close < 0) {
          text += s.slice(i, i + n)
          i += n
          continue
        }
        flush()
        out.push({ t: ch === '~' ? 'del' : delim.length === 2 ? 'strong' : 'em', c: this.parse(i + delim.length, close) })
        i = close + delim.length
      } else if (ch === '[' || (ch === '!' && s[i + 1] === '[')) {
        const open = ch === '!' ? i + 1 : i
        const end = closingBracket(s, open, to)
        const paren = end >= 0 && s[end + 1] === '(' ? closingParen(s, end + 1, to) : -1
        if (paren < 0) {
          text += ch
          i += 1
          continue
        }
        flush()
        const raw = s.slice(end + 2, paren).trim().replace(/^<(.*)>$/, '$1').split(/\s+/)[0] ?? ''
        // Images would load from anywhere; they are shown as a link to the image instead.
        out.push({ t: 'link', href: safeHref(raw), raw, c: this.parse(open + 1, end) })
        i = paren + 1
      } else if ((ch === 'h' || ch === 'H') && /^https?:\/\//i.test(s.slice(i, i + 8)) && !(i > 0 && WORD.test(s[i - 1]))) {
        const end = bareUrlEnd(s, i, to)
        flush()
        const raw = s.slice(i, end)
        out.push({ t: 'link', href: safeHref(raw), raw, c: [raw] })
        i = end
      } else {
        text += ch
        i += 1
      }
    }
    flush()
    return out
  }
}

export function parseInline(source: string): Inline[] {
  return new InlineParser(source).parse(0, source.length)
}
