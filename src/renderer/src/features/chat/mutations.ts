/** Conversation and preset changes. Each refreshes the lists it affects; none is retried silently. */
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { studio } from '@renderer/lib/studio'
import type { ChatFormat, ChatParams } from '@shared/domain/chat'
import { useChatUiStore } from './chat-ui-store'
import { chatKeys } from './queries'
import { useDraftStore } from './settings/draft-store'
import { dispatchStream } from './stream-store'

function useInvalidateLists() {
  const queryClient = useQueryClient()
  return () => queryClient.invalidateQueries({ queryKey: chatKeys.lists() })
}

export function useCreateConversation() {
  const invalidate = useInvalidateLists()
  return useMutation({
    mutationFn: (input: { format: ChatFormat; model: string }) => studio.chat.createConversation(input),
    onSuccess: () => invalidate()
  })
}

export function useRenameConversation() {
  const invalidate = useInvalidateLists()
  return useMutation({
    mutationFn: (input: { id: string; title: string }) => studio.chat.updateConversation(input),
    onSuccess: () => invalidate()
  })
}

/** Duplicate and branch both make a new conversation and open it. */
export function useCopyConversation() {
  const invalidate = useInvalidateLists()
  const select = useChatUiStore((s) => s.select)
  return useMutation({
    mutationFn: (input: { id: string; messageId?: string }) =>
      input.messageId
        ? studio.chat.branchConversation({ id: input.id, messageId: input.messageId })
        : studio.chat.duplicateConversation({ id: input.id }),
    onSuccess: async (summary) => {
      select(summary.id)
      await invalidate()
    }
  })
}

export function useDeleteConversation() {
  const queryClient = useQueryClient()
  const invalidate = useInvalidateLists()
  return useMutation({
    mutationFn: (id: string) => studio.chat.deleteConversation({ id }),
    onSuccess: async (_done, id) => {
      const ui = useChatUiStore.getState()
      if (ui.selectedId === id) ui.select(null)
      useDraftStore.getState().drop(id)
      dispatchStream({ type: 'forget', conversationId: id })
      queryClient.removeQueries({ queryKey: chatKeys.conversation(id) })
      await invalidate()
    }
  })
}

export function useSavePreset() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (input: { name: string; system: string; params: ChatParams; model?: string }) =>
      studio.chat.savePreset(input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: chatKeys.presets() })
  })
}

export function useDeletePreset() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (id: string) => studio.chat.deletePreset({ id }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: chatKeys.presets() })
  })
}
