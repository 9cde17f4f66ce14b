import { useCallback, useId, useState, type KeyboardEvent } from 'react'
import { useT } from '@renderer/i18n/use-t'
import { downloadText } from '@renderer/lib/download'
import { errorMessage } from '@renderer/lib/error-text'
import { studio } from '@renderer/lib/studio'
import type { ConversationSummary } from '@shared/domain/chat'
import { useChatUiStore } from '../chat-ui-store'
import { PROMPT_ID } from '../composer/Composer'
import { useCopyConversation, useRenameConversation } from '../mutations'
import { useConversationList } from '../queries'
import { ConversationItem, type ItemCommand } from './ConversationItem'
import { DeleteConversationDialog, NEW_CONVERSATION_BUTTON_ID } from './DeleteConversationDialog'
import { useDebounced } from './use-debounced'

const SEARCH_DEBOUNCE_MS = 250

function focusItem(id: string): void {
  requestAnimationFrame(() =>
    document.querySelector<HTMLElement>(`.chat-conv-open[data-id="${CSS.escape(id)}"]`)?.focus()
  )
}

/** Search, "New conversation" and the conversations, newest first, fully usable from the keyboard. */
export function ConversationList() {
  const { t } = useT()
  const searchId = useId()
  const hintId = useId()
  const [search, setSearch] = useState('')
  const query = useDebounced(search.trim(), SEARCH_DEBOUNCE_MS)
  const list = useConversationList(query)
  const selectedId = useChatUiStore((s) => s.selectedId)
  const select = useChatUiStore((s) => s.select)
  const { mutate: renameConversation } = useRenameConversation()
  const { mutate: copyConversation } = useCopyConversation()
  const [renaming, setRenaming] = useState<string | null>(null)
  const [removing, setRemoving] = useState<ConversationSummary | null>(null)
  const [notice, setNotice] = useState<string | null>(null)
  const conversations = list.data?.conversations ?? []

  const startNew = () => {
    select(null)
    requestAnimationFrame(() => document.getElementById(PROMPT_ID)?.focus())
  }
  const onCommand = useCallback(
    (conversation: ConversationSummary, command: ItemCommand) => {
      const fail = (e: unknown) => setNotice(t('chat.list.actionFailed', { message: errorMessage(e) }))
      setNotice(null)
      if (command === 'rename') setRenaming(conversation.id)
      else if (command === 'delete') setRemoving(conversation)
      else if (command === 'duplicate') copyConversation({ id: conversation.id }, { onError: fail })
      else {
        studio.chat
          .exportConversation({ id: conversation.id, as: command === 'export-json' ? 'json' : 'markdown' })
          .then((file) => {
            downloadText(file.fileName, file.mimeType, file.content)
            setNotice(t('chat.list.exported', { fileName: file.fileName }))
          }, fail)
      }
    },
    [copyConversation, t]
  )
  const onRename = useCallback(
    (id: string, title: string | null) => {
      setRenaming(null)
      focusItem(id)
      if (title !== null)
        renameConversation(
          { id, title },
          { onError: (e) => setNotice(t('chat.list.actionFailed', { message: errorMessage(e) })) }
        )
    },
    [renameConversation, t]
  )

  const onListKeyDown = (e: KeyboardEvent<HTMLUListElement>) => {
    const target = e.target as HTMLElement
    if (!target.classList.contains('chat-conv-open')) return
    const buttons = Array.from(e.currentTarget.querySelectorAll<HTMLElement>('.chat-conv-open'))
    const i = buttons.indexOf(target)
    const id = target.dataset.id ?? ''
    const current = conversations.find((c) => c.id === id)
    if (e.key === 'ArrowDown') buttons[Math.min(buttons.length - 1, i + 1)]?.focus()
    else if (e.key === 'ArrowUp') buttons[Math.max(0, i - 1)]?.focus()
    else if (e.key === 'Home') buttons[0]?.focus()
    else if (e.key === 'End') buttons[buttons.length - 1]?.focus()
    else if (e.key === 'F2' && current) setRenaming(current.id)
    else if (e.key === 'Delete' && current) setRemoving(current)
    else return
    e.preventDefault()
  }

  return (
    <section className="chat-sidebar" aria-label={t('chat.list.label')}>
      <button
        id={NEW_CONVERSATION_BUTTON_ID}
        type="button"
        className="button button-primary chat-new"
        onClick={startNew}
      >
        {t('chat.list.newConversation')}
      </button>
      <label htmlFor={searchId} className="sr-only">
        {t('chat.list.search')}
      </label>
      <input
        id={searchId}
        type="search"
        className="input chat-search"
        value={search}
        placeholder={t('chat.list.searchPlaceholder')}
        onChange={(e) => setSearch(e.target.value)}
      />
      <p id={hintId} className="sr-only">
        {t('chat.list.keyboardHint')}
      </p>
      {list.isError ? (
        <p role="alert" className="field-error">
          {t('chat.list.loadFailed')}: {errorMessage(list.error)}
        </p>
      ) : conversations.length === 0 && list.isSuccess ? (
        <p className="muted chat-list-empty">{query ? t('chat.list.noMatches', { query }) : t('chat.list.empty')}</p>
      ) : null}
      <ul
        className="chat-conv-list"
        aria-label={t('chat.list.label')}
        aria-describedby={hintId}
        aria-busy={list.isFetching || undefined}
        onKeyDown={onListKeyDown}
      >
        {conversations.map((c) => (
          <ConversationItem
            key={c.id}
            conversation={c}
            selected={c.id === selectedId}
            renaming={renaming === c.id}
            onOpen={select}
            onCommand={onCommand}
            onRename={onRename}
          />
        ))}
      </ul>
      <p className="notice" role="status">
        {notice}
      </p>
      {removing && <DeleteConversationDialog conversation={removing} onClose={() => setRemoving(null)} />}
    </section>
  )
}
