import { memo } from 'react'
import { useT } from '@renderer/i18n/use-t'
import type { ConversationSummary } from '@shared/domain/chat'
import { ActionMenu } from './ActionMenu'
import { MatchExcerpt } from './MatchExcerpt'
import { RenameField } from './RenameField'

export type ItemCommand = 'rename' | 'duplicate' | 'export-markdown' | 'export-json' | 'delete'

export interface ConversationItemProps {
  conversation: ConversationSummary
  selected: boolean
  renaming: boolean
  onOpen: (id: string) => void
  onCommand: (conversation: ConversationSummary, command: ItemCommand) => void
  onRename: (id: string, title: string | null) => void
}

/** One conversation in the list: open it, or use its actions menu. */
export const ConversationItem = memo(function ConversationItem({
  conversation,
  selected,
  renaming,
  onOpen,
  onCommand,
  onRename
}: ConversationItemProps) {
  const { t } = useT()
  const title = conversation.title || t('chat.view.untitled')
  const command = (c: ItemCommand) => () => onCommand(conversation, c)
  return (
    <li className="chat-conv" data-selected={selected || undefined}>
      {renaming ? (
        <RenameField
          title={conversation.title}
          onSave={(next) => onRename(conversation.id, next)}
          onCancel={() => onRename(conversation.id, null)}
        />
      ) : (
        <button
          type="button"
          className="chat-conv-open"
          data-id={conversation.id}
          aria-current={selected ? 'true' : undefined}
          onClick={() => onOpen(conversation.id)}
        >
          <span className="chat-conv-title">{title}</span>
          <span className="chat-conv-meta">
            {conversation.match ? (
              <MatchExcerpt text={conversation.match} marks={conversation.matchMarks} />
            ) : (
              conversation.preview || t('chat.list.messageCount', { count: conversation.messageCount })
            )}
          </span>
          {/* Which model answered: several conversations can share a title (one prompt compared on several models). */}
          {conversation.model && <span className="chat-conv-model">{conversation.model}</span>}
        </button>
      )}
      <ActionMenu
        label={t('chat.list.actionsFor', { title })}
        actions={[
          { label: t('chat.list.rename'), onSelect: command('rename') },
          { label: t('chat.list.duplicate'), onSelect: command('duplicate') },
          { label: t('chat.list.exportMarkdown'), onSelect: command('export-markdown') },
          { label: t('chat.list.exportJson'), onSelect: command('export-json') },
          { label: t('chat.list.delete'), onSelect: command('delete'), danger: true }
        ]}
      />
    </li>
  )
})
