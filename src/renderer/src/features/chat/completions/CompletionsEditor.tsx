import { useQueryClient } from '@tanstack/react-query'
import { useEffect, useId, useRef, useState } from 'react'
import { FormAlert } from '@renderer/components/form/FormAlert'
import { useT } from '@renderer/i18n/use-t'
import { errorMessage, errorTitle } from '@renderer/lib/error-text'
import { useChatActions } from '../chat-actions'
import { MessageFooter } from '../messages/MessageFooter'
import { MessageStatus } from '../messages/MessageStatus'
import { continueDocument } from '../send-actions'
import type { SettingsValidation } from '../settings/settings-model'
import { textOf } from '../stream-reducer'
import { useLiveMessage, useStreamingMessageId } from '../stream-store'
import { useDocumentAutosave } from './use-document-autosave'

export interface CompletionsEditorProps {
  conversationId: string | null
  /** The document as saved by the host. */
  savedDocument: string
  validation: SettingsValidation
}

/**
 * Legacy completions as "continue the text": the document is the prompt; Continue streams the
 * model's continuation into it, marked until it is done, and the host appends it in place.
 */
export function CompletionsEditor({ conversationId, savedDocument, validation }: CompletionsEditorProps) {
  const { t } = useT()
  const id = useId()
  const queryClient = useQueryClient()
  const { stop } = useChatActions()
  const [doc, setDoc] = useState(savedDocument)
  const [seenSaved, setSeenSaved] = useState(savedDocument)
  const [run, setRun] = useState<{ messageId: string; base: string } | null>(null)
  const [settled, setSettled] = useState<string | null>(null)
  const [error, setError] = useState<unknown>(null)
  const autosave = useDocumentAutosave(conversationId, doc)
  const streamingId = useStreamingMessageId(conversationId)
  const messageId = run?.messageId ?? streamingId
  const live = useLiveMessage(messageId ?? '')
  const streaming = live?.status === 'streaming'
  const base = run?.base ?? savedDocument

  // The completion finished: it is now part of the document (the host appended the same text).
  if (live && !streaming && run && settled !== run.messageId) {
    setSettled(run.messageId)
    setDoc(run.base + textOf(live))
    autosave.settle()
  }
  // The host's copy changed (after a completion, or elsewhere) and there is no unsaved typing: show it.
  if (savedDocument !== seenSaved) {
    setSeenSaved(savedDocument)
    if (!autosave.dirty && !streaming) setDoc(savedDocument)
  }

  const liveView = useRef<HTMLDivElement>(null)
  const liveText = streaming ? textOf(live) : ''
  useEffect(() => {
    if (!streaming) return
    const frame = requestAnimationFrame(() => liveView.current?.scrollTo({ top: liveView.current.scrollHeight }))
    return () => cancelAnimationFrame(frame)
  }, [streaming, liveText])

  const block =
    doc.trim() === '' ? 'empty' : !validation.ok ? (validation.settings.length > 0 ? 'settings' : 'params') : null
  const onContinue = () => {
    if (block || streaming) return
    if (!validation.ok) return
    setError(null)
    autosave.settle()
    continueDocument(queryClient, { conversationId, settings: validation.value }, doc).then(
      (started) => setRun({ messageId: started.messageId, base: doc }),
      (e: unknown) => setError(e)
    )
  }

  return (
    <section className="completions" aria-label={t('chat.completions.label')}>
      <p id={`${id}-help`} className="field-help">
        {t('chat.completions.help')}
      </p>
      {streaming ? (
        <div
          ref={liveView}
          className="input textarea completions-doc"
          role="textbox"
          aria-readonly="true"
          aria-multiline="true"
          aria-label={t('chat.completions.document')}
          aria-busy="true"
        >
          {base}
          <mark className="completion-live" aria-label={t('chat.completions.liveLabel')}>
            {liveText}
          </mark>
        </div>
      ) : (
        <textarea
          className="input textarea completions-doc"
          aria-label={t('chat.completions.document')}
          aria-describedby={`${id}-help ${id}-reason`}
          placeholder={t('chat.completions.placeholder')}
          value={doc}
          onChange={(e) => {
            setDoc(e.target.value)
            autosave.touch()
          }}
        />
      )}
      <div className="completions-actions">
        {streaming ? (
          <button type="button" className="button button-danger" onClick={stop} aria-keyshortcuts="Escape">
            {t('chat.composer.stop')}
          </button>
        ) : (
          <button
            type="button"
            className="button button-primary"
            aria-disabled={block !== null || undefined}
            aria-describedby={`${id}-reason`}
            onClick={onContinue}
          >
            {t('chat.completions.continue')}
          </button>
        )}
        <span id={`${id}-reason`} className="chat-composer-reason">
          {streaming
            ? t('chat.completions.continuing')
            : block === 'empty'
              ? t('chat.completions.empty')
              : block
                ? t(`chat.composer.reasons.${block}`)
                : autosave.statusText}
        </span>
      </div>
      {live && !streaming && (
        <div className="completions-result">
          <MessageStatus message={live} busy={false} regenerate={false} />
          <MessageFooter message={live} />
        </div>
      )}
      {error !== null && <FormAlert title={errorTitle(t, error)} detail={errorMessage(error)} />}
    </section>
  )
}
