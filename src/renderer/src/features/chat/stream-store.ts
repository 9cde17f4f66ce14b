/**
 * The live-message store: the stream reducer's state in zustand. Components select one message (or
 * one primitive) each, so a delta re-renders only the message it touches.
 */
import { create } from 'zustand'
import { useShallow } from 'zustand/react/shallow'
import type { LiveMessage, StreamAction, StreamState } from './stream-reducer'
import { activeStreamIdOf, emptyStreamState, liveIdsOf, streamingMessageOf, streamReducer } from './stream-reducer'

interface StreamStore extends StreamState {
  dispatch: (action: StreamAction) => void
}

export const useStreamStore = create<StreamStore>()((set) => ({
  ...emptyStreamState,
  dispatch: (action) => set((state) => streamReducer(state, action))
}))

export function dispatchStream(action: StreamAction): void {
  useStreamStore.getState().dispatch(action)
}

export function useLiveMessage(id: string): LiveMessage | undefined {
  return useStreamStore((s) => s.messages[id])
}

/** Only the status of a live message: re-renders when it changes, not on every delta. */
export function useLiveStatus(id: string): LiveMessage['status'] | undefined {
  return useStreamStore((s) => s.messages[id]?.status)
}

/** The live message as it is now, read once (for a click), without subscribing to its deltas. */
export function currentLiveMessage(id: string): LiveMessage | undefined {
  return useStreamStore.getState().messages[id]
}

/** The conversation's live message ids; a new array only when the set of ids changes. */
export function useLiveIds(conversationId: string | null): string[] {
  return useStreamStore(useShallow((s) => (conversationId ? liveIdsOf(s, conversationId) : [])))
}

export function useActiveStreamId(conversationId: string | null): string | undefined {
  return useStreamStore((s) => (conversationId ? activeStreamIdOf(s, conversationId) : undefined))
}

export function useStreamingMessageId(conversationId: string | null): string | undefined {
  return useStreamStore((s) => (conversationId ? streamingMessageOf(s, conversationId) : undefined))
}

/** For tests: nothing live. */
export function resetStreamStore(): void {
  useStreamStore.setState(emptyStreamState)
}
