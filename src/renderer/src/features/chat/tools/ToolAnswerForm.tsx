import { useRef, useState, type FormEvent } from 'react'
import { useT } from '@renderer/i18n/use-t'
import { errorMessage } from '@renderer/lib/error-text'
import type { ChatMessage, MessagePart } from '@shared/domain/chat'
import { useChatActions } from '../chat-actions'
import { MessageParts } from '../messages/MessageParts'
import { checkResult, draftKey, useToolAnswerStore, type ResultProblem } from './tool-answer-store'

type Call = { part: number; call: Extract<MessagePart, { type: 'tool_call' }> }

export function callsOf(message: ChatMessage): Call[] {
  return message.parts.flatMap((p, part) => (p.type === 'tool_call' ? [{ part, call: p }] : []))
}

/**
 * The latest answer while its tool calls wait for results: each call's card holds an editor, and
 * one Send (or Ctrl/Cmd+Enter in any editor) checks every result and sends them together.
 */
export function ToolAnswerForm({ message }: { message: ChatMessage }) {
  const { t } = useT()
  const { answerTools } = useChatActions()
  const form = useRef<HTMLFormElement>(null)
  const [pending, setPending] = useState(false)
  const [error, setError] = useState<unknown>(null)
  const calls = callsOf(message)
  const answered = useToolAnswerStore(
    (s) =>
      calls.filter((c) => checkResult(s.drafts[draftKey(message.id, c.part)] ?? { text: '', plain: false }) === null)
        .length
  )

  const submit = async (e: FormEvent) => {
    e.preventDefault()
    if (pending) return
    const store = useToolAnswerStore.getState()
    const drafts = calls.map((c) => ({
      ...c,
      key: draftKey(message.id, c.part),
      draft: store.drafts[draftKey(message.id, c.part)] ?? { text: '', plain: false }
    }))
    const problems: Record<string, ResultProblem> = {}
    for (const d of drafts) {
      const problem = checkResult(d.draft)
      if (problem) problems[d.key] = problem
    }
    store.setProblems(message.id, problems)
    const first = drafts.find((d) => problems[d.key])
    if (first) {
      form.current?.querySelector<HTMLTextAreaElement>(`textarea[data-draft-key="${first.key}"]`)?.focus()
      return
    }
    setPending(true)
    setError(null)
    try {
      await answerTools({
        answerId: message.id,
        results: drafts.map((d) => ({
          part: d.part,
          content: d.draft.text,
          ...(d.draft.plain ? { plain: true } : {})
        })),
        shown: drafts.map((d): MessagePart => ({
          type: 'tool_result',
          ...(d.call.id ? { id: d.call.id } : {}),
          name: d.call.name,
          content: d.draft.plain ? JSON.stringify(d.draft.text) : d.draft.text
        }))
      })
      store.clear(message.id)
    } catch (err) {
      setError(err)
    } finally {
      setPending(false)
    }
  }

  return (
    <form
      ref={form}
      className="chat-tool-answer"
      aria-label={t('chat.tools.formLabel')}
      noValidate
      onSubmit={(e) => void submit(e)}
    >
      <MessageParts message={message} answering />
      <div className="chat-tool-answer-bar">
        <button type="submit" className="button button-primary button-small" aria-busy={pending || undefined}>
          {pending ? t('chat.tools.sending') : t('chat.tools.send', { count: calls.length })}
        </button>
        <span className="field-help" aria-live="polite">
          {t('chat.tools.progress', { answered, count: calls.length })}
        </span>
        {error !== null && (
          <span className="field-error" role="alert">
            {errorMessage(error)}
          </span>
        )}
      </div>
    </form>
  )
}
