import { useQueryClient } from '@tanstack/react-query'
import { useCallback, useEffect, useId, useRef, useState, type KeyboardEvent } from 'react'
import { FormAlert } from '@renderer/components/form/FormAlert'
import { useT } from '@renderer/i18n/use-t'
import { errorMessage, errorTitle } from '@renderer/lib/error-text'
import type { CompareRunOf } from '@shared/domain/compare'
import { useChatUiStore } from '../chat-ui-store'
import { streamingMessageOf } from '../stream-reducer'
import { dispatchStream, useStreamStore } from '../stream-store'
import { settleCompare, stopColumns } from './compare-actions'
import { CompareColumn } from './CompareColumn'

/** Whether any column still streams (a boolean, so deltas do not render the board). */
function useAnyStreaming(ids: readonly string[]): boolean {
  return useStreamStore((s) => ids.some((id) => streamingMessageOf(s, id) !== undefined))
}

/** A run's answers side by side, with Stop (one or all) and Continue with one of them. */
export function CompareBoard({ run }: { run: CompareRunOf<'chat'> }) {
  const { t } = useT()
  const queryClient = useQueryClient()
  const promptId = useId()
  const ids = run.columns.map((c) => c.conversationId)
  const anyStreaming = useAnyStreaming(ids)
  const [discardOthers, setDiscardOthers] = useState(false)
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<unknown>(null)
  const latest = useRef({ run, discardOthers })
  useEffect(() => {
    latest.current = { run, discardOthers }
  }, [run, discardOthers])

  // Finished live copies are only needed while the board shows (as for an open conversation).
  const idsKey = ids.join(' ')
  useEffect(
    () => () => {
      for (const id of idsKey.split(' ')) dispatchStream({ type: 'forget', conversationId: id })
    },
    [idsKey]
  )

  const settle = useCallback(
    (keep: string | null) => {
      setBusy(true)
      setError(null)
      const { run: current, discardOthers: discard } = latest.current
      settleCompare(queryClient, current, keep, discard).then(
        () => setBusy(false),
        (e: unknown) => {
          setError(e)
          setBusy(false)
        }
      )
    },
    [queryClient]
  )
  const onContinue = useCallback((conversationId: string) => settle(conversationId), [settle])
  const onStop = useCallback((conversationId: string) => stopColumns([conversationId]), [])
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'Escape' && !e.defaultPrevented && anyStreaming) {
      e.preventDefault()
      stopColumns(ids)
    }
  }

  return (
    <div className="chat-compare-board" onKeyDown={onKeyDown}>
      <div className="chat-compare-toolbar">
        <p id={promptId} className="chat-compare-prompt" title={run.prompt}>
          {run.prompt}
        </p>
        <label className="chat-compare-discard">
          <input type="checkbox" checked={discardOthers} onChange={(e) => setDiscardOthers(e.target.checked)} />
          {t('chat.compare.discardOthers')}
        </label>
        {anyStreaming && (
          <button
            type="button"
            className="button button-small button-danger"
            aria-keyshortcuts="Escape"
            onClick={() => stopColumns(ids)}
          >
            {t('chat.compare.stopAll')}
          </button>
        )}
        <button
          type="button"
          className="button button-small"
          aria-disabled={busy || undefined}
          onClick={() => !busy && settle(null)}
        >
          {t('chat.compare.keepAll')}
        </button>
        <button
          type="button"
          className="button button-small"
          onClick={() => useChatUiStore.getState().openCompare(null)}
        >
          {t('chat.compare.new')}
        </button>
      </div>
      {error !== null && (
        <FormAlert
          title={
            <>
              {t('chat.compare.settleFailed')}: {errorTitle(t, error)}
            </>
          }
          detail={errorMessage(error)}
        />
      )}
      <div
        className="chat-compare-columns"
        role="group"
        aria-describedby={promptId}
        aria-label={t('chat.compare.answers')}
        data-columns={run.columns.length}
      >
        {run.columns.map((c) => (
          <CompareColumn
            key={c.conversationId}
            conversationId={c.conversationId}
            model={c.model}
            onStop={onStop}
            onContinue={onContinue}
            busy={busy}
          />
        ))}
      </div>
    </div>
  )
}
