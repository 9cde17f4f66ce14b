import { memo, useMemo } from 'react'
import { useT } from '@renderer/i18n/use-t'
import { useCopy } from '../use-copy'
import { tokenize } from './highlight/tokenize'

/** Above this size colouring is skipped: a huge fence should stay cheap to show. */
const HIGHLIGHT_MAX_CHARS = 150_000

export interface CodeBlockProps {
  code: string
  lang: string
  /** Still streaming (the fence is open): shown plain, coloured once it closes. */
  live?: boolean
}

const Highlighted = memo(function Highlighted({ code, lang }: { code: string; lang: string }) {
  const tokens = useMemo(() => tokenize(code, lang), [code, lang])
  return tokens.map((token, i) => (token.type === 'plain' ? token.text : <span key={i} className={`tok-${token.type}`}>{token.text}</span>))
})

/** A fenced code block: language label, Copy button, coloured code. */
export function CodeBlock({ code, lang, live = false }: CodeBlockProps) {
  const { t } = useT()
  const [copyState, copy] = useCopy()
  const plain = live || code.length > HIGHLIGHT_MAX_CHARS
  return (
    <figure className="md-code" data-live={live || undefined}>
      <figcaption className="md-code-header">
        <span className="md-code-lang">{lang || t('chat.markdown.plainText')}</span>
        <span className="md-code-status" aria-live="polite">
          {copyState === 'copied' ? t('chat.actions.copied') : copyState === 'failed' ? t('chat.actions.copyFailed') : ''}
        </span>
        <button type="button" className="button button-small md-code-copy" onClick={() => copy(code)}>
          {t('chat.markdown.copyCode')}
        </button>
      </figcaption>
      <pre className="md-code-body" tabIndex={0} aria-label={t('chat.markdown.codeLabel', { lang: lang || t('chat.markdown.plainText') })}>
        <code>{plain ? code : <Highlighted code={code} lang={lang} />}</code>
      </pre>
    </figure>
  )
}
