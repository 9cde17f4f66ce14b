/**
 * The actions rows and the composer share (send, edit, regenerate, branch, stop), provided once by
 * the conversation pane. The value is stable: it reads the latest settings when called, so a
 * settings edit does not re-render every message row.
 */
import { useQueryClient } from '@tanstack/react-query'
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, type ReactNode } from 'react'
import { StudioError } from '@shared/error-core'
import { useCopyConversation } from './mutations'
import { sendMessage, sendToolResults, stopStream, type SendInput, type ToolResultsInput } from './send-actions'
import type { SettingsValidation } from './settings/settings-model'
import { useActiveStreamId } from './stream-store'

export interface ChatActions {
  conversationId: string | null
  send: (input: SendInput) => Promise<void>
  answerTools: (input: ToolResultsInput) => Promise<void>
  branch: (messageId: string) => Promise<void>
  stop: () => void
}

const ChatActionsContext = createContext<ChatActions | null>(null)

export function useChatActions(): ChatActions {
  const actions = useContext(ChatActionsContext)
  if (!actions) throw new Error('useChatActions needs a ChatActionsProvider')
  return actions
}

export function ChatActionsProvider({
  conversationId,
  validation,
  children
}: {
  conversationId: string | null
  validation: SettingsValidation
  children: ReactNode
}) {
  const queryClient = useQueryClient()
  const { mutateAsync: copyConversation } = useCopyConversation()
  const streamId = useActiveStreamId(conversationId)
  const latest = useRef({ validation, streamId })
  useEffect(() => {
    latest.current = { validation, streamId }
  }, [validation, streamId])

  const send = useCallback(
    async (input: SendInput) => {
      const { validation: v } = latest.current
      if (!v.ok) throw new StudioError('INVALID_INPUT', 'Fix the highlighted settings first', { field: 'settings' })
      await sendMessage(queryClient, { conversationId, settings: v.value }, input)
    },
    [queryClient, conversationId]
  )
  const answerTools = useCallback(
    async (input: ToolResultsInput) => {
      const { validation: v } = latest.current
      if (!v.ok) throw new StudioError('INVALID_INPUT', 'Fix the highlighted settings first', { field: 'settings' })
      await sendToolResults(queryClient, { conversationId, settings: v.value }, input)
    },
    [queryClient, conversationId]
  )
  const branch = useCallback(
    async (messageId: string) => {
      if (conversationId) await copyConversation({ id: conversationId, messageId })
    },
    [copyConversation, conversationId]
  )
  const stop = useCallback(() => {
    const id = latest.current.streamId
    if (id) void stopStream(id).catch(() => undefined)
  }, [])
  const value = useMemo(
    () => ({ conversationId, send, answerTools, branch, stop }),
    [conversationId, send, answerTools, branch, stop]
  )
  return <ChatActionsContext.Provider value={value}>{children}</ChatActionsContext.Provider>
}
