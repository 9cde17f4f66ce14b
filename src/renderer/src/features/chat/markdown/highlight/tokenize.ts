/**
 * A one-pass tokenizer for syntax colouring. Linear in the code's length (sticky regexes, no
 * backtracking across lines), and tolerant: unknown input is plain text, never an error.
 */
import { languageDef, type LanguageDef } from './languages'

export type TokenType =
  | 'plain'
  | 'comment'
  | 'string'
  | 'number'
  | 'keyword'
  | 'literal'
  | 'function'
  | 'property'
  | 'variable'
  | 'tag'
  | 'attr'
  | 'inserted'
  | 'deleted'
  | 'meta'

export interface Token {
  type: TokenType
  text: string
}

const NUMBER = /(?:0[xX][\da-fA-F_]+|0[bB][01_]+|\d[\d_]*(?:\.\d[\d_]*)?(?:[eE][+-]?\d+)?)[a-zA-Z]*/y
const IDENT = /[A-Za-z_$][\w$]*/y
const SPACE_COLON = /\s*:/y
const SPACE_PAREN = /\s*\(/y
const YAML_KEY = /[ \t]*(?:- )?([\w.$-]+|"[^"\n]*"|'[^'\n]*')(?=[ \t]*:(?:\s|$))/y
const TAG_OPEN = /<\/?[A-Za-z][\w:.-]*/y
const ATTR = /[A-Za-z_:][\w:.-]*/y

class Tokens {
  readonly list: Token[] = []
  push(type: TokenType, text: string): void {
    if (!text) return
    const last = this.list[this.list.length - 1]
    if (last && last.type === type && type === 'plain') last.text += text
    else this.list.push({ type, text })
  }
}

function stickyMatch(re: RegExp, s: string, at: number): string | null {
  re.lastIndex = at
  const m = re.exec(s)
  return m ? m[0] : null
}

function stringEnd(code: string, at: number, quote: string): number {
  let i = at + quote.length
  while (i < code.length) {
    if (code[i] === '\\') i += 2
    else if (code.startsWith(quote, i)) return i + quote.length
    // Single-line quotes end at the line; template and triple quotes may span lines.
    else if (code[i] === '\n' && quote.length === 1 && quote !== '`') return i
    else i += 1
  }
  return code.length
}

function tokenizeDiff(code: string): Token[] {
  const out = new Tokens()
  for (const line of code.split(/(?<=\n)/)) {
    const type: TokenType = line.startsWith('+') ? 'inserted' : line.startsWith('-') ? 'deleted' : line.startsWith('@@') ? 'meta' : 'plain'
    out.push(type, line)
  }
  return out.list
}

function tokenizeWith(code: string, def: LanguageDef, markup: boolean): Token[] {
  const out = new Tokens()
  let i = 0
  let inTag = false
  let lineStart = true
  while (i < code.length) {
    const ch = code[i]
    if (def.properties === 'yaml' && lineStart) {
      const key = stickyMatch(YAML_KEY, code, i)
      lineStart = false
      if (key) {
        const keyStart = key.length - key.trimStart().replace(/^- /, '').length
        out.push('plain', key.slice(0, keyStart))
        out.push('property', key.slice(keyStart))
        i += key.length
        continue
      }
    }
    const lineComment = def.lineComments.find((c) => code.startsWith(c, i))
    if (lineComment && !inTag) {
      const end = code.indexOf('\n', i)
      out.push('comment', code.slice(i, end < 0 ? code.length : end))
      i = end < 0 ? code.length : end
      continue
    }
    const block = def.blockComments.find(([open]) => code.startsWith(open, i))
    if (block) {
      const close = code.indexOf(block[1], i + block[0].length)
      const end = close < 0 ? code.length : close + block[1].length
      out.push('comment', code.slice(i, end))
      i = end
      continue
    }
    if (markup && !inTag) {
      const tag = stickyMatch(TAG_OPEN, code, i)
      if (tag) {
        out.push('tag', tag)
        i += tag.length
        inTag = true
        continue
      }
      const next = code.indexOf('<', i + 1)
      out.push('plain', code.slice(i, next < 0 ? code.length : next))
      i = next < 0 ? code.length : next
      continue
    }
    if (markup && inTag && (ch === '>' || code.startsWith('/>', i))) {
      const text = ch === '>' ? '>' : '/>'
      out.push('tag', text)
      i += text.length
      inTag = false
      continue
    }
    const triple = def.tripleQuotes ? def.quotes.map((q) => q.repeat(3)).find((q) => code.startsWith(q, i)) : undefined
    const quote = triple ?? def.quotes.find((q) => q === ch)
    if (quote) {
      const end = stringEnd(code, i, quote)
      const isProperty = def.properties === 'json' && stickyMatch(SPACE_COLON, code, end) !== null
      out.push(isProperty ? 'property' : 'string', code.slice(i, end))
      i = end
      continue
    }
    const prevIsWord = i > 0 && /[\w$]/.test(code[i - 1])
    if (!prevIsWord && ch >= '0' && ch <= '9') {
      const num = stickyMatch(NUMBER, code, i)
      if (num) {
        out.push('number', num)
        i += num.length
        continue
      }
    }
    if (def.dollarVariables && ch === '$') {
      const name = stickyMatch(IDENT, code, i + 1) ?? (code[i + 1] === '{' ? code.slice(i + 1, code.indexOf('}', i) + 1) : '')
      out.push('variable', '$' + name)
      i += 1 + name.length
      continue
    }
    const word = markup && inTag ? stickyMatch(ATTR, code, i) : !prevIsWord ? stickyMatch(IDENT, code, i) : null
    if (word) {
      const key = def.caseInsensitive ? word.toLowerCase() : word
      const type: TokenType = markup
        ? 'attr'
        : def.keywords.has(key)
          ? 'keyword'
          : def.literals.has(key)
            ? 'literal'
            : stickyMatch(SPACE_PAREN, code, i + word.length) !== null
              ? 'function'
              : 'plain'
      out.push(type, word)
      i += word.length
      continue
    }
    out.push('plain', ch)
    if (ch === '\n') lineStart = true
    i += 1
  }
  return out.list
}

/** Tokens of `code` in `lang`; one plain token for unknown languages. */
export function tokenize(code: string, lang: string): Token[] {
  const key = lang.toLowerCase()
  if (key === 'diff' || key === 'patch') return tokenizeDiff(code)
  const def = languageDef(key)
  if (!def) return code ? [{ type: 'plain', text: code }] : []
  return tokenizeWith(code, def, key === 'html' || key === 'xml' || key === 'svg')
}
