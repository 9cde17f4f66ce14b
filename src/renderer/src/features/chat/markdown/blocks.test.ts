import { describe, expect, it } from 'vitest'
import { parseBlocks, type Block } from './blocks'
import { parseInline, safeHref } from './inline'
import { initialScanState, scanLines, type Segment } from './scan'

const kinds = (blocks: Block[]) => blocks.map((b) => b.kind)

describe('block parsing', () => {
  it('splits headings, paragraphs, rules, quotes, lists, tables and code', () => {
    const src = [
      '# Title',
      'First paragraph',
      'continues here.',
      '',
      '---',
      '> quoted',
      '> more',
      '',
      '- one',
      '- two',
      '  - nested',
      '',
      '3. three',
      '4. four',
      '',
      '| a | b |',
      '|:--|--:|',
      '| 1 | 2 |',
      '',
      '```ts',
      'const x = 1',
      '',
      'const y = 2',
      '```',
      'after'
    ].join('\n')
    const blocks = parseBlocks(src)
    expect(kinds(blocks)).toEqual(['heading', 'paragraph', 'hr', 'quote', 'list', 'list', 'table', 'code', 'paragraph'])
    expect(blocks[0]).toMatchObject({ level: 1, text: 'Title' })
    expect(blocks[1]).toMatchObject({ text: 'First paragraph\ncontinues here.' })
    const bullets = blocks[4] as Extract<Block, { kind: 'list' }>
    expect(bullets.ordered).toBe(false)
    expect(bullets.items).toHaveLength(2)
    expect(kinds(bullets.items[1].blocks)).toEqual(['paragraph', 'list'])
    expect(blocks[5]).toMatchObject({ ordered: true, start: 3 })
    expect(blocks[6]).toMatchObject({ header: ['a', 'b'], align: ['left', 'right'], rows: [['1', '2']] })
    expect(blocks[7]).toMatchObject({ lang: 'ts', code: 'const x = 1\n\nconst y = 2', closed: true })
  })

  it('lets a list or a fence interrupt a paragraph without a blank line', () => {
    expect(kinds(parseBlocks('Steps:\n1. a\n2. b'))).toEqual(['paragraph', 'list'])
    expect(kinds(parseBlocks('Code:\n```\nx\n```'))).toEqual(['paragraph', 'code'])
  })

  it('keeps blank lines inside a fenced block that is inside a list item', () => {
    const blocks = parseBlocks('- item\n  ```py\n  a = 1\n\n  b = 2\n  ```\n- next')
    expect(kinds(blocks)).toEqual(['list'])
    const list = blocks[0] as Extract<Block, { kind: 'list' }>
    expect(list.items[0].blocks[1]).toMatchObject({ kind: 'code', code: 'a = 1\n\nb = 2' })
  })

  it('marks an unclosed fence as open', () => {
    expect(parseBlocks('```js\nlet a')[0]).toMatchObject({ kind: 'code', closed: false, code: 'let a' })
  })

  it('reads task list boxes', () => {
    const list = parseBlocks('- [x] done\n- [ ] todo')[0] as Extract<Block, { kind: 'list' }>
    expect(list.items.map((i) => i.checked)).toEqual([true, false])
  })
})

describe('incremental scanning', () => {
  it('seals a block only once a later line closes it, and never revisits sealed text', () => {
    const sealed: Segment[] = []
    const seal = (s: Segment) => sealed.push(s)
    let text = '# Head\nPara line'
    let state = scanLines(text, initialScanState, seal)
    expect(sealed.map((s) => s.kind)).toEqual(['heading'])
    text += ' one\n'
    state = scanLines(text, state, seal)
    expect(sealed).toHaveLength(1)
    text += '\n```js\ncode\n'
    state = scanLines(text, state, seal)
    expect(sealed.map((s) => s.kind)).toEqual(['heading', 'paragraph'])
    text += '```\n'
    state = scanLines(text, state, seal)
    expect(sealed.map((s) => s.kind)).toEqual(['heading', 'paragraph', 'fence'])
    expect(state.pos).toBe(text.length)
    expect(state.open).toBeNull()
  })
})

describe('inline parsing', () => {
  it('reads code, strong, emphasis, strikethrough and links', () => {
    expect(parseInline('a `x*y` **b** *c* ~~d~~ [e](https://example.com/e)')).toEqual([
      'a ',
      { t: 'code', v: 'x*y' },
      ' ',
      { t: 'strong', c: ['b'] },
      ' ',
      { t: 'em', c: ['c'] },
      ' ',
      { t: 'del', c: ['d'] },
      ' ',
      { t: 'link', href: 'https://example.com/e', raw: 'https://example.com/e', c: ['e'] }
    ])
  })

  it('does not treat snake_case or unmatched stars as emphasis', () => {
    expect(parseInline('snake_case_name and 2 * 3 * x')).toEqual(['snake_case_name and 2 * 3 * x'])
  })

  it('links bare URLs without swallowing the sentence’s punctuation', () => {
    expect(parseInline('See https://example.com/a.')).toEqual(['See ', { t: 'link', href: 'https://example.com/a', raw: 'https://example.com/a', c: ['https://example.com/a'] }, '.'])
  })

  it('keeps backslash-escaped characters literal', () => {
    expect(parseInline('\\*not em\\*')).toEqual(['*not em*'])
  })

  it('accepts only http(s) and mailto URLs', () => {
    expect(safeHref('https://example.com')).toBe('https://example.com/')
    expect(safeHref('mailto:a@example.com')).toBe('mailto:a@example.com')
    for (const bad of ['javascript:alert(1)', ' JavaScript:alert(1)', 'java\tscript:alert(1)', 'data:text/html,<script>x</script>', 'file:///etc/passwd', '/relative', 'vbscript:x']) {
      expect(safeHref(bad)).toBeNull()
    }
  })

  it('is linear on a long run of unmatched delimiters', () => {
    const src = '*a '.repeat(20_000)
    const started = performance.now()
    parseInline(src)
    expect(performance.now() - started).toBeLessThan(500)
  })
})
