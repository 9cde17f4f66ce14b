import { useMemo } from 'react'
import { useT } from '@renderer/i18n/use-t'
import { CodeBlock } from '../markdown/CodeBlock'

/** A string result as its text; any other JSON pretty-printed. */
function shown(content: string): { text: string; json: boolean } {
  try {
    const value: unknown = JSON.parse(content)
    return typeof value === 'string'
      ? { text: value, json: false }
      : { text: JSON.stringify(value, null, 2), json: true }
  } catch {
    return { text: content, json: false }
  }
}

/** The user's answer to one tool call, as sent. */
export function ToolResultBlock({ name, content }: { name: string; content: string }) {
  const { t } = useT()
  const { text, json } = useMemo(() => shown(content), [content])
  return (
    <div
      className="chat-tool-call chat-tool-result"
      role="group"
      aria-label={t('chat.tools.resultOf', { name: name || '?' })}
    >
      <p className="chat-tool-call-name">{t('chat.tools.resultOf', { name: name || '?' })}</p>
      {json ? <CodeBlock code={text} lang="json" live={false} /> : <p className="chat-user-text">{text}</p>}
    </div>
  )
}
