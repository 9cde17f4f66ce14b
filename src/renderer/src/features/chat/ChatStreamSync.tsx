import { useQueryClient } from '@tanstack/react-query'
import { useEffect } from 'react'
import { studio } from '@renderer/lib/studio'
import { chatKeys } from './queries'
import type { StreamAction } from './stream-reducer'
import { streamReducer } from './stream-reducer'
import { dispatchStream, useStreamStore } from './stream-store'

/** Longest a delta waits when no frame comes (a hidden window gets no animation frames). */
const MAX_DELTA_WAIT_MS = 100

/**
 * Host chat events into the live store and the query cache. Mounted by the view outlet for every
 * area, so a stream that runs while the user looks at Settings is still folded in. Renders nothing.
 */
export function ChatStreamSync() {
  const queryClient = useQueryClient()
  useEffect(() => {
    // S1: deltas arrive far faster than frames. They are queued and folded into the store at most
    // once per animation frame (one store update, so one commit, however many deltas came in).
    let queued: StreamAction[] = []
    let frame: number | null = null
    let timer: ReturnType<typeof setTimeout> | null = null
    const flush = () => {
      if (frame !== null) cancelAnimationFrame(frame)
      if (timer !== null) clearTimeout(timer)
      frame = null
      timer = null
      if (queued.length === 0) return
      const actions = queued
      queued = []
      useStreamStore.setState((state) => actions.reduce(streamReducer, state))
    }
    const queue = (action: StreamAction) => {
      queued.push(action)
      if (frame === null && typeof requestAnimationFrame === 'function') frame = requestAnimationFrame(flush)
      timer ??= setTimeout(flush, MAX_DELTA_WAIT_MS)
    }
    const disposers = [
      studio.chat.onStreamDelta((delta) => queue({ type: 'delta', delta, now: Date.now() })),
      studio.chat.onStreamEnded((ended) => {
        // Deltas still queued belong before the end (the reducer ignores late ones after it).
        flush()
        dispatchStream({ type: 'ended', ended })
        // The saved message is shown already; refetching brings the host's copy (and any title it chose).
        // The host announced the saved answer (`chat:conversations-changed`) just before this, so a
        // fetch already under way has it: join that one rather than cancel and restart it (S1: one
        // refetch of a long conversation at the end of a stream, not two).
        void queryClient.invalidateQueries(
          { queryKey: chatKeys.conversation(ended.conversationId) },
          { cancelRefetch: false }
        )
        void queryClient.invalidateQueries({ queryKey: chatKeys.lists() }, { cancelRefetch: false })
      }),
      studio.chat.onConversationsChanged(({ ids }) => {
        void queryClient.invalidateQueries({ queryKey: chatKeys.lists() })
        for (const id of ids) void queryClient.invalidateQueries({ queryKey: chatKeys.conversation(id) })
      })
    ]
    return () => {
      for (const dispose of disposers) dispose()
      flush()
    }
  }, [queryClient])
  return null
}
