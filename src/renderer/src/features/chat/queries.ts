/**
 * Host data for chat, owned by TanStack Query. Keys come from one factory so invalidation after a
 * stream or a `chat:conversations-changed` event hits exactly the right entries.
 */
import {
  infiniteQueryOptions,
  queryOptions,
  useInfiniteQuery,
  useQuery,
  type InfiniteData
} from '@tanstack/react-query'
import { useActiveProfileId } from '@renderer/lib/profiles/queries'
import { studio } from '@renderer/lib/studio'
import type { ChatMessage, Conversation } from '@shared/domain/chat'

/** Messages fetched per page: enough to fill a tall window several times; older ones load on demand. */
export const MESSAGE_PAGE_SIZE = 100

export const chatKeys = {
  all: ['chat'] as const,
  models: (profileId: string | undefined) => [...chatKeys.all, 'models', profileId ?? 'active'] as const,
  lists: () => [...chatKeys.all, 'conversations'] as const,
  list: (query: string) => [...chatKeys.lists(), query] as const,
  conversations: () => [...chatKeys.all, 'conversation'] as const,
  conversation: (id: string) => [...chatKeys.conversations(), id] as const,
  presets: () => [...chatKeys.all, 'presets'] as const
}

export function modelsQuery(profileId: string | undefined) {
  return queryOptions({
    queryKey: chatKeys.models(profileId),
    queryFn: () => studio.chat.listModels(profileId ? { profileId } : undefined),
    staleTime: 10 * 60_000
  })
}

export function conversationListQuery(query: string) {
  return queryOptions({
    queryKey: chatKeys.list(query),
    queryFn: () => studio.chat.listConversations(query ? { query } : undefined),
    // The host pushes `chat:conversations-changed`; nothing goes stale by time.
    staleTime: Infinity
  })
}

/** One conversation, newest page first; each further page holds older messages. */
export function conversationQuery(id: string) {
  return infiniteQueryOptions({
    queryKey: chatKeys.conversation(id),
    queryFn: ({ pageParam }) =>
      studio.chat.getConversation({
        id,
        limit: MESSAGE_PAGE_SIZE,
        ...(pageParam === undefined ? {} : { beforeIndex: pageParam })
      }),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (page: Conversation) => (page.messagesBefore > 0 ? page.messagesBefore : undefined),
    staleTime: Infinity
  })
}

export function presetsQuery() {
  return queryOptions({ queryKey: chatKeys.presets(), queryFn: () => studio.chat.listPresets(), staleTime: Infinity })
}

export interface LoadedConversation {
  conversation: Conversation
  /** Oldest first, across all loaded pages. */
  messages: ChatMessage[]
}

function flatten(data: InfiniteData<Conversation, number | undefined>): LoadedConversation {
  const [newest] = data.pages
  const messages: ChatMessage[] = []
  for (let i = data.pages.length - 1; i >= 0; i--) messages.push(...data.pages[i].messages)
  return { conversation: newest, messages }
}

export function useConversation(id: string | null) {
  return useInfiniteQuery({ ...conversationQuery(id ?? '-'), enabled: id !== null, select: flatten })
}

export function useModels() {
  const profileId = useActiveProfileId()
  return useQuery({ ...modelsQuery(profileId), enabled: profileId !== undefined })
}

export function useConversationList(query: string) {
  return useQuery({ ...conversationListQuery(query), placeholderData: (previous) => previous })
}

export function usePresets() {
  return useQuery(presetsQuery())
}
