/**
 * Inline math in the spellings models write: `$…$`, `$$…$$`, `\(…\)` and `\[…\]` (display for the
 * last two doubled forms). micromark-extension-math reads `$` like a code span (any two `$` pair up,
 * so "costs $5 and $10" becomes math) and knows no `\(`/`\[`; this construct follows Pandoc's
 * `tex_math_dollars` rules instead, as markdown-it-texmath does: an opening `$` is followed by a
 * non-space, a closing `$` follows a non-space and is not followed by a digit, and a `$` after a
 * space inside ends the attempt (it opens a price or another formula). Display blocks on
 * their own lines (`$$` fences) stay with micromark-extension-math's flow construct.
 */
import type { Extension as FromMarkdownExtension, CompileContext } from 'mdast-util-from-markdown'
import { markdownLineEnding, markdownLineEndingOrSpace } from 'micromark-util-character'
import type { Code, Construct, Extension, State, TokenizeContext, Effects } from 'micromark-util-types'

const DOLLAR = 36
const BACKSLASH = 92
const OPEN_PAREN = 40
const CLOSE_PAREN = 41
const OPEN_BRACKET = 91
const CLOSE_BRACKET = 93
const EOF = null

/** A longer span is not math: bounds the work a stray `$` costs (it scans ahead once). */
const MAX_MATH_CHARS = 4000

function isDigit(code: Code): boolean {
  return code !== null && code >= 48 && code <= 57
}

function tokenizeTexMath(this: TokenizeContext, effects: Effects, ok: State, nok: State): State {
  let closer: 'single' | 'double' | 'paren' | 'bracket' = 'single'
  let size = 0
  let previousWasSpace = false
  // Something besides backslashes and spaces: `\[\\\]` is three escaped characters, not a formula.
  let meaningful = false

  const take = (code: Code) => {
    size += 1
    previousWasSpace = markdownLineEndingOrSpace(code)
    if (!previousWasSpace && code !== BACKSLASH) meaningful = true
    effects.consume(code)
  }

  const lineEnding = (code: Code): State | undefined => {
    effects.exit('texMathChunk')
    effects.enter('lineEnding')
    effects.consume(code)
    effects.exit('lineEnding')
    effects.enter('texMathChunk')
    previousWasSpace = true
    return inside
  }

  function start(code: Code): State | undefined {
    effects.enter('texMath')
    effects.enter('texMathChunk')
    if (code === BACKSLASH) {
      effects.consume(code)
      return afterOpeningBackslash
    }
    effects.consume(code)
    return afterFirstDollar
  }

  function afterOpeningBackslash(code: Code): State | undefined {
    if (code !== OPEN_PAREN && code !== OPEN_BRACKET) return nok(code)
    closer = code === OPEN_PAREN ? 'paren' : 'bracket'
    effects.consume(code)
    return inside
  }

  function afterFirstDollar(code: Code): State | undefined {
    if (code === DOLLAR) {
      closer = 'double'
      effects.consume(code)
      return inside
    }
    if (code === EOF || markdownLineEndingOrSpace(code)) return nok(code)
    return inside(code)
  }

  function inside(code: Code): State | undefined {
    if (code === EOF || size > MAX_MATH_CHARS) return nok(code)
    if (markdownLineEnding(code)) return lineEnding(code)
    if (code === BACKSLASH) {
      const before = previousWasSpace
      take(code)
      previousWasSpace = before
      return escaped
    }
    if (code === DOLLAR && closer === 'single') {
      // A `$` after a space cannot close (Pandoc), and in chat it starts a price or another
      // formula: the first `$` was not math ("$5 and $10 each, $x$" keeps only `$x$`).
      if (previousWasSpace) return nok(code)
      effects.consume(code)
      return afterSingleClose
    }
    if (code === DOLLAR && closer === 'double') {
      effects.consume(code)
      return afterDoubleFirst
    }
    take(code)
    return inside
  }

  /** After a backslash inside: `\)` / `\]` close their spans; any other escaped character is content. */
  function escaped(code: Code): State | undefined {
    if ((closer === 'paren' && code === CLOSE_PAREN) || (closer === 'bracket' && code === CLOSE_BRACKET)) {
      if (!meaningful) return nok(code)
      effects.consume(code)
      return done
    }
    if (code === EOF || markdownLineEnding(code)) return inside(code)
    take(code)
    return inside
  }

  function afterSingleClose(code: Code): State | undefined {
    // "$5 and $10 each": a `$` followed by a digit is a price, not the end of the math.
    if (isDigit(code)) {
      size += 1
      return inside(code)
    }
    return done(code)
  }

  function afterDoubleFirst(code: Code): State | undefined {
    if (code === DOLLAR && size > 0) {
      effects.consume(code)
      return done
    }
    size += 1
    return inside(code)
  }

  function done(code: Code): State | undefined {
    effects.exit('texMathChunk')
    effects.exit('texMath')
    return ok(code)
  }

  return start
}

const texMathConstruct: Construct = { name: 'texMath', tokenize: tokenizeTexMath, add: 'before' }

/** micromark syntax: tried before backslash escapes, so `\(` opens math rather than escaping `(`. */
export const texMath: Extension = { text: { [DOLLAR]: texMathConstruct, [BACKSLASH]: texMathConstruct } }

/** The inline math's TeX without its delimiters, and whether it is a display formula. */
export function splitTexMath(raw: string): { value: string; display: boolean } {
  if (raw.startsWith('$$')) return { value: raw.slice(2, -2).trim(), display: true }
  if (raw.startsWith('\\[')) return { value: raw.slice(2, -2).trim(), display: true }
  if (raw.startsWith('\\(')) return { value: raw.slice(2, -2).trim(), display: false }
  return { value: raw.slice(1, -1), display: false }
}

/** mdast: an `inlineMath` node (the type mdast-util-math uses), `data.display` for `$$`/`\[`. */
export const texMathFromMarkdown: FromMarkdownExtension = {
  enter: {
    texMath(this: CompileContext, token) {
      this.enter({ type: 'inlineMath', value: '', data: {} }, token)
    }
  },
  exit: {
    texMath(this: CompileContext, token) {
      const node = this.stack[this.stack.length - 1] as { type: string; value: string; data: { display?: boolean } }
      const { value, display } = splitTexMath(this.sliceSerialize(token))
      node.value = value
      node.data.display = display
      this.exit(token)
    }
  }
}

declare module 'micromark-util-types' {
  interface TokenTypeMap {
    texMath: 'texMath'
    texMathChunk: 'texMathChunk'
  }
}
