import { useMemo, type ReactNode } from 'react'
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

/** A tool call's card: its name and arguments, and, while the user answers it, the result editor. */
export function ToolCallBlock({
  name,
  input,
  streaming,
  children
}: {
  name: string
  input: string
  streaming: boolean
  children?: ReactNode
}) {
  const { t } = useT()
  const pretty = useMemo(() => prettyJson(input), [input])
  const title = t('chat.messages.toolCall', { name: name || '?' })
  return (
    <div className="chat-tool-call" role="group" aria-label={title}>
      <p className="chat-tool-call-name">{title}</p>
      <CodeBlock code={pretty ?? input} lang="json" live={pretty === null} />
      {streaming && pretty === null && <p className="field-help">{t('chat.messages.toolCallIncomplete')}</p>}
      {children}
    </div>
  )
}
