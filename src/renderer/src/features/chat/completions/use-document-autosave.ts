import { useQueryClient, type InfiniteData } from '@tanstack/react-query'
import { useEffect, useState } from 'react'
import { useT } from '@renderer/i18n/use-t'
import { errorMessage } from '@renderer/lib/error-text'
import { studio } from '@renderer/lib/studio'
import type { Conversation } from '@shared/domain/chat'
import { chatKeys } from '../queries'

const SAVE_AFTER_MS = 800

type SaveState = { kind: 'idle' } | { kind: 'saving' } | { kind: 'saved' } | { kind: 'failed'; message: string }

/** Saves the completions document shortly after the user stops typing (chat:update-conversation). */
export function useDocumentAutosave(conversationId: string | null, doc: string) {
  const { t } = useT()
  const queryClient = useQueryClient()
  const [dirty, setDirty] = useState(false)
  const [state, setState] = useState<SaveState>({ kind: 'idle' })

  useEffect(() => {
    if (!dirty || !conversationId) return
    const timer = setTimeout(() => {
      setState({ kind: 'saving' })
      studio.chat.updateConversation({ id: conversationId, document: doc }).then(
        () => {
          queryClient.setQueryData<InfiniteData<Conversation, number | undefined>>(
            chatKeys.conversation(conversationId),
            (data) =>
              data ? { ...data, pages: data.pages.map((p, i) => (i === 0 ? { ...p, document: doc } : p)) } : data
          )
          setDirty(false)
          setState({ kind: 'saved' })
        },
        (e: unknown) => setState({ kind: 'failed', message: errorMessage(e) })
      )
    }, SAVE_AFTER_MS)
    return () => clearTimeout(timer)
  }, [dirty, conversationId, doc, queryClient])

  const statusText =
    state.kind === 'saving'
      ? t('chat.completions.saving')
      : state.kind === 'saved'
        ? t('chat.completions.saved')
        : state.kind === 'failed'
          ? t('chat.completions.saveFailed', { message: state.message })
          : ''

  return {
    dirty,
    statusText,
    touch: () => setDirty(true),
    /** Nothing left to save: the host has this text already (Continue sends it; a finished completion was appended by the host). */
    settle: () => setDirty(false)
  }
}
