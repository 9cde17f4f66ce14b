import { act, cleanup, render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { ReactNode } from 'react'
import { I18nextProvider } from 'react-i18next'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { createI18n } from '@renderer/i18n'
import { loadMarkdownEngine } from './engine'
import { Markdown } from './Markdown'
import { RenderProbe } from './render-probe'

;(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true
afterEach(cleanup)
beforeAll(async () => {
  await loadMarkdownEngine()
})

const i18n = createI18n('en')
const wrap = (node: ReactNode, probe: ((key: string) => void) | null = null) => (
  <I18nextProvider i18n={i18n}>
    <RenderProbe.Provider value={probe}>{node}</RenderProbe.Provider>
  </I18nextProvider>
)

describe('the markdown renderer', () => {
  it('renders headings, lists, tables, quotes, inline styles and links as elements', () => {
    const { container } = render(
      wrap(
        <Markdown
          text={[
            '## Plan',
            '',
            '1. **Book** the *train*',
            '2. Pack `sunscreen`',
            '',
            '| Day | Place |',
            '|-----|:-----:|',
            '| Mon | Kyoto |',
            '',
            '> Remember the [map](https://example.com/map).'
          ].join('\n')}
        />
      )
    )
    expect(screen.getByRole('heading', { level: 4, name: 'Plan' })).toBeTruthy()
    const list = screen.getByRole('list')
    expect(list.tagName).toBe('OL')
    expect(within(list).getAllByRole('listitem')).toHaveLength(2)
    expect(within(list).getByText('Book').tagName).toBe('STRONG')
    expect(within(list).getByText('train').tagName).toBe('EM')
    expect(within(list).getByText('sunscreen').tagName).toBe('CODE')
    const table = screen.getByRole('table')
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((c) => c.textContent)
    ).toEqual(['Day', 'Place'])
    expect(within(table).getByRole('cell', { name: 'Kyoto' }).className).toBe('md-align-center')
    const link = screen.getByRole('link', { name: 'map' })
    expect(link.getAttribute('href')).toBe('https://example.com/map')
    expect(link.getAttribute('rel')).toBe('noopener noreferrer')
    expect(container.querySelector('blockquote')).toBeTruthy()
  })

  it('highlights a closed code fence and copies its code', async () => {
    const user = userEvent.setup()
    // After setup: user-event installs its own clipboard stub.
    const writeText = vi.spyOn(navigator.clipboard, 'writeText')
    const { container } = render(wrap(<Markdown text={'```ts\nconst answer = 42\n```'} />))
    await vi.waitFor(() => expect(container.querySelector('.hljs-keyword')?.textContent).toBe('const'), {
      timeout: 10_000
    })
    expect(container.querySelector('.hljs-number')?.textContent).toBe('42')
    await user.click(screen.getByRole('button', { name: 'Copy code' }))
    expect(writeText).toHaveBeenCalledWith('const answer = 42')
    expect(await screen.findByText('Copied')).toBeTruthy()
  })

  it('shows an open fence plain while streaming, and colours it once it closes', async () => {
    const { container, rerender } = render(wrap(<Markdown text={'```js\nlet x = 1\n'} streaming />))
    expect(container.querySelector('.md-code-body')?.textContent).toBe('let x = 1')
    await new Promise((r) => setTimeout(r, 50))
    expect(container.querySelector('.hljs-keyword')).toBeNull()
    rerender(wrap(<Markdown text={'```js\nlet x = 1\n```\n\nmore'} streaming />))
    await vi.waitFor(() => expect(container.querySelector('.hljs-keyword')?.textContent).toBe('let'), {
      timeout: 10_000
    })
  })

  it('never turns text into HTML: tags stay text and unsafe links are inert', () => {
    const evil = [
      '<script>window.pwned = true</script>',
      '<img src=x onerror="window.pwned = true">',
      '[click me](javascript:alert(1))',
      '![pic](javascript:alert(2))',
      '[data](data:text/html,<script>alert(3)</script>)',
      'javascript:alert(4)'
    ].join('\n\n')
    const { container } = render(wrap(<Markdown text={evil} />))
    expect(container.querySelector('script')).toBeNull()
    expect(container.querySelector('img')).toBeNull()
    expect(container.querySelector('[onerror]')).toBeNull()
    expect(container.querySelectorAll('a')).toHaveLength(0)
    expect(container.textContent).toContain('<script>window.pwned = true</script>')
    const inert = screen.getByText('click me')
    expect(inert.tagName).toBe('SPAN')
    expect(inert.className).toBe('md-link-inert')
    expect((window as { pwned?: boolean }).pwned).toBeUndefined()
  })
})

describe('block identity', () => {
  it('gives every element its own key: tight task lists, and definitions that open a setext heading', () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    try {
      const text = '- [ ] foo\n- [x] bar\n\n[foo]: https://example.com/u\nbar\n===\n[foo]\n'
      // Whole, and streamed line by line (the definition and the heading seal together).
      const { container, rerender } = render(wrap(<Markdown text={text} />))
      let streamed = ''
      for (const line of text.split(/(?<=\n)/)) {
        streamed += line
        act(() => rerender(wrap(<Markdown text={streamed} streaming />)))
      }
      act(() => rerender(wrap(<Markdown text={text} />)))
      expect(errors.mock.calls.map((c) => String(c[0]))).toEqual([])
      const boxes = [...container.querySelectorAll<HTMLInputElement>('li input[type=checkbox]')]
      expect(boxes.map((b) => b.checked)).toEqual([false, true])
      expect(container.querySelector('h3')?.textContent).toBe('bar')
      expect(screen.getByRole('link', { name: 'foo' }).getAttribute('href')).toBe('https://example.com/u')
    } finally {
      errors.mockRestore()
    }
  })
})

describe('streaming cost', () => {
  it('renders each sealed block once while the live tail grows', () => {
    const renders = new Map<string, number>()
    const probe = (key: string) => renders.set(key, (renders.get(key) ?? 0) + 1)
    let text = '# Title\n\nFirst paragraph.\n\n- a\n- b\n\n```py\nprint(1)\n```\n\nThe tail'
    const { rerender, container } = render(wrap(<Markdown text={text} streaming />, probe))
    const tailKey = String(text.indexOf('The tail'))
    // Heading, paragraph, list, code: all sealed, all rendered once.
    const sealed = new Map(renders)
    sealed.delete(tailKey)
    expect([...sealed.keys()].sort()).toEqual(['0', '27', '36', '9'])
    expect([...sealed.values()].reduce((a, b) => a + b)).toBe(4)
    for (let i = 0; i < 20; i++) {
      text += ` grows ${i}`
      act(() => rerender(wrap(<Markdown text={text} streaming />, probe)))
    }
    for (const [key, count] of sealed) expect(renders.get(key)).toBe(count)
    expect(renders.get(tailKey)).toBe(21)
    expect(container.textContent).toContain('grows 19')

    // A blank line seals the tail paragraph: it renders once more (in its chunk), then no more.
    text += '\n\nNew tail'
    act(() => rerender(wrap(<Markdown text={text} streaming />, probe)))
    const sealedTail = renders.get(tailKey)
    text += ' more'
    act(() => rerender(wrap(<Markdown text={text} streaming />, probe)))
    expect(renders.get(tailKey)).toBe(sealedTail)
    for (const [key, count] of sealed) expect(renders.get(key)).toBe(count)
  })

  it('keeps per-update work bounded by the tail on a long answer', () => {
    const renders = { count: 0 }
    const probe = () => (renders.count += 1)
    const paragraphs = Array.from({ length: 400 }, (_, i) => `Paragraph ${i} with **bold** text.`).join('\n\n')
    let text = `${paragraphs}\n\nTail`
    const { rerender } = render(wrap(<Markdown text={text} streaming />, probe))
    expect(renders.count).toBe(401)
    renders.count = 0
    text += ' more'
    act(() => rerender(wrap(<Markdown text={text} streaming />, probe)))
    expect(renders.count).toBe(1)
  })

  it('puts sealed blocks in runs the browser may skip off screen, and the live tail only in a run that is not full', () => {
    const paragraphs = Array.from({ length: 40 }, (_, i) => `Paragraph ${i}.`).join('\n\n')
    const { container } = render(wrap(<Markdown text={`${paragraphs}\n\nLive tail`} streaming />))
    const root = container.querySelector('.markdown')!
    const runs = [...root.children]
    expect(runs.every((r) => r.classList.contains('md-chunk'))).toBe(true)
    // 40 sealed paragraphs in runs of CHUNK_SIZE (16), in order, nothing lost or doubled; the live
    // tail sits after them in the open run, where it will stay when it seals.
    expect(runs.map((r) => r.children.length)).toEqual([16, 16, 9])
    // Only full runs (which never change again) may be skipped by the browser.
    expect(runs.map((r) => r.classList.contains('md-chunk-full'))).toEqual([true, true, false])
    expect(runs.flatMap((r) => [...r.children].map((p) => p.textContent))).toEqual([
      ...Array.from({ length: 40 }, (_, i) => `Paragraph ${i}.`),
      'Live tail'
    ])
  })

  it('creates each block in the DOM once: a block that seals keeps its element, also when its run fills', () => {
    // 15 sealed paragraphs: the open run has one slot left, which the live tail takes.
    let text = Array.from({ length: 15 }, (_, i) => `Paragraph ${i}.`).join('\n\n') + '\n\nFirst tail'
    const { rerender, container } = render(wrap(<Markdown text={text} streaming />))
    const find = (t: string) => [...container.querySelectorAll('p')].find((p) => p.textContent === t)
    const first = find('First tail')!
    expect(first).toBeTruthy()
    // It seals and fills the run (16): same element. The next tail goes into a new run of its own.
    text += ' grown\n\nSecond tail'
    act(() => rerender(wrap(<Markdown text={text} streaming />)))
    expect(find('First tail grown')).toBe(first)
    const runs = () => [...container.querySelector('.markdown')!.children]
    expect(runs().map((r) => r.children.length)).toEqual([16, 1])
    expect(runs()[0].classList.contains('md-chunk-full')).toBe(true)
    const second = find('Second tail')!
    // That new run is the one the block seals into: still the same element after sealing.
    text += '\n\nThird tail'
    act(() => rerender(wrap(<Markdown text={text} streaming />)))
    expect(find('Second tail')).toBe(second)
    expect(runs().map((r) => r.children.length)).toEqual([16, 2])
    // The stream ends: nothing is created again.
    act(() => rerender(wrap(<Markdown text={text} />)))
    expect(find('First tail grown')).toBe(first)
    expect(find('Second tail')).toBe(second)
  })

  it('spreads a tail of several blocks over the open run and a new one, in order', () => {
    const sealed = Array.from({ length: 15 }, (_, i) => `S${i}.`).join('\n\n')
    // Only complete lines are scanned: the open paragraph and the partial heading line after it are
    // both tail blocks. The open run has room for one; the heading starts the next run.
    const { container } = render(wrap(<Markdown text={`${sealed}\n\nOpen paragraph\n# Partial heading`} streaming />))
    const runs = [...container.querySelector('.markdown')!.children]
    expect(runs.map((r) => r.children.length)).toEqual([16, 1])
    expect(runs.flatMap((r) => [...r.children].map((el) => el.textContent))).toEqual([
      ...Array.from({ length: 15 }, (_, i) => `S${i}.`),
      'Open paragraph',
      'Partial heading'
    ])
    expect(runs[1].firstElementChild!.tagName).toBe('H3')
    // A run holding tail blocks is never marked skippable.
    expect(runs.map((r) => r.classList.contains('md-chunk-full'))).toEqual([false, false])
  })
})
