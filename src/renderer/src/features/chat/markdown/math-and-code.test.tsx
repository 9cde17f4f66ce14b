import { cleanup, render } from '@testing-library/react'
import type { ReactNode } from 'react'
import { I18nextProvider } from 'react-i18next'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { createI18n } from '@renderer/i18n'
import { loadMarkdownEngine } from './engine'
import { grammarName, GRAMMARS } from './highlight/languages'
import { Markdown } from './Markdown'
import { loadKatex } from './MathView'

;(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true
afterEach(cleanup)
beforeAll(async () => {
  // The app's page has a doctype; KaTeX refuses to render in quirks mode, which it assumes when
  // document.compatMode is not "CSS1Compat" (the test DOM has no compatMode at all).
  if (document.compatMode !== 'CSS1Compat')
    Object.defineProperty(document, 'compatMode', { value: 'CSS1Compat', configurable: true })
  await Promise.all([loadMarkdownEngine(), loadKatex()])
})

const i18n = createI18n('en')
const wrap = (node: ReactNode) => <I18nextProvider i18n={i18n}>{node}</I18nextProvider>

describe('math', () => {
  it('typesets the four spellings models use, inline and display', () => {
    const { container } = render(
      wrap(
        <Markdown
          text={'Inline $x^2$ and \\(y_1\\).\n\n$$\\frac{a}{b}$$\n\n\\[\\sum_{i=1}^n i\\]\n\n$$\nE = mc^2\n$$'}
        />
      )
    )
    const maths = [...container.querySelectorAll('.md-math')]
    expect(maths).toHaveLength(5)
    expect(maths.map((m) => m.classList.contains('md-math-display'))).toEqual([false, false, true, true, true])
    // KaTeX's output, with the TeX kept as its MathML annotation.
    for (const m of maths) expect(m.querySelector('.katex')).toBeTruthy()
    expect(maths.map((m) => m.querySelector('annotation')?.textContent)).toEqual([
      'x^2',
      'y_1',
      '\\frac{a}{b}',
      '\\sum_{i=1}^n i',
      'E = mc^2'
    ])
  })

  it('leaves prices alone and keeps backslashes, stars and brackets inside math out of the markdown', () => {
    const { container } = render(
      wrap(<Markdown text={'It costs $5 and $10 each, \\$3 escaped; area $a*b*c$ and $\\left[x\\right](y)$.'} />)
    )
    const maths = [...container.querySelectorAll('.md-math')]
    expect(maths.map((m) => m.querySelector('annotation')?.textContent)).toEqual(['a*b*c', '\\left[x\\right](y)'])
    expect(container.querySelector('em, a')).toBeNull()
    expect(container.textContent).toContain('It costs $5 and $10 each, $3 escaped; area ')
  })

  it('shows the source text of a formula KaTeX cannot read, never a blank', () => {
    const { container } = render(wrap(<Markdown text={'Bad: $\\frac{1}{$ and good: $x$'} />))
    const source = container.querySelector('.md-math-source')
    expect(source?.textContent).toBe('$\\frac{1}{$')
    expect(source?.getAttribute('title')).toMatch(/KaTeX/)
    expect(container.querySelectorAll('.katex')).toHaveLength(1)
  })
})

describe('code highlighting', () => {
  it('knows at least 40 languages, including the ones models write most beyond the usual', () => {
    expect(Object.keys(GRAMMARS).length).toBeGreaterThanOrEqual(40)
    for (const lang of [
      'php',
      'ruby',
      'powershell',
      'dockerfile',
      'toml',
      'lua',
      'r',
      'scala',
      'dart',
      'graphql',
      'ts',
      'py',
      'rs',
      'sh',
      'yml'
    ]) {
      expect(grammarName(lang), lang).not.toBeNull()
    }
    expect(grammarName('no-such-language')).toBeNull()
  })

  const samples: Record<string, [string, string, string]> = {
    php: ['<?php\nfunction greet($name) { return "Hi $name"; }', 'hljs-keyword', 'function'],
    ruby: ['def greet(name)\n  puts "Hi #{name}"\nend', 'hljs-keyword', 'def'],
    powershell: ['Get-ChildItem -Path $HOME | Where-Object { $_.Length -gt 1kb }', 'hljs-built_in', 'Get-ChildItem'],
    dockerfile: ['FROM node:20\nRUN npm ci', 'hljs-keyword', 'FROM'],
    toml: ['[server]\nport = 8080', 'hljs-section', '[server]'],
    lua: ['local function f(x) return x + 1 end', 'hljs-keyword', 'local'],
    r: ['f <- function(x) { x + 1 }', 'hljs-keyword', 'function'],
    scala: ['object Main { def main(args: Array[String]): Unit = () }', 'hljs-keyword', 'object'],
    dart: ['void main() { final x = 1; }', 'hljs-keyword', 'final'],
    graphql: ['query Hero { hero { name } }', 'hljs-keyword', 'query'],
    typescript: ['const re = /\\/*x/; // comment\nconst after = 1', 'hljs-keyword', 'const']
  }

  it.each(Object.entries(samples))('colours %s with its grammar', async (lang, [code, cls, text]) => {
    const { container } = render(wrap(<Markdown text={`\`\`\`${lang}\n${code}\n\`\`\``} />))
    await vi.waitFor(
      () => expect([...container.querySelectorAll(`.${cls}`)].map((e) => e.textContent)).toContain(text),
      { timeout: 10_000 }
    )
    expect(container.querySelector('.md-code-body')?.textContent).toBe(code)
  })

  it('does not let a regex with /* turn the rest of a TypeScript file into a comment', async () => {
    const { container } = render(wrap(<Markdown text={'```ts\nconst re = /\\/*x/\nconst after = 1\n```'} />))
    await vi.waitFor(() => expect(container.querySelectorAll('.hljs-keyword')).toHaveLength(2), { timeout: 10_000 })
    expect(container.querySelector('.hljs-comment')).toBeNull()
  })

  it('shows an unknown language plain', async () => {
    const { container } = render(wrap(<Markdown text={'```klingon\nqapla batlh\n```\n\n```ts\nlet x = 1\n```'} />))
    await vi.waitFor(() => expect(container.querySelector('.hljs-keyword')).toBeTruthy(), { timeout: 10_000 })
    const [unknown] = container.querySelectorAll('.md-code-body code')
    expect(unknown.textContent).toBe('qapla batlh')
    expect(unknown.querySelector('span')).toBeNull()
  })
})
