import { describe, expect, it } from 'vitest'
import { tokenize, type Token } from './tokenize'

const typed = (tokens: Token[], type: Token['type']) => tokens.filter((t) => t.type === type).map((t) => t.text)

describe('the highlighter', () => {
  it('colours TypeScript keywords, strings, numbers, comments and calls', () => {
    const tokens = tokenize('const n = 42 // answer\nlog("hi")', 'ts')
    expect(typed(tokens, 'keyword')).toEqual(['const'])
    expect(typed(tokens, 'number')).toEqual(['42'])
    expect(typed(tokens, 'comment')).toEqual(['// answer'])
    expect(typed(tokens, 'string')).toEqual(['"hi"'])
    expect(typed(tokens, 'function')).toEqual(['log'])
  })

  it('reads Python triple-quoted strings and # comments', () => {
    const tokens = tokenize('def f():\n    """doc\n    string"""\n    return None  # done', 'python')
    expect(typed(tokens, 'string')).toEqual(['"""doc\n    string"""'])
    expect(typed(tokens, 'keyword')).toEqual(['def', 'return'])
    expect(typed(tokens, 'literal')).toEqual(['None'])
    expect(typed(tokens, 'comment')).toEqual(['# done'])
  })

  it('tells JSON keys from values', () => {
    const tokens = tokenize('{"a": "b", "n": 1, "ok": true}', 'json')
    expect(typed(tokens, 'property')).toEqual(['"a"', '"n"', '"ok"'])
    expect(typed(tokens, 'string')).toEqual(['"b"'])
    expect(typed(tokens, 'literal')).toEqual(['true'])
  })

  it('colours shell variables, SQL keywords in any case, HTML tags and diff lines', () => {
    expect(typed(tokenize('echo $HOME', 'bash'), 'variable')).toEqual(['$HOME'])
    expect(typed(tokenize('Select * FROM t', 'sql'), 'keyword')).toEqual(['Select', 'FROM'])
    expect(typed(tokenize('<a href="x">y</a>', 'html'), 'tag')).toEqual(['<a', '>', '</a', '>'])
    expect(typed(tokenize('+added\n-removed\n', 'diff'), 'inserted')).toEqual(['+added\n'])
  })

  it('keeps every character: the tokens join back into the source', () => {
    const src = 'fn main() {\n  let s = "a\\"b"; /* c */ x += 0x1F;\n}'
    for (const lang of ['rust', 'js', 'go', 'unknown']) expect(tokenize(src, lang).map((t) => t.text).join('')).toBe(src)
  })
})
