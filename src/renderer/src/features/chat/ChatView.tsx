import { lazy, Suspense, useEffect } from 'react'
import { trackLoad } from '@renderer/lib/lazy-loads'
import { ChatActionsProvider } from './chat-actions'
import { useChatUiStore } from './chat-ui-store'
import { ConversationList } from './list/ConversationList'
import { ConversationPane } from './pane/ConversationPane'
import { ParametersPanel } from './params/ParametersPanel'
import { useParamsShortcut } from './params/ParamsToggle'
import { useConversationList } from './queries'
import { useConversationSettings, useSettingsAutosave } from './settings/use-settings'

// Compare runs are opened now and then; their code (and the zod schemas it reads) stays off the start path (T1).
const CompareArea = lazy(() => trackLoad(import('./compare/CompareArea').then((m) => ({ default: m.CompareArea }))))

/** Opens the most recent conversation the first time the chat area shows, if the user has not picked one. */
function useOpenMostRecent(): void {
  const list = useConversationList('')
  const loaded = list.isSuccess
  const first = list.data?.conversations[0]?.id
  useEffect(() => {
    const ui = useChatUiStore.getState()
    if (ui.autoOpened || !loaded) return
    ui.markAutoOpened()
    // Not while the compare area shows: opening a conversation would leave it.
    if (ui.selectedId === null && first !== undefined && !ui.compareOpen) ui.select(first)
  }, [loaded, first])
}

/**
 * The open conversation with its settings and parameters. Mounted afresh for each conversation the
 * user opens (keyed by the pane key), so nothing that observed one conversation outlives it: a query
 * observer kept across conversations still referenced the closed one's pages (M1: ~0.2 MB per long
 * answer after close).
 */
function OpenConversation({ selectedId, paramsOpen }: { selectedId: string | null; paramsOpen: boolean }) {
  const settings = useConversationSettings(selectedId)
  useSettingsAutosave(selectedId)
  return (
    <>
      <ChatActionsProvider conversationId={selectedId} validation={settings.validation}>
        <ConversationPane conversationId={selectedId} settings={settings} />
      </ChatActionsProvider>
      {paramsOpen && <ParametersPanel settings={settings} />}
    </>
  )
}

/** The chat area: conversations on the left, the open conversation, and its parameters in a drawer on the right. */
export function ChatView() {
  useOpenMostRecent()
  useParamsShortcut()
  const selectedId = useChatUiStore((s) => s.selectedId)
  const paneKey = useChatUiStore((s) => s.paneKey)
  const paramsOpen = useChatUiStore((s) => s.paramsOpen)
  const compareOpen = useChatUiStore((s) => s.compareOpen)
  return (
    <div className="chat-view" data-params-open={paramsOpen || undefined}>
      <ConversationList />
      {compareOpen ? (
        <Suspense fallback={null}>
          <CompareArea paramsOpen={paramsOpen} />
        </Suspense>
      ) : (
        <OpenConversation key={paneKey} selectedId={selectedId} paramsOpen={paramsOpen} />
      )}
    </div>
  )
}
