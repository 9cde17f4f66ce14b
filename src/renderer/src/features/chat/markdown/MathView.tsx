import { useEffect, useLayoutEffect, useRef, useState } from 'react'
import { trackLoad } from '@renderer/lib/lazy-loads'

type Katex = (typeof import('katex'))['default']

let katex: Katex | null = null
let loading: Promise<Katex> | null = null

/** KaTeX and its stylesheet (fonts bundled by the build, served by the app): loaded on first use. */
export function loadKatex(): Promise<Katex> {
  loading ??= trackLoad(
    Promise.all([import('katex'), import('katex/dist/katex.min.css')]).then(([m]) => (katex = m.default))
  )
  return loading
}

/**
 * A formula. Until KaTeX has loaded, and whenever the TeX is invalid, the source is shown as text
 * (never a blank). KaTeX builds DOM nodes into the element itself: no HTML string is parsed, and
 * `trust` stays off, so `\href`, `\url` and `\includegraphics` cannot make links or load anything.
 */
/** `block`: a `$$` block of its own (a div); display math inside a paragraph stays a span, shown as a block by CSS. */
export function MathView({ tex, display, block = false }: { tex: string; display: boolean; block?: boolean }) {
  const [ready, setReady] = useState(katex !== null)
  const ref = useRef<HTMLElement>(null)
  const source = display ? `$$${tex}$$` : `$${tex}$`
  useEffect(() => {
    if (!ready) void loadKatex().then(() => setReady(true))
  }, [ready])
  useLayoutEffect(() => {
    const el = ref.current
    if (!ready || !katex || !el) return
    try {
      katex.render(tex, el, {
        displayMode: display,
        throwOnError: true,
        strict: 'ignore',
        trust: false,
        maxExpand: 1000,
        maxSize: 50
      })
      el.classList.remove('md-math-source')
      el.removeAttribute('title')
    } catch (error) {
      el.textContent = source
      el.classList.add('md-math-source')
      el.title = error instanceof Error ? error.message : String(error)
    }
  }, [ready, tex, display, source])
  const Tag = block ? 'div' : 'span'
  // KaTeX (or the error's source text) owns the inner element's children; React renders none there.
  return (
    <Tag className={display ? 'md-math md-math-display' : 'md-math'}>
      {ready ? <span ref={ref as never} /> : <span className="md-math-source">{source}</span>}
    </Tag>
  )
}
