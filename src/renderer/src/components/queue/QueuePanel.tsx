import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useEffect, useId, useState, type DragEvent, type ReactNode } from 'react'
import { IconButton } from '@renderer/components/IconButton'
import { useT } from '@renderer/i18n/use-t'
import { studio } from '@renderer/lib/studio'
import type { QueueItem, QueueView } from '@shared/contract/queue'
import { QueueRow } from './QueueRow'
import '@renderer/styles/queue-strip.css'

export const queueKey = ['queue', 'active'] as const

export function useQueue() {
  return useQuery({ queryKey: queueKey, queryFn: () => studio.queue.list() })
}

/** Keeps the queue's view fresh from the host's `queue:changed` events while a queue is shown. */
export function useQueueSync(): void {
  const qc = useQueryClient()
  useEffect(() => studio.queue.onChanged(() => void qc.invalidateQueries({ queryKey: queueKey })), [qc])
}

export interface QueuePanelProps {
  kind?: QueueItem['kind']
  /** Rows for jobs running outside the queue (sent at once), shown first: `<li>` elements. */
  running?: ReactNode
  /** What a queue item's row shows instead of the queue's words (its running job), if anything. */
  bodyFor?: (item: QueueItem) => ReactNode | undefined
}

/**
 * A local queue of one kind as a thin strip (image jobs beside the gallery, videos on the video
 * board): one line a job with what runs, what waits and in which order ("waiting, 3rd"), when each
 * should end, reordered by drag or by keys (Alt+↑/↓ on a row, or its More menu), removed, paused and
 * resumed, and the cap of that kind in flight. The queue is one per profile: pausing it pauses both kinds.
 */
export function QueuePanel({ kind = 'image', running, bodyFor }: QueuePanelProps) {
  const { t } = useT()
  const id = useId()
  useQueueSync()
  const qc = useQueryClient()
  const q = useQueue()
  const set = (v: QueueView) => qc.setQueryData(queueKey, v)
  const act = useMutation({ mutationFn: (f: () => Promise<QueueView>) => f(), onSuccess: set })
  const [dragged, setDragged] = useState<string | null>(null)
  const [capText, setCapText] = useState('')
  const [capOpen, setCapOpen] = useState(false)
  const all = q.data
  if (!all) return null
  const v = { ...all, items: all.items.filter((i) => i.kind === kind) }
  // Beside the video board it shows only while videos are queued (its caps are also in Settings).
  if (kind === 'video' && v.items.length === 0) return null
  const cap = kind === 'video' ? v.videoCap : v.imageCap
  const waiting = v.items.filter((i) => i.state === 'waiting')
  const move = (item: QueueItem, to: number) =>
    act.mutate(() => studio.queue.move({ id: item.id, to: Math.max(0, to) }))
  const onDrop = (e: DragEvent, target: QueueItem) => {
    e.preventDefault()
    const from = waiting.find((i) => i.id === dragged)
    setDragged(null)
    if (from && target.place !== null && from.id !== target.id) move(from, target.place - 1)
  }
  const setCap = () => {
    const n = Number(capText)
    if (Number.isInteger(n) && n >= 1 && n <= 32)
      act.mutate(() => studio.queue.set(kind === 'video' ? { videoCap: n } : { imageCap: n }))
    setCapText('')
    setCapOpen(false)
  }
  const empty = v.items.length === 0 && !running
  return (
    <section className="queue-panel queue-strip" aria-labelledby={`${id}-h`} data-testid="queue">
      <div className="strip-head">
        <h2 id={`${id}-h`} className="strip-title">
          {t('images.queue.title')}
        </h2>
        <p className="field-help strip-summary" role="status" data-testid="queue-summary">
          {v.paused
            ? t('images.queue.paused')
            : t(kind === 'video' ? 'images.queue.summaryVideo' : 'images.queue.summary', {
                running: v.items.filter((i) => i.state === 'running' || i.state === 'sending').length,
                cap,
                waiting: waiting.length
              })}
        </p>
        <IconButton
          icon={v.paused ? 'play' : 'pause'}
          label={v.paused ? t('images.queue.resume') : t('images.queue.pause')}
          aria-pressed={v.paused}
          onClick={() => act.mutate(() => studio.queue.set({ paused: !v.paused }))}
        />
        <div className="strip-cap">
          <IconButton
            icon="sliders"
            label={t('images.queue.capMenu')}
            placement="bottom-end"
            aria-expanded={capOpen}
            aria-controls={`${id}-cap`}
            onClick={() => setCapOpen((o) => !o)}
          />
          {capOpen && (
            <div id={`${id}-cap`} className="strip-cap-body" onKeyDown={(e) => e.key === 'Escape' && setCapOpen(false)}>
              <label className="field queue-cap">
                <span className="field-label">
                  {t(kind === 'video' ? 'images.queue.capVideo' : 'images.queue.cap')}
                </span>
                <input
                  className="input"
                  inputMode="numeric"
                  value={capText}
                  placeholder={String(cap)}
                  onChange={(e) => setCapText(e.target.value)}
                  onKeyDown={(e) => e.key === 'Enter' && setCap()}
                />
              </label>
              <button type="button" className="button" onClick={setCap}>
                {t('images.queue.setCap')}
              </button>
            </div>
          )}
        </div>
      </div>
      {empty ? (
        <p className="field-help strip-empty">
          {t(kind === 'video' ? 'images.queue.emptyVideo' : 'images.queue.empty')}
        </p>
      ) : (
        <ol className="queue-list strip-list" aria-label={t('images.queue.title')}>
          {running}
          {v.items.map((i) => (
            <QueueRow
              key={i.id}
              item={i}
              waiting={waiting.length}
              body={bodyFor?.(i)}
              keysHelp={`${id}-keys`}
              move={move}
              remove={(item) => act.mutate(() => studio.queue.remove({ id: item.id }))}
              release={(item) => act.mutate(() => studio.queue.release({ id: item.id }))}
              onDragStart={(item) => setDragged(item.id)}
              onDrop={onDrop}
            />
          ))}
        </ol>
      )}
      <p id={`${id}-keys`} className="sr-only">
        {t('images.queue.keys')}
      </p>
    </section>
  )
}
