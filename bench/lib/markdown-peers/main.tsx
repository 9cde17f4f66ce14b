/**
 * One page with the studio's chat markdown and its peers, for the S1/S2 peer rows: each arm renders
 * the same stream in the same page and run. react-markdown with remark-gfm, remark-math and
 * rehype-katex is rendered again per update (as NextChat, LobeHub and Cherry Studio do); streamdown
 * with its defaults (its own block splitting, memoized blocks and completion of the unfinished end).
 */
import 'katex/dist/katex.min.css'
import { createElement, type ReactNode } from 'react'
import { flushSync } from 'react-dom'
import { createRoot, type Root } from 'react-dom/client'
import { I18nextProvider } from 'react-i18next'
import ReactMarkdown from 'react-markdown'
import rehypeKatex from 'rehype-katex'
import remarkGfm from 'remark-gfm'
import remarkMath from 'remark-math'
import { Streamdown } from 'streamdown'
import { loadMarkdownEngine } from '@renderer/features/chat/markdown/engine'
import { Markdown } from '@renderer/features/chat/markdown/Markdown'
import { createI18n } from '@renderer/i18n'
import '@renderer/styles/index.css'

type Kind = 'studio' | 'react-markdown' | 'streamdown'

const i18n = createI18n('en')
const remarkPlugins = [remarkGfm, remarkMath]
const rehypePlugins = [rehypeKatex]

function view(kind: Kind, text: string, streaming: boolean): ReactNode {
  switch (kind) {
    case 'studio':
      return createElement(I18nextProvider, { i18n }, createElement(Markdown, { text, streaming }))
    case 'react-markdown':
      return createElement(
        'div',
        { className: 'markdown' },
        createElement(ReactMarkdown, { remarkPlugins, rehypePlugins }, text)
      )
    case 'streamdown':
      return createElement(Streamdown, { isAnimating: streaming }, text)
  }
}

let root: Root | null = null
let kind: Kind = 'studio'
const host = document.getElementById('root')!

function show(text: string, streaming: boolean): void {
  flushSync(() => root!.render(view(kind, text, streaming)))
}

const api = {
  async mount(k: Kind): Promise<void> {
    await loadMarkdownEngine()
    root?.unmount()
    host.scrollTop = 0
    kind = k
    root = createRoot(host)
    show('', true)
  },
  /** Streams `pieces` at `rate` pieces/s, one render per frame with everything due; frame times, ms. */
  stream(pieces: string[], rate: number): Promise<number[]> {
    return new Promise((resolve) => {
      const frames: number[] = []
      let sent = 0
      let text = ''
      let start = 0
      let last = 0
      const tick = (now: number) => {
        if (start === 0) start = now
        else frames.push(now - last)
        last = now
        const due = Math.min(pieces.length, Math.floor(((now - start) / 1000) * rate) + 1)
        if (due > sent) {
          for (; sent < due; sent++) text += pieces[sent]
          show(text, sent < pieces.length)
          host.scrollTop = host.scrollHeight
        }
        if (sent < pieces.length) requestAnimationFrame(tick)
        else requestAnimationFrame((end) => (frames.push(end - last), resolve(frames)))
      }
      requestAnimationFrame(tick)
    })
  },
  /** Renders `text` as a message still streaming, then waits two frames. */
  prefill(text: string): Promise<void> {
    show(text, true)
    host.scrollTop = host.scrollHeight
    return new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(() => r())))
  },
  /** One update: render and layout, synchronously, ms. */
  update(text: string): number {
    const t0 = performance.now()
    show(text, true)
    void host.scrollHeight
    return performance.now() - t0
  }
}

;(window as unknown as { __md: typeof api }).__md = api
document.documentElement.dataset.ready = '1'
