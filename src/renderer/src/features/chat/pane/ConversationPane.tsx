import { useQueryClient } from '@tanstack/react-query'
import { useEffect, useId, type KeyboardEvent } from 'react'
import { useT } from '@renderer/i18n/use-t'
import { errorMessage, errorTitle } from '@renderer/lib/error-text'
import type { ChatMessage } from '@shared/domain/chat'
import { useChatActions } from '../chat-actions'
import { useChatUiStore } from '../chat-ui-store'
import { CompletionsEditor } from '../completions/CompletionsEditor'
import { Composer } from '../composer/Composer'
import { MessageList } from '../messages/MessageList'
import { StreamAnnouncer } from '../messages/StreamAnnouncer'
import { ParamsToggle } from '../params/ParamsToggle'
import { chatKeys, useConversation } from '../queries'
import { SettingsMenu } from '../settings/SettingsMenu'
import type { ConversationSettings } from '../settings/use-settings'
import { dispatchStream } from '../stream-store'

const NO_MESSAGES: readonly ChatMessage[] = []

/** The open conversation: its title, settings, messages (or the completions document) and the composer. */
export function ConversationPane({
  conversationId,
  settings
}: {
  conversationId: string | null
  settings: ConversationSettings
}) {
  const { t } = useT()
  const titleId = useId()
  const query = useConversation(conversationId)
  const { stop } = useChatActions()
  const loaded = query.data
  const title =
    conversationId === null ? t('chat.view.newTitle') : loaded?.conversation.title || t('chat.view.untitled')
  const format = settings.draft.format

  // Finished live copies are only needed while the conversation is open (M1: memory returns on close).
  // The cached pages go too: kept for the default gcTime (5 min) they would hold every message of the
  // closed conversation. Removed a tick later and only when nothing observes them any more, so a
  // remount (StrictMode, a quick switch back) keeps its data; reopening refetches.
  const queryClient = useQueryClient()
  useEffect(() => {
    if (!conversationId) return undefined
    return () => {
      dispatchStream({ type: 'forget', conversationId })
      const queryKey = chatKeys.conversation(conversationId)
      setTimeout(() => {
        const cached = queryClient.getQueryCache().find({ queryKey, exact: true })
        if (cached && cached.getObserversCount() === 0) queryClient.removeQueries({ queryKey, exact: true })
      }, 0)
    }
  }, [conversationId, queryClient])

  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'Escape' && !e.defaultPrevented) stop()
  }

  return (
    <section className="chat-pane" aria-labelledby={titleId} onKeyDown={onKeyDown}>
      <div className="chat-pane-header">
        <h2 id={titleId} className="chat-pane-title">
          {title}
        </h2>
        <div className="chat-pane-actions">
          {settings.ready && <SettingsMenu settings={settings} />}
          <button
            type="button"
            className="button button-small chat-compare-toggle"
            onClick={() => useChatUiStore.getState().openCompare(null)}
          >
            {t('chat.compare.open')}
          </button>
          <ParamsToggle />
        </div>
      </div>
      <StreamAnnouncer conversationId={conversationId} />
      {query.isError ? (
        <div role="alert" className="form-alert chat-load-error">
          <p className="form-alert-title">
            {t('chat.view.loadFailed')}: {errorTitle(t, query.error)}
          </p>
          <p className="form-alert-detail">{errorMessage(query.error)}</p>
          <button type="button" className="button button-small" onClick={() => void query.refetch()}>
            {t('chat.view.retry')}
          </button>
        </div>
      ) : conversationId !== null && !loaded ? (
        <p className="chat-loading muted" role="status">
          {t('app.loading')}
        </p>
      ) : format === 'completions' ? (
        <CompletionsEditor
          conversationId={conversationId}
          savedDocument={loaded?.conversation.document ?? ''}
          validation={settings.validation}
        />
      ) : (
        <>
          <MessageList
            conversationId={conversationId}
            messages={loaded?.messages ?? NO_MESSAGES}
            hasOlder={query.hasNextPage}
            loadingOlder={query.isFetchingNextPage}
            onLoadOlder={() => void query.fetchNextPage()}
          />
          <Composer
            format={format}
            validation={settings.validation}
            estimate={{
              model: settings.draft.model,
              system: settings.draft.system,
              messages: loaded?.messages ?? NO_MESSAGES
            }}
          />
        </>
      )}
    </section>
  )
}
