import { useEffect } from 'react'
import { useChatUiStore } from '@renderer/features/chat/chat-ui-store'
import { usePromptsSync } from '@renderer/lib/prompts/queries'
import { useHandoff } from '@renderer/store/handoff'

/** App-wide: prompt library changes from the host, and conversations opened from the library or palette. */
export function PromptsBridge() {
  usePromptsSync()
  const pending = useHandoff((s) => s.pending)
  useEffect(() => {
    if (pending?.kind !== 'chat-open') return
    const h = useHandoff.getState().take('chat-open')
    if (h) useChatUiStore.getState().select(h.conversationId)
  }, [pending])
  return null
}
