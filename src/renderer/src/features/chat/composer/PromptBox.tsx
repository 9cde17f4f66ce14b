/**
 * The prompt of a chat form (the conversation's composer and a compare run's setup): its text, the
 * one send in flight and its error, and the textarea where Enter sends.
 */
import { useState, type ClipboardEvent, type KeyboardEvent } from 'react'

export function usePromptSend() {
  const [text, setText] = useState('')
  const [pending, setPending] = useState(false)
  const [error, setError] = useState<unknown>(null)
  /** Sends the text unless something blocks it or a send is in flight; the prompt empties only once the send has gone. */
  const submit = (blocked: boolean, send: (text: string) => Promise<unknown>, onSent?: () => void) => {
    if (blocked || pending) return
    setPending(true)
    setError(null)
    send(text).then(
      () => {
        setText('')
        onSent?.()
        setPending(false)
      },
      (e: unknown) => {
        setError(e)
        setPending(false)
      }
    )
  }
  return { text, setText, pending, error, submit }
}

/** Enter and Ctrl/Cmd+Enter send, Shift+Enter is a new line; a key that ends an IME composition is the IME's. */
const isSendKey = (e: KeyboardEvent) =>
  e.key === 'Enter' && !e.nativeEvent.isComposing && (e.ctrlKey || e.metaKey || !e.shiftKey)

/** Grows with its lines from `minRows` up to ten. `onKey` sees a key first and returns true when it took it. */
export function PromptTextarea(p: {
  id: string
  value: string
  onChange: (text: string) => void
  minRows: number
  placeholder: string
  describedBy: string
  onSend: () => void
  onKey?: (e: KeyboardEvent<HTMLTextAreaElement>) => boolean
  onPaste?: (e: ClipboardEvent<HTMLTextAreaElement>) => void
}) {
  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (p.onKey?.(e)) return
    if (isSendKey(e)) {
      e.preventDefault()
      p.onSend()
    }
  }
  return (
    <textarea
      id={p.id}
      className="input textarea chat-prompt"
      value={p.value}
      rows={Math.min(10, Math.max(p.minRows, p.value.split('\n').length))}
      placeholder={p.placeholder}
      aria-describedby={p.describedBy}
      onChange={(e) => p.onChange(e.target.value)}
      onKeyDown={onKeyDown}
      onPaste={p.onPaste}
    />
  )
}
