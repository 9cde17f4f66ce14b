/**
 * Starting, stopping and settling a compare run. Each column is an ordinary conversation streaming
 * through the same live store as a single chat, so the host's deltas for it land where a chat's do.
 */
import type { QueryClient } from '@tanstack/react-query'
import { studio } from '@renderer/lib/studio'
import type { ChatMessage } from '@shared/domain/chat'
import type { CompareRunOf } from '@shared/domain/compare'
import type { StudioErrorData } from '@shared/errors'
import { useChatUiStore } from '../chat-ui-store'
import { chatKeys } from '../queries'
import type { Settings } from '../settings/settings-model'
import { activeStreamIdOf } from '../stream-reducer'
import { dispatchStream, useStreamStore } from '../stream-store'
import { compareKeys } from './compare-queries'
import { useCompareStarts } from './start-errors'

export interface CompareRequest {
  models: string[]
  text: string
  /** The shared settings; their model is not used (each column has its own). */
  settings: Settings
}

export async function startCompare(queryClient: QueryClient, request: CompareRequest): Promise<CompareRunOf<'chat'>> {
  const { params, system } = request.settings
  const { compare, started } = await studio.chat.startCompare({
    format: params.format,
    models: request.models,
    text: request.text,
    system,
    params
  })
  const now = Date.now()
  const failed: Record<string, StudioErrorData> = {}
  for (const s of started) {
    if (s.error) failed[s.conversationId] = s.error
    if (!s.streamId || !s.assistantMessageId) continue
    dispatchStream({
      type: 'started',
      streamId: s.streamId,
      conversationId: s.conversationId,
      messageId: s.assistantMessageId,
      now
    })
    if (s.userMessageId) {
      const message: ChatMessage = {
        id: s.userMessageId,
        role: 'user',
        parts: [{ type: 'text', text: request.text }],
        createdAt: now,
        status: 'complete'
      }
      dispatchStream({ type: 'user-sent', conversationId: s.conversationId, message, beforeId: s.assistantMessageId })
    }
  }
  useCompareStarts.getState().put(failed)
  queryClient.setQueryData(compareKeys.open(), (data: { compares: CompareRunOf<'chat'>[] } | undefined) => ({
    compares: [compare, ...(data?.compares ?? []).filter((r) => r.id !== compare.id)]
  }))
  void queryClient.invalidateQueries({ queryKey: chatKeys.lists() })
  useChatUiStore.getState().openCompare(compare.id)
  return compare
}

/** Stops the answers of these conversations that are still streaming; what arrived is kept. */
export function stopColumns(conversationIds: readonly string[]): void {
  const state = useStreamStore.getState()
  for (const id of conversationIds) {
    const streamId = activeStreamIdOf(state, id)
    if (streamId) void studio.chat.stop({ streamId }).catch(() => undefined)
  }
}

/**
 * Ends the run. With `keep`, that conversation becomes the open one; the others stay in the list,
 * or are deleted with `discardOthers`. Without `keep`, every answer stays and the area shows the form.
 */
export async function settleCompare(
  queryClient: QueryClient,
  run: CompareRunOf<'chat'>,
  keep: string | null,
  discardOthers: boolean
): Promise<void> {
  await studio.chat.settleCompare({
    id: run.id,
    ...(keep ? { keep } : {}),
    ...(keep && discardOthers ? { discardOthers: true } : {})
  })
  for (const c of run.columns) {
    if (c.conversationId === keep) continue
    dispatchStream({ type: 'forget', conversationId: c.conversationId })
    if (discardOthers) queryClient.removeQueries({ queryKey: chatKeys.conversation(c.conversationId) })
  }
  queryClient.setQueryData(compareKeys.open(), (data: { compares: CompareRunOf<'chat'>[] } | undefined) => ({
    compares: (data?.compares ?? []).filter((r) => r.id !== run.id)
  }))
  void queryClient.invalidateQueries({ queryKey: chatKeys.lists() })
  const ui = useChatUiStore.getState()
  if (keep) {
    ui.select(keep)
    // A conversation already selected before the compare is shown again; `select` leaves the area either way.
    ui.closeCompare()
  } else ui.openCompare(null)
}
