import { useId, useRef, useState, type ClipboardEvent, type DragEvent, type FormEvent, type KeyboardEvent } from 'react'
import { FormAlert } from '@renderer/components/form/FormAlert'
import { PromptInsert } from '@renderer/components/prompts/PromptInsert'
import { useT } from '@renderer/i18n/use-t'
import { errorMessage, errorTitle } from '@renderer/lib/error-text'
import type { Attachment, ChatFormat } from '@shared/domain/chat'
import { useChatActions } from '../chat-actions'
import type { SettingsValidation } from '../settings/settings-model'
import { useActiveStreamId } from '../stream-store'
import { ATTACHMENT_SUPPORT } from './attachment-rules'
import { AttachmentChips } from './AttachmentChips'
import { ChatEstimateLine, type ChatEstimateAsk } from './ChatEstimateLine'
import { ImageUrlField } from './ImageUrlField'
import { PromptTextarea, usePromptSend } from './PromptBox'
import { sendBlock } from './send-readiness'
import { useAttachments } from './use-attachments'

export const PROMPT_ID = 'chat-prompt'

const hasFiles = (e: DragEvent) => Array.from(e.dataTransfer.types).includes('Files')

/** The prompt, its images and Send/Stop. Nothing is sent while a reason to refuse is shown. */
export function Composer({
  format,
  validation,
  estimate
}: {
  format: ChatFormat
  validation: SettingsValidation
  estimate?: ChatEstimateAsk
}) {
  const { t } = useT()
  const id = useId()
  const { conversationId, send, stop } = useChatActions()
  const streaming = useActiveStreamId(conversationId) !== undefined
  const { text, setText, pending, error, submit: sendPrompt } = usePromptSend()
  const [dragging, setDragging] = useState(false)
  // The address field is asked for (most messages carry no image), so the box keeps the height.
  const [urlOpen, setUrlOpen] = useState(false)
  const fileInput = useRef<HTMLInputElement>(null)
  const attachments = useAttachments()
  const support = ATTACHMENT_SUPPORT[format]
  const block = sendBlock(text, attachments.items, format, validation)
  // An empty box is the normal state before typing, not a problem: the keys hint shows until the
  // user tries to send nothing.
  const [triedEmpty, setTriedEmpty] = useState(false)

  const submit = () => {
    setTriedEmpty(block === 'empty')
    const ready = attachments.items.flatMap((i): Attachment[] => (i.attachment ? [i.attachment] : []))
    sendPrompt(block !== null || streaming, (prompt) => send({ text: prompt, attachments: ready }), attachments.clear)
  }
  const onSubmit = (e: FormEvent) => {
    e.preventDefault()
    submit()
  }
  const onEscape = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.key !== 'Escape' || !streaming) return false
    e.preventDefault()
    stop()
    return true
  }
  const onPaste = (e: ClipboardEvent<HTMLTextAreaElement>) => {
    const files = Array.from(e.clipboardData.files)
    if (files.length === 0 || !support.files) return
    e.preventDefault()
    attachments.addFiles(files)
  }
  const onDrop = (e: DragEvent) => {
    setDragging(false)
    if (!hasFiles(e) || !support.files) return
    e.preventDefault()
    attachments.addFiles(Array.from(e.dataTransfer.files))
  }
  const onAttachClick = () => fileInput.current?.click()
  const shownBlock = block === 'empty' && !triedEmpty ? null : block
  const reasonText = shownBlock ? t(`chat.composer.reasons.${shownBlock}`) : t('chat.composer.keysHint')

  return (
    <form
      className="chat-composer"
      aria-label={t('chat.composer.label')}
      data-dragging={dragging || undefined}
      onSubmit={onSubmit}
      onDragOver={(e) => {
        if (!hasFiles(e) || !support.files) return
        e.preventDefault()
        setDragging(true)
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={onDrop}
    >
      {support.files || support.urls ? (
        <AttachmentChips items={attachments.items} onRemove={attachments.remove} />
      ) : (
        <p className="field-help">{t('chat.composer.noAttachments')}</p>
      )}
      {support.urls && urlOpen && <ImageUrlField onAdd={attachments.addUrl} />}
      {attachments.notice && (
        <p className="field-error" role="status">
          {attachments.notice}
        </p>
      )}
      {dragging && <p className="chat-drop-hint">{t('chat.composer.dropHint')}</p>}
      <div className="chat-composer-row">
        <label htmlFor={PROMPT_ID} className="sr-only">
          {t('chat.composer.prompt')}
        </label>
        <PromptTextarea
          id={PROMPT_ID}
          value={text}
          onChange={setText}
          minRows={2}
          placeholder={t('chat.composer.promptPlaceholder')}
          describedBy={`${id}-reason`}
          onSend={submit}
          onKey={onEscape}
          onPaste={onPaste}
        />
        <div className="chat-composer-buttons">
          <PromptInsert />
          {support.urls && (
            <button type="button" className="button" aria-expanded={urlOpen} onClick={() => setUrlOpen(!urlOpen)}>
              {t('chat.composer.attachUrl')}
            </button>
          )}
          {support.files && (
            <>
              <button type="button" className="button" onClick={onAttachClick}>
                {t('chat.composer.attach')}
              </button>
              <input
                ref={fileInput}
                type="file"
                accept="image/*"
                multiple
                hidden
                tabIndex={-1}
                onChange={(e) => {
                  attachments.addFiles(Array.from(e.target.files ?? []))
                  e.target.value = ''
                }}
              />
            </>
          )}
          {streaming ? (
            <button type="button" className="button button-danger" onClick={stop} aria-keyshortcuts="Escape">
              {t('chat.composer.stop')}
            </button>
          ) : (
            <button
              type="submit"
              className="button button-primary"
              aria-disabled={block !== null || pending || undefined}
              aria-busy={pending || undefined}
              aria-describedby={`${id}-reason`}
            >
              {pending ? t('chat.composer.sending') : t('chat.composer.send')}
            </button>
          )}
        </div>
      </div>
      <p id={`${id}-reason`} className={shownBlock ? 'chat-composer-reason' : 'chat-composer-reason muted'}>
        {reasonText}
      </p>
      {estimate && <ChatEstimateLine {...estimate} prompt={text} />}
      {error !== null && (
        <FormAlert
          title={
            <>
              {t('chat.composer.sendFailed')}: {errorTitle(t, error)}
            </>
          }
          detail={errorMessage(error)}
        />
      )}
    </form>
  )
}
