/**
 * Typical assistant answers (answers.ts) rendered by the chat's Markdown component and by
 * react-markdown + remark-gfm + remark-math + rehype-katex, the stack most chat clients use, then
 * compared after normalize.ts. Formulas compare by their TeX (both sides render them with KaTeX);
 * footnotes by their numbering and text (ids and back-link wording are each renderer's own).
 */
import { act, cleanup, render } from '@testing-library/react'
import fc from 'fast-check'
import { I18nextProvider } from 'react-i18next'
import ReactMarkdown from 'react-markdown'
import remarkGfm from 'remark-gfm'
import type { PluggableList } from 'unified'
import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import { createI18n } from '@renderer/i18n'
import { loadMarkdownEngine } from '../engine'
import { Markdown } from '../Markdown'
import { loadKatex } from '../MathView'
import { ANSWERS } from './answers'
import { canonical, unwrapStudioMarkup } from './normalize'

;(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true
afterEach(cleanup)
beforeAll(async () => {
  // The app's page has a doctype; KaTeX refuses to render in quirks mode, which it assumes when
  // document.compatMode is not "CSS1Compat" (the test DOM has no compatMode at all).
  // KaTeX reads it once, when its module is first evaluated: so the peer's math plugins (both
  // import KaTeX) are imported after.
  if (document.compatMode !== 'CSS1Compat')
    Object.defineProperty(document, 'compatMode', { value: 'CSS1Compat', configurable: true })
  const [rehypeKatex, remarkMath] = await Promise.all([
    import('rehype-katex'),
    import('remark-math'),
    loadMarkdownEngine(),
    loadKatex()
  ])
  rehypePlugins = [rehypeKatex.default]
  remarkPlugins = [remarkGfm, remarkMath.default]
})

const i18n = createI18n('en')
let rehypePlugins: PluggableList = []
let remarkPlugins: PluggableList = []

/** Each formula becomes <m>tex</m> (inline) or <md>tex</md> (display), whatever wraps it. */
function formulasAsTex(root: Element): void {
  const doc = root.ownerDocument
  for (const k of [...root.querySelectorAll('.katex')]) {
    const tex = k.querySelector('annotation')?.textContent ?? ''
    const display = k.closest('.katex-display') !== null
    const el = doc.createElement(display ? 'md' : 'm')
    el.textContent = tex.trim()
    const outer = k.closest('.katex-display') ?? k
    outer.replaceWith(el)
  }
  // The wrappers each side puts around a formula (a span or div of its own, rehype-katex's pre/code).
  for (const el of [...root.querySelectorAll('md, m')]) {
    let box = el.parentElement
    while (box && box !== root && box.childNodes.length === 1 && /^(SPAN|DIV|PRE|CODE)$/.test(box.tagName)) {
      const up: HTMLElement | null = box.parentElement
      box.replaceWith(el)
      box = up
    }
  }
}

/** Footnote references as [n] and each note's text without its links back. */
function footnotesAsText(root: Element): void {
  for (const ref of [...root.querySelectorAll('a[data-footnote-ref], sup > a[href^="#"]')]) {
    const sup = ref.closest('sup') ?? ref
    sup.replaceWith(root.ownerDocument.createTextNode(`[${ref.textContent}]`))
  }
  for (const back of [...root.querySelectorAll('a[data-footnote-backref]')]) back.remove()
  for (const section of [...root.querySelectorAll('section[data-footnotes]')]) {
    section.querySelector('h2, h3')?.remove()
    section.replaceWith(...section.childNodes)
  }
  for (const li of [...root.querySelectorAll('li')]) {
    li.removeAttribute('id')
    li.removeAttribute('tabindex')
  }
}

function normalized(container: Element): string {
  const copy = container.cloneNode(true) as Element
  formulasAsTex(copy)
  footnotesAsText(copy)
  // react-markdown aligns table cells by style, the studio by class (unwrapStudioMarkup makes it align=).
  for (const cell of [...copy.querySelectorAll<HTMLElement>('th[style], td[style]')]) {
    const align = /text-align:\s*(\w+)/.exec(cell.getAttribute('style') ?? '')?.[1]
    if (align) cell.setAttribute('align', align)
  }
  unwrapStudioMarkup(copy)
  for (const el of [...copy.querySelectorAll('[class]')])
    if (!(el.tagName === 'CODE' && el.className.startsWith('language-'))) el.removeAttribute('class')
  for (const el of [...copy.querySelectorAll('[style], [aria-hidden]')]) {
    el.removeAttribute('style')
    el.removeAttribute('aria-hidden')
  }
  return canonical(copy)
}

function studio(markdown: string): string {
  const { container } = render(
    <I18nextProvider i18n={i18n}>
      <Markdown text={markdown} />
    </I18nextProvider>
  )
  const out = normalized(container)
  cleanup()
  return out
}

function peer(markdown: string): string {
  const { container } = render(
    <ReactMarkdown remarkPlugins={remarkPlugins} rehypePlugins={rehypePlugins}>
      {markdown}
    </ReactMarkdown>
  )
  const out = normalized(container)
  cleanup()
  return out
}

/** Answers the studio renders differently on purpose, each with its reason (the test fails if one starts to match). */
const DIFFERENT: Readonly<Record<string, string>> = {
  mathAndMoney:
    'prices: a $ followed by a digit after a space does not close math (pandoc\'s rule), so "$5 and ... $3" stays text; remark-math typesets it',
  comments:
    'raw HTML is shown as text either way; the studio keeps an HTML block in a block of its own, react-markdown leaves the bare text between blocks',
  inlineDisplayMath:
    '$$...$$ inside a sentence is display math in the studio (as KaTeX auto-render and most chat clients show it); remark-math makes it inline'
}

describe('typical answers render as react-markdown + remark-gfm + remark-math + rehype-katex render them', () => {
  const same = Object.entries(ANSWERS).filter(([name]) => !(name in DIFFERENT))
  it.each(same)('%s', (_name, markdown) => {
    expect(studio(markdown)).toBe(peer(markdown))
  })

  it.each(Object.entries(DIFFERENT))('%s differs on purpose: %s', (name) => {
    const markdown = ANSWERS[name]
    expect(markdown).toBeDefined()
    expect(studio(markdown!)).not.toBe(peer(markdown!))
  })
})

describe('typical answers streamed in pieces', () => {
  it('end exactly as they render whole, whatever the chunk boundaries', () => {
    const whole = (text: string) => {
      const { container } = render(
        <I18nextProvider i18n={i18n}>
          <Markdown text={text} idPrefix="p-" />
        </I18nextProvider>
      )
      const copy = container.cloneNode(true)
      cleanup()
      return copy
    }
    const streamed = (pieces: readonly string[]) => {
      const view = (text: string, streaming: boolean) => (
        <I18nextProvider i18n={i18n}>
          <Markdown text={text} streaming={streaming} idPrefix="p-" />
        </I18nextProvider>
      )
      const { container, rerender } = render(view('', true))
      let text = ''
      for (const piece of pieces) {
        text += piece
        act(() => rerender(view(text, true)))
      }
      act(() => rerender(view(text, false)))
      const copy = container.cloneNode(true)
      cleanup()
      return copy
    }
    const names = Object.keys(ANSWERS)
    const finals = new Map(names.map((n) => [n, whole(ANSWERS[n]!)]))
    fc.assert(
      fc.property(
        fc.constantFrom(...names),
        fc.array(fc.integer({ min: 1, max: 600 }), { minLength: 1, maxLength: 12 }),
        (name, cuts) => {
          const doc = ANSWERS[name]!
          const points = [...new Set(cuts.map((c) => c % doc.length))].filter((p) => p > 0).sort((a, b) => a - b)
          const ends = [...points, doc.length]
          const pieces = ends.map((end, i) => doc.slice(i === 0 ? 0 : ends[i - 1], end))
          return streamed(pieces).isEqualNode(finals.get(name)!)
        }
      ),
      { numRuns: 120, seed: 20261126 }
    )
  }, 120_000)
})
