import { useEffect } from 'react'
import { ChatActionsProvider } from './chat-actions'
import { useChatUiStore } from './chat-ui-store'
import { ConversationList } from './list/ConversationList'
import { ConversationPane } from './pane/ConversationPane'
import { ParametersPanel } from './params/ParametersPanel'
import { useConversationList } from './queries'
import { useConversationSettings, useSettingsAutosave } from './settings/use-settings'

/** Opens the most recent conversation the first time the chat area shows, if the user has not picked one. */
function useOpenMostRecent(): void {
  const list = useConversationList('')
  const loaded = list.isSuccess
  const first = list.data?.conversations[0]?.id
  useEffect(() => {
    const ui = useChatUiStore.getState()
    if (ui.autoOpened || !loaded) return
    ui.markAutoOpened()
    if (ui.selectedId === null && first !== undefined) ui.select(first)
  }, [loaded, first])
}

/** The chat area: conversations on the left, the open conversation, and its parameters on the right. */
export function ChatView() {
  useOpenMostRecent()
  const selectedId = useChatUiStore((s) => s.selectedId)
  const paneKey = useChatUiStore((s) => s.paneKey)
  const paramsOpen = useChatUiStore((s) => s.paramsOpen)
  const settings = useConversationSettings(selectedId)
  useSettingsAutosave(selectedId)
  return (
    <div className="chat-view" data-params-open={paramsOpen || undefined}>
      <ConversationList />
      <ChatActionsProvider conversationId={selectedId} validation={settings.validation}>
        <ConversationPane key={paneKey} conversationId={selectedId} settings={settings} />
      </ChatActionsProvider>
      {paramsOpen && <ParametersPanel settings={settings} />}
    </div>
  )
}
