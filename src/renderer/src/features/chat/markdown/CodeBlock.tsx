import type { ElementContent } from 'hast'
import { memo, useEffect, useState, type ReactNode } from 'react'
import { useT } from '@renderer/i18n/use-t'
import { useCopy } from '../use-copy'
import { highlight } from './highlight/highlighter'

export interface CodeBlockProps {
  code: string
  lang: string
  /** Still streaming (the fence is open): shown plain, coloured once it closes. */
  live?: boolean
}

function renderHast(nodes: readonly ElementContent[]): ReactNode[] {
  return nodes.map((node, i) => {
    if (node.type === 'text') return node.value
    if (node.type !== 'element') return null
    const className = node.properties.className
    return (
      <span key={i} className={Array.isArray(className) ? className.join(' ') : undefined}>
        {renderHast(node.children)}
      </span>
    )
  })
}

/**
 * The code, plain until its grammar is loaded and it has been coloured (off the render path). The
 * state keeps the elements, not the highlighter's tree: a tree per code block, kept beside the
 * elements made from it, was a second copy of every coloured answer (M1).
 */
const Highlighted = memo(function Highlighted({ code, lang }: { code: string; lang: string }) {
  const [result, setResult] = useState<{ code: string; lang: string; nodes: ReactNode[] | null } | null>(null)
  useEffect(() => {
    let current = true
    void highlight(code, lang).then((tree) => {
      if (current) setResult({ code, lang, nodes: tree ? renderHast(tree.children as ElementContent[]) : null })
    })
    return () => {
      current = false
    }
  }, [code, lang])
  const nodes = result && result.code === code && result.lang === lang ? result.nodes : null
  return nodes ?? code
})

/** A fenced code block: language label, Copy button, coloured code. */
export function CodeBlock({ code, lang, live = false }: CodeBlockProps) {
  const { t } = useT()
  const [copyState, copy] = useCopy()
  return (
    <figure className="md-code" data-live={live || undefined} data-lang={lang || undefined}>
      <figcaption className="md-code-header">
        <span className="md-code-lang">{lang || t('chat.markdown.plainText')}</span>
        <span className="md-code-status" aria-live="polite">
          {copyState === 'copied'
            ? t('chat.actions.copied')
            : copyState === 'failed'
              ? t('chat.actions.copyFailed')
              : ''}
        </span>
        <button type="button" className="button button-small md-code-copy" onClick={() => copy(code)}>
          {t('chat.markdown.copyCode')}
        </button>
      </figcaption>
      <pre
        className="md-code-body"
        tabIndex={0}
        aria-label={t('chat.markdown.codeLabel', { lang: lang || t('chat.markdown.plainText') })}
      >
        <code>{live ? code : <Highlighted code={code} lang={lang} />}</code>
      </pre>
    </figure>
  )
}
