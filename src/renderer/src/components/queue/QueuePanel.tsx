import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useEffect, useId, useState, type DragEvent, type KeyboardEvent } from 'react'
import { useT } from '@renderer/i18n/use-t'
import { studio } from '@renderer/lib/studio'
import type { QueueItem, QueueView } from '@shared/contract/queue'
import { stateWords } from './queue-words'

export const queueKey = ['queue', 'active'] as const

export function useQueue() {
  return useQuery({ queryKey: queueKey, queryFn: () => studio.queue.list() })
}

/** Keeps the queue's view fresh from the host's `queue:changed` events while a queue is shown. */
export function useQueueSync(): void {
  const qc = useQueryClient()
  useEffect(() => studio.queue.onChanged(() => void qc.invalidateQueries({ queryKey: queueKey })), [qc])
}

/** When an item should end, as its row says it: "ends about 14:05 (by 14:12, from 6 runs)", or no estimate yet. */
function etaText(t: ReturnType<typeof useT>['t'], lang: string, item: QueueItem): string {
  if (item.state === 'held' || item.eta === undefined) return ''
  if (item.eta === null) return t('images.queue.noEta')
  const time = new Intl.DateTimeFormat(lang, { hour: '2-digit', minute: '2-digit' })
  return t('images.queue.eta', { median: time.format(item.eta.median), p75: time.format(item.eta.p75), count: item.eta.runs })
}

/**
 * A local queue of one kind (image jobs in Images, videos on the video board): what runs, what
 * waits and in which order ("waiting, 3rd"), when each should end, reordered by drag or by keys
 * (Alt+↑/↓ on a row, or its buttons), removed, paused and resumed, and the cap of that kind in flight.
 * The queue is one per profile: pausing it pauses both kinds.
 */
export function QueuePanel({ kind = 'image' }: { kind?: QueueItem['kind'] }) {
  const { t, i18n } = useT()
  const id = useId()
  useQueueSync()
  const qc = useQueryClient()
  const q = useQueue()
  const set = (v: QueueView) => qc.setQueryData(queueKey, v)
  const act = useMutation({ mutationFn: (f: () => Promise<QueueView>) => f(), onSuccess: set })
  const [dragged, setDragged] = useState<string | null>(null)
  const [capText, setCapText] = useState('')
  const all = q.data
  if (!all) return null
  const v = { ...all, items: all.items.filter((i) => i.kind === kind) }
  // Beside the video board it shows only while videos are queued (its caps are also in Settings).
  if (kind === 'video' && v.items.length === 0) return null
  const cap = kind === 'video' ? v.videoCap : v.imageCap
  const waiting = v.items.filter((i) => i.state === 'waiting')
  const move = (item: QueueItem, to: number) => act.mutate(() => studio.queue.move({ id: item.id, to: Math.max(0, to) }))
  const onKey = (e: KeyboardEvent, item: QueueItem) => {
    if (!e.altKey || item.place === null) return
    if (e.key === 'ArrowUp') {
      e.preventDefault()
      move(item, item.place - 2)
    } else if (e.key === 'ArrowDown') {
      e.preventDefault()
      move(item, item.place)
    }
  }
  const onDrop = (e: DragEvent, target: QueueItem) => {
    e.preventDefault()
    const from = waiting.find((i) => i.id === dragged)
    setDragged(null)
    if (from && target.place !== null && from.id !== target.id) move(from, target.place - 1)
  }
  const stateText = (i: QueueItem) => stateWords(t, i18n.language, i)
  return (
    <section className="queue-panel" aria-labelledby={`${id}-h`} data-testid="queue">
      <h2 id={`${id}-h`} className="field-label">
        {t('images.queue.title')}
      </h2>
      <p className="field-help" role="status" data-testid="queue-summary">
        {v.paused ? t('images.queue.paused') : t(kind === 'video' ? 'images.queue.summaryVideo' : 'images.queue.summary', { running: v.items.filter((i) => i.state === 'running' || i.state === 'sending').length, cap, waiting: waiting.length })}
      </p>
      <div className="form-actions">
        <button type="button" className="button" aria-pressed={v.paused} onClick={() => act.mutate(() => studio.queue.set({ paused: !v.paused }))}>
          {v.paused ? t('images.queue.resume') : t('images.queue.pause')}
        </button>
        <label className="field queue-cap">
          <span className="field-label">{t(kind === 'video' ? 'images.queue.capVideo' : 'images.queue.cap')}</span>
          <input className="input" inputMode="numeric" value={capText} placeholder={String(cap)} onChange={(e) => setCapText(e.target.value)} />
        </label>
        <button
          type="button"
          className="button"
          onClick={() => {
            const n = Number(capText)
            if (Number.isInteger(n) && n >= 1 && n <= 32) act.mutate(() => studio.queue.set(kind === 'video' ? { videoCap: n } : { imageCap: n }))
            setCapText('')
          }}
        >
          {t('images.queue.setCap')}
        </button>
      </div>
      {v.items.length === 0 ? (
        <p className="field-help">{t(kind === 'video' ? 'images.queue.emptyVideo' : 'images.queue.empty')}</p>
      ) : (
        <ol className="queue-list" aria-label={t('images.queue.title')}>
          {v.items.map((i) => (
            <li
              key={i.id}
              className="queue-item"
              data-testid="queue-item"
              data-state={i.state}
              data-job={i.jobId}
              draggable={i.state === 'waiting'}
              tabIndex={i.state === 'waiting' ? 0 : undefined}
              aria-label={`${i.prompt} — ${stateText(i)}`}
              onKeyDown={(e) => onKey(e, i)}
              onDragStart={() => setDragged(i.id)}
              onDragOver={(e) => i.state === 'waiting' && e.preventDefault()}
              onDrop={(e) => onDrop(e, i)}
            >
              <span className="queue-prompt">{i.prompt}</span> <span className="compare-family">{i.origin && i.origin !== 'generate' ? `${t(`images.queue.origin.${i.origin}`)} · ` : ''}{i.model}</span> · <span data-testid="queue-state">{stateText(i)}</span>
              {etaText(t, i18n.language, i) && <span className="field-help" data-testid="queue-eta"> · {etaText(t, i18n.language, i)}</span>}
              {i.state === 'waiting' && (
                <>
                  <button type="button" className="button button-small" aria-label={t('images.queue.up', { name: i.prompt })} disabled={i.place === 1} onClick={() => move(i, (i.place ?? 1) - 2)}>
                    ↑
                  </button>
                  <button type="button" className="button button-small" aria-label={t('images.queue.down', { name: i.prompt })} disabled={i.place === waiting.length} onClick={() => move(i, i.place ?? 0)}>
                    ↓
                  </button>
                </>
              )}
              {i.state === 'held' && (
                <button type="button" className="button button-small" onClick={() => act.mutate(() => studio.queue.release({ id: i.id }))}>
                  {t('images.queue.release')}
                </button>
              )}
              {(i.state === 'waiting' || i.state === 'held') && (
                <button type="button" className="button button-small" aria-label={t('images.queue.remove', { name: i.prompt })} onClick={() => act.mutate(() => studio.queue.remove({ id: i.id }))}>
                  {t('images.queue.removeShort')}
                </button>
              )}
            </li>
          ))}
        </ol>
      )}
      <p className="field-help">{t('images.queue.keys')}</p>
    </section>
  )
}
