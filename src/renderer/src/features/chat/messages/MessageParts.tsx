import { useT } from '@renderer/i18n/use-t'
import type { Attachment, ChatMessage } from '@shared/domain/chat'
import { Markdown } from '../markdown/Markdown'
import { draftKey } from '../tools/tool-answer-store'
import { ToolResultBlock } from '../tools/ToolResultBlock'
import { ToolResultEditor } from '../tools/ToolResultEditor'
import { ThinkingBlock } from './ThinkingBlock'
import { ToolCallBlock } from './ToolCallBlock'

function AttachmentChip({ attachment }: { attachment: Attachment }) {
  const { t } = useT()
  // Remote images are not loaded (the page's CSP allows none); the chip names what was sent.
  return (
    <span className="chat-attachment-chip">
      {attachment.kind === 'file'
        ? t('chat.messages.imageAttachment', { name: attachment.name })
        : t('chat.messages.imageUrl', { url: attachment.url })}
    </span>
  )
}

/** A message's parts in order: text (markdown for the assistant, plain for the user), thinking, tool calls and results, images. */
export function MessageParts({ message, answering = false }: { message: ChatMessage; answering?: boolean }) {
  const streaming = message.status === 'streaming'
  const answerStarted = message.parts.some((p) => (p.type === 'text' && p.text.length > 0) || p.type === 'tool_call')
  const lastIndex = message.parts.length - 1
  return (
    <div className="chat-message-body">
      {message.parts.map((part, i) => {
        switch (part.type) {
          case 'text':
            if (message.role === 'user') {
              return (
                <p key={i} className="chat-user-text">
                  {part.text}
                </p>
              )
            }
            return <Markdown key={i} text={part.text} streaming={streaming && i === lastIndex} />
          case 'thinking':
            return <ThinkingBlock key={i} text={part.text} streaming={streaming} answerStarted={answerStarted} />
          case 'tool_call':
            return (
              <ToolCallBlock key={i} name={part.name} input={part.input} streaming={streaming && i === lastIndex}>
                {answering && (
                  <ToolResultEditor draftKey={draftKey(message.id, i)} name={part.name} format={message.format} />
                )}
              </ToolCallBlock>
            )
          case 'tool_result':
            return <ToolResultBlock key={i} name={part.name} content={part.content} />
          case 'image':
            return <AttachmentChip key={i} attachment={part.attachment} />
        }
      })}
    </div>
  )
}
