import { useId, useState } from 'react'
import { useT } from '@renderer/i18n/use-t'

/** The model's reasoning: open while it is all there is, collapsed once the answer starts (unless the user chose). */
export function ThinkingBlock({
  text,
  streaming,
  answerStarted
}: {
  text: string
  streaming: boolean
  answerStarted: boolean
}) {
  const { t } = useT()
  const id = useId()
  const [choice, setChoice] = useState<boolean | null>(null)
  const open = choice ?? !answerStarted
  return (
    <div className="chat-thinking" data-open={open}>
      <button
        type="button"
        className="chat-thinking-toggle"
        aria-expanded={open}
        aria-controls={id}
        onClick={() => setChoice(!open)}
      >
        <span aria-hidden="true">{open ? '▾' : '▸'}</span>{' '}
        {streaming && !answerStarted ? t('chat.messages.thinkingStreaming') : t('chat.messages.thinking')}
      </button>
      <div id={id} className="chat-thinking-body" hidden={!open}>
        {open ? text : null}
      </div>
    </div>
  )
}
