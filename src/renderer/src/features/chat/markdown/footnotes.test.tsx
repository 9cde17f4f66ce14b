import { act, cleanup, render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { ReactNode } from 'react'
import { I18nextProvider } from 'react-i18next'
import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import { createI18n, ensureLanguage } from '@renderer/i18n'
import { loadMarkdownEngine } from './engine'
import { Markdown } from './Markdown'

;(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true
afterEach(cleanup)
beforeAll(async () => {
  await loadMarkdownEngine()
})

const i18n = createI18n('en')
const wrap = (node: ReactNode, lang = i18n) => <I18nextProvider i18n={lang}>{node}</I18nextProvider>

const ANSWER = [
  'Rust borrows[^borrow] and Go collects garbage[^gc].',
  '',
  'Both are fast[^borrow].',
  '',
  '[^gc]: A tracing collector, concurrent since Go 1.5.',
  '[^borrow]: The borrow checker enforces it at compile time.',
  '',
  '    Even across threads (`Send`, `Sync`).',
  '[^unused]: Never referenced, so never listed.'
].join('\n')

const calls = (el: HTMLElement) => [...el.querySelectorAll<HTMLAnchorElement>('a[data-footnote-ref]')]

describe('GFM footnotes', () => {
  it('numbers calls by first reference and lists the referenced notes at the end, each linking back to every call', () => {
    const { container } = render(wrap(<Markdown text={ANSWER} idPrefix="m1-" />))
    // Calls: superscript numbers, the repeated one keeps its number; each call has its own anchor.
    expect(
      calls(container).map((a) => [a.textContent, a.parentElement!.tagName, a.getAttribute('href'), a.id])
    ).toEqual([
      ['1', 'SUP', '#m1-fn-1', 'm1-fnref-1'],
      ['2', 'SUP', '#m1-fn-2', 'm1-fnref-2'],
      ['1', 'SUP', '#m1-fn-1', 'm1-fnref-1-2']
    ])
    expect(container.textContent).not.toContain('[^')
    // The notes: after every block, in call order, the unreferenced one left out.
    const section = container.querySelector('section[data-footnotes]')!
    expect(container.querySelector('.markdown')!.lastElementChild).toBe(section)
    expect(within(section as HTMLElement).getByRole('heading', { name: 'Footnotes' }).id).toBe('m1-fn-label')
    expect(calls(container).every((a) => a.getAttribute('aria-describedby') === 'm1-fn-label')).toBe(true)
    const notes = [...section.querySelectorAll('ol > li')]
    expect(notes.map((li) => li.id)).toEqual(['m1-fn-1', 'm1-fn-2'])
    // A note keeps its block content (two paragraphs, code); the links back close its last paragraph.
    expect([...notes[0].children].map((c) => c.tagName)).toEqual(['P', 'P'])
    expect(notes[0].querySelector('code')?.textContent).toBe('Send')
    const back = [...notes[0].querySelectorAll('a[data-footnote-backref]')]
    expect(back.map((a) => [a.getAttribute('href'), a.getAttribute('aria-label')])).toEqual([
      ['#m1-fnref-1', 'Back to reference 1'],
      ['#m1-fnref-1-2', 'Back to reference 1-2']
    ])
    expect(notes[0].lastElementChild!.contains(back[1])).toBe(true)
    expect(notes[1].textContent).toContain('concurrent since Go 1.5.')
    expect(notes[1].querySelectorAll('a[data-footnote-backref]')).toHaveLength(1)
    // Every footnote link stays in the page, and every target exists.
    for (const a of section.parentElement!.querySelectorAll('a[data-footnote-ref], a[data-footnote-backref]')) {
      expect(a.getAttribute('href')).toMatch(/^#/)
      expect(a.hasAttribute('target')).toBe(false)
      expect(container.querySelector(`[id="${a.getAttribute('href')!.slice(1)}"]`)).toBeTruthy()
    }
  })

  it('labels the notes in Chinese too', async () => {
    const zh = createI18n('zh')
    await ensureLanguage(zh, 'zh')
    const { container } = render(wrap(<Markdown text={ANSWER} idPrefix="z-" />, zh))
    expect(container.querySelector('#z-fn-label')?.textContent).toBe('脚注')
    expect(container.querySelector('a[data-footnote-backref]')?.getAttribute('aria-label')).toBe('返回引用 1')
  })

  it('moves to the note and back within the message, leaving the address alone', async () => {
    const user = userEvent.setup()
    const before = window.location.href
    const { container } = render(wrap(<Markdown text={ANSWER} />))
    const [first] = calls(container)
    await user.click(first)
    const note = container.querySelector('section[data-footnotes] li')!
    expect(document.activeElement).toBe(note)
    await user.click(note.querySelector('a[data-footnote-backref]')!)
    expect(document.activeElement).toBe(first)
    expect(window.location.href).toBe(before)
  })

  it('gives two messages on one page their own anchors', () => {
    const { container } = render(
      wrap(
        <>
          <Markdown text={ANSWER} />
          <Markdown text={ANSWER} />
        </>
      )
    )
    const ids = [...container.querySelectorAll('[id]')].map((el) => el.id)
    expect(ids.length).toBeGreaterThan(10)
    expect(new Set(ids).size).toBe(ids.length)
  })

  it('keeps a link definition and a footnote of the same label apart, and leaves an undefined call as text', () => {
    render(wrap(<Markdown text={'A [^x] and [x] and [^y].\n\n[x]: https://example.com/x\n[^x]: The note.'} />))
    expect(screen.getByRole('link', { name: 'x' }).getAttribute('href')).toBe('https://example.com/x')
    expect(screen.getByRole('link', { name: '1' }).getAttribute('href')).toMatch(/fn-1$/)
    expect(screen.getByText(/\[\^y\]/)).toBeTruthy()
  })

  it('while streaming, holds back a half-written call and turns calls into numbers once their note arrives', () => {
    let text = 'Claim[^sou'
    const { container, rerender } = render(wrap(<Markdown text={text} streaming />))
    expect(container.textContent).toBe('Claim')
    expect(container.querySelector('a, .md-link-inert')).toBeNull()
    text = 'Claim[^source] made.\n\nMore text.\n\n[^source]: Where it comes from'
    act(() => rerender(wrap(<Markdown text={text} streaming />)))
    expect(calls(container).map((a) => a.textContent)).toEqual(['1'])
    expect(container.querySelector('section[data-footnotes] li')?.textContent).toContain('Where it comes from')
  })
  it('ends exactly as rendered whole when streamed one character at a time, notes before and after calls', () => {
    for (const doc of [
      ANSWER,
      'Early[^a].\n\n[^b]: Defined first.\n\nThen[^b] and[^a] again[^b].\n\n[^a]: Defined last.'
    ]) {
      const whole = render(wrap(<Markdown text={doc} idPrefix="w-" />)).container.cloneNode(true)
      cleanup()
      const { container, rerender } = render(wrap(<Markdown text="" streaming idPrefix="w-" />))
      for (let i = 1; i <= doc.length; i++)
        act(() => rerender(wrap(<Markdown text={doc.slice(0, i)} streaming idPrefix="w-" />)))
      act(() => rerender(wrap(<Markdown text={doc} idPrefix="w-" />)))
      expect(container.innerHTML).toBe((whole as HTMLElement).innerHTML)
      cleanup()
    }
  })
})
