import { useEffect } from 'react'
import { useQueryClient } from '@tanstack/react-query'
import { studio } from '@renderer/lib/studio'
import { chatKeys } from './queries'
import { dispatchStream } from './stream-store'

/**
 * Host chat events into the live store and the query cache. Mounted by the view outlet for every
 * area, so a stream that runs while the user looks at Settings is still folded in. Renders nothing.
 */
export function ChatStreamSync() {
  const queryClient = useQueryClient()
  useEffect(() => {
    const disposers = [
      studio.chat.onStreamDelta((delta) => dispatchStream({ type: 'delta', delta, now: Date.now() })),
      studio.chat.onStreamEnded((ended) => {
        dispatchStream({ type: 'ended', ended })
        // The saved message is shown already; refetching brings the host's copy (and any title it chose).
        void queryClient.invalidateQueries({ queryKey: chatKeys.conversation(ended.conversationId) })
        void queryClient.invalidateQueries({ queryKey: chatKeys.lists() })
      }),
      studio.chat.onConversationsChanged(({ ids }) => {
        void queryClient.invalidateQueries({ queryKey: chatKeys.lists() })
        for (const id of ids) void queryClient.invalidateQueries({ queryKey: chatKeys.conversation(id) })
      })
    ]
    return () => {
      for (const dispose of disposers) dispose()
    }
  }, [queryClient])
  return null
}
