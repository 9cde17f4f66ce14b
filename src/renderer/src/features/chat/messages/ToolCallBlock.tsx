import { useMemo } from 'react'
import { useT } from '@renderer/i18n/use-t'
import { CodeBlock } from '../markdown/CodeBlock'

/** Pretty JSON when the arguments parse; while they are still streaming, the raw text as it arrives. */
function prettyJson(input: string): string | null {
  if (input.trim() === '') return null
  try {
    return JSON.stringify(JSON.parse(input), null, 2)
  } catch {
    return null
  }
}

export function ToolCallBlock({ name, input, streaming }: { name: string; input: string; streaming: boolean }) {
  const { t } = useT()
  const pretty = useMemo(() => prettyJson(input), [input])
  return (
    <div className="chat-tool-call">
      <p className="chat-tool-call-name">{t('chat.messages.toolCall', { name: name || '?' })}</p>
      <CodeBlock code={pretty ?? input} lang="json" live={pretty === null} />
      {streaming && pretty === null && <p className="field-help">{t('chat.messages.toolCallIncomplete')}</p>}
    </div>
  )
}
