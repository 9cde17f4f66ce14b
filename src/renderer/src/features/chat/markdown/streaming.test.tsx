import { act, cleanup, render } from '@testing-library/react'
import fc from 'fast-check'
import type { ReactNode } from 'react'
import { I18nextProvider } from 'react-i18next'
import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import { createI18n } from '@renderer/i18n'
import { loadMarkdownEngine } from './engine'
import { Markdown } from './Markdown'

;(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true
afterEach(cleanup)
beforeAll(async () => {
  await loadMarkdownEngine()
})

const i18n = createI18n('en')
const wrap = (node: ReactNode) => <I18nextProvider i18n={i18n}>{node}</I18nextProvider>

/** Renders `text` streamed in the given pieces; returns the container and a per-step probe's results. */
function stream<T>(pieces: readonly string[], probe: (el: HTMLElement, text: string) => T) {
  let text = ''
  // A fixed id prefix: footnote anchors must match the whole render's, made in another root.
  const { container, rerender } = render(wrap(<Markdown text="" streaming idPrefix="t-" />))
  const seen: T[] = []
  for (const piece of pieces) {
    text += piece
    act(() => rerender(wrap(<Markdown text={text} streaming idPrefix="t-" />)))
    seen.push(probe(container, text))
  }
  act(() => rerender(wrap(<Markdown text={text} idPrefix="t-" />)))
  return { container, seen }
}

const chars = (s: string) => [...s]

describe('an unfinished end while streaming', () => {
  it('shows **bold, `code and [link]( as they will end, with no raw markers', () => {
    const cases: Array<[string, string, string]> = [
      ['Say **very import', 'strong', 'very import'],
      ['Run `npm inst', 'code', 'npm inst'],
      ['See [the docs](https://exa', '.md-link-inert, a', 'the docs']
    ]
    for (const [text, selector, shown] of cases) {
      const { container } = render(wrap(<Markdown text={text} streaming />))
      expect(container.querySelector(selector)?.textContent, text).toBe(shown)
      expect(container.textContent).not.toMatch(/\*\*|`|\]\(/)
      cleanup()
    }
  })

  it('shows a table from its header line on, and never turns it back into a paragraph of pipes', () => {
    const table = 'Intro line.\n\n| Name | Score |\n|---|---:|\n| Ada | 10 |\n| Bob | 7 |\n\nAfter.'
    const { seen } = stream(chars(table), (el, text) => {
      if (!text.includes('| Name |')) return 'before'
      return el.querySelector('table') ? 'table' : 'text'
    })
    const firstTable = seen.indexOf('table')
    expect(firstTable).toBeGreaterThan(0)
    // From the header's second pipe on it is a table, and stays one through every later character.
    expect(firstTable).toBe(table.indexOf('| Name |') + '| Name |'.length - 1)
    expect(seen.slice(firstTable).every((s) => s === 'table')).toBe(true)
  })
})

const DOCUMENTS = [
  '# Plan\n\n1. First step\n\n   ```py\n   print("hi")\n\n   print("there")\n   ```\n\n2. Second step with **bold** and `code`\n   - nested\n\n     continued\n\nAfter the list.',
  'Use [the guide][g] and [ref].\n\n> quoted *text*\nlazy line\n\n[g]: https://example.com/guide "Guide"\n[ref]: https://example.com/ref',
  'Prices: $5 and $10. Math $x^2$ and \\(y\\) and\n\n$$\n\\int_0^1 f(x)\\,dx\n$$\n\n\\[a + b\\]\n\n| a | b |\n|---|:-:|\n| 1 | **2** |\n\n- [x] done\n- [ ] todo',
  'Setext\n======\n\n    indented code\n\n    more\n\n***bold italic*** and **`**kwargs`** &amp; &mdash; \\$ \\% end\\\nbreak <b>html</b> www.example.com ~~gone~~',
  'Claim one[^a] and two[^b].\n\n- item citing [^b] again\n\n[^b]: Second source.\n\n    With a second paragraph.\n\nA later call[^a] after a note.\n\n[^a]: First source, with `code`.'
]

describe('chunk boundaries', () => {
  it('never change the final render (random chunkings through the component)', () => {
    // Rendered whole, kept detached for comparison (isEqualNode: same tree, text and attributes,
    // in any attribute order, since an update may add an attribute after the first render).
    const finals = DOCUMENTS.map((doc) => {
      const { container } = render(wrap(<Markdown text={doc} idPrefix="t-" />))
      const copy = container.cloneNode(true)
      cleanup()
      return copy
    })
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: DOCUMENTS.length - 1 }),
        fc.array(fc.integer({ min: 1, max: 400 }), { minLength: 1, maxLength: 24 }),
        (which, cuts) => {
          const doc = DOCUMENTS[which]
          const points = [...new Set(cuts.map((c) => c % doc.length))].sort((a, b) => a - b)
          const pieces = [0, ...points, doc.length]
            .slice(1)
            .map((end, i, ends) => doc.slice(i === 0 ? 0 : ends[i - 1], end))
            .filter(Boolean)
          const { container } = stream(pieces, () => null)
          const same = container.isEqualNode(finals[which])
          cleanup()
          return same
        }
      ),
      { numRuns: 50 }
    )
  }, 90_000)
})
