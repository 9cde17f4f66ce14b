/**
 * CommonMark 0.31.2 (the `commonmark-spec` package) and the GFM spec's table, task list,
 * strikethrough and autolink examples, each rendered through the chat's Markdown component and
 * compared after normalize.ts. Raw-HTML examples are set aside: replies never render HTML (it is
 * shown as text), so those examples' expected output is not the studio's on purpose.
 */
import { cleanup, render } from '@testing-library/react'
import spec from 'commonmark-spec'
import { I18nextProvider } from 'react-i18next'
import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import { createI18n } from '@renderer/i18n'
import { loadMarkdownEngine } from '../engine'
import { Markdown } from '../Markdown'
import gfmExamples from './gfm-spec-examples.json'
import { canonical, canonicalHtml, unwrapStudioMarkup } from './normalize'

;(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true
afterEach(cleanup)
beforeAll(async () => {
  await loadMarkdownEngine()
})

const i18n = createI18n('en')

interface Example {
  number: number
  section: string
  markdown: string
  html: string
}

/**
 * Examples the studio renders differently on purpose, each with its reason. The test fails if one
 * of them starts to match (the list must stay true) or if any other example fails.
 */
const GFM_AUTOLINK =
  'GFM autolink literal: replies link bare URLs and e-mail addresses as GitHub does (GFM spec, "Autolinks (extension)"); CommonMark alone leaves them text'
const EXCEPTIONS: Readonly<Record<number, string>> = {
  602: GFM_AUTOLINK,
  606: GFM_AUTOLINK,
  608: GFM_AUTOLINK,
  611: GFM_AUTOLINK,
  612: GFM_AUTOLINK
}

/** GFM examples with the same rule. */
const GFM_EXCEPTIONS: Readonly<Record<number, string>> = {
  628: 'ftp:// is not linked: the parser follows github.com, which stopped linking ftp (a reply could not open it anyway: links are http(s) and mailto only)'
}

const RAW_HTML_SECTIONS = new Set(['HTML blocks', 'Raw HTML'])
const HTML_TAG =
  /<(?:[A-Za-z][A-Za-z0-9-]*(?:\s[^<>]*)?\/?|\/[A-Za-z][A-Za-z0-9-]*\s*|!--[\s\S]*?--|\?[\s\S]*?\?|![A-Z][^>]*|!\[CDATA\[[\s\S]*?\]\])>/g

/** An example whose expected output passes HTML from the source through as HTML. */
function isRawHtml(ex: Example): boolean {
  if (RAW_HTML_SECTIONS.has(ex.section)) return true
  return [...ex.markdown.matchAll(HTML_TAG)].some((m) => ex.html.includes(m[0]))
}

function renderCanonical(markdown: string): string {
  const { container } = render(
    <I18nextProvider i18n={i18n}>
      <Markdown text={markdown} />
    </I18nextProvider>
  )
  // A copy: React still owns the rendered nodes until cleanup.
  const copy = container.cloneNode(true) as Element
  unwrapStudioMarkup(copy)
  const out = canonical(copy)
  cleanup()
  return out
}

function run(examples: readonly Example[]) {
  const failed: number[] = []
  for (const ex of examples) {
    const expected = canonicalHtml(ex.html, document)
    const actual = renderCanonical(ex.markdown)
    if (actual !== expected) {
      failed.push(ex.number)
      if (process.env.CONFORMANCE_DIFF)
        console.info(
          `#${ex.number} ${ex.section}\n${JSON.stringify(ex.markdown)}\n  expected ${expected}\n  actual   ${actual}`
        )
    }
  }
  return failed
}

describe('CommonMark 0.31.2 spec examples through the chat renderer', () => {
  const all = (spec.tests as Example[]).map((ex) => ({
    ...ex,
    markdown: ex.markdown.replace(/→/g, '\t'),
    html: ex.html.replace(/→/g, '\t')
  }))
  const examples = all.filter((ex) => !isRawHtml(ex))

  it('renders at least 99% of the non-raw-HTML examples exactly, and every miss is a listed exception', () => {
    const failed = run(examples)
    const passed = examples.length - failed.length
    const share = passed / examples.length
    console.info(
      `CommonMark conformance: ${passed} of ${examples.length} non-raw-HTML examples (${(share * 100).toFixed(1)}%); ${all.length - examples.length} raw-HTML examples set aside`
    )
    expect(failed.filter((n) => !(n in EXCEPTIONS))).toEqual([])
    expect(
      Object.keys(EXCEPTIONS)
        .map(Number)
        .filter((n) => !failed.includes(n))
    ).toEqual([])
    expect(share).toBeGreaterThanOrEqual(0.99)
  })
})

describe('GFM spec examples (tables, task lists, strikethrough, autolinks) through the chat renderer', () => {
  it('renders every one exactly, but for the listed exception', () => {
    const failed = run(gfmExamples)
    console.info(`GFM conformance: ${gfmExamples.length - failed.length} of ${gfmExamples.length} extension examples`)
    expect(failed).toEqual(Object.keys(GFM_EXCEPTIONS).map(Number))
  })

  it('starts a table right after a line of text, as GitHub does', () => {
    expect(renderCanonical('Results:\n| a | b |\n| - | :-: |\n| 1 | 2 |\n')).toBe(
      canonicalHtml(
        '<p>Results:</p><table><thead><tr><th>a</th><th align="center">b</th></tr></thead><tbody><tr><td>1</td><td align="center">2</td></tr></tbody></table>',
        document
      )
    )
  })
})
