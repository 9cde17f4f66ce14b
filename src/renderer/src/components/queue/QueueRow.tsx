import type { DragEvent, KeyboardEvent, ReactNode } from 'react'
import { IconButton } from '@renderer/components/IconButton'
import { MoreMenu, type MenuItem } from '@renderer/components/menu/MoreMenu'
import { useT } from '@renderer/i18n/use-t'
import type { QueueItem } from '@shared/contract/queue'
import { etaText } from './queue-text'
import { stateWords } from './queue-words'

export interface QueueRowProps {
  item: QueueItem
  /** How many wait: the last one cannot move down. */
  waiting: number
  /** What the row shows instead of the queue's words (a running item's job, with its progress). */
  body?: ReactNode
  /** Id of the text that explains the reorder keys. */
  keysHelp: string
  move: (item: QueueItem, to: number) => void
  remove: (item: QueueItem) => void
  release: (item: QueueItem) => void
  onDragStart: (item: QueueItem) => void
  onDrop: (e: DragEvent, target: QueueItem) => void
}

/**
 * One item of the queue strip, one line: a place or state mark, the prompt, model, state and ETA,
 * then at most two icon actions (remove; release for a held item) and More (move up and down).
 * A waiting row is focusable, dragged to a new place or moved with Alt+↑/↓.
 */
export function QueueRow({
  item: i,
  waiting,
  body,
  keysHelp,
  move,
  remove,
  release,
  onDragStart,
  onDrop
}: QueueRowProps) {
  const { t, i18n } = useT()
  const state = stateWords(t, i18n.language, i)
  const eta = etaText(t, i18n.language, i)
  const onKey = (e: KeyboardEvent) => {
    if (!e.altKey || i.place === null) return
    if (e.key === 'ArrowUp') {
      e.preventDefault()
      move(i, i.place - 2)
    } else if (e.key === 'ArrowDown') {
      e.preventDefault()
      move(i, i.place)
    }
  }
  const menu: MenuItem[] = []
  if (i.state === 'waiting' && i.place !== null) {
    const place = i.place
    if (place > 1)
      menu.push({ key: 'up', label: t('images.queue.up', { name: i.prompt }), onSelect: () => move(i, place - 2) })
    if (place < waiting)
      menu.push({ key: 'down', label: t('images.queue.down', { name: i.prompt }), onSelect: () => move(i, place) })
  }
  return (
    <li
      className="queue-item strip-row"
      data-testid="queue-item"
      data-state={i.state}
      data-job={i.jobId}
      draggable={i.state === 'waiting'}
      tabIndex={i.state === 'waiting' ? 0 : undefined}
      aria-label={`${i.prompt} — ${state}`}
      aria-describedby={i.state === 'waiting' ? keysHelp : undefined}
      onKeyDown={onKey}
      onDragStart={() => onDragStart(i)}
      onDragOver={(e) => i.state === 'waiting' && e.preventDefault()}
      onDrop={(e) => onDrop(e, i)}
    >
      {body ?? (
        <>
          <span className="strip-mark" aria-hidden="true">
            {i.state === 'waiting' ? i.place : i.state === 'held' ? '!' : <progress className="strip-progress" />}
          </span>
          <span className="strip-main">
            <span className="strip-prompt queue-prompt" title={i.prompt}>
              {i.prompt}
            </span>
            <span className="strip-sub">
              <span className="compare-family">
                {i.origin && i.origin !== 'generate' ? `${t(`images.queue.origin.${i.origin}`)} · ` : ''}
                {i.model}
              </span>{' '}
              · <span data-testid="queue-state">{state}</span>
              {eta && <span data-testid="queue-eta"> · {eta}</span>}
            </span>
          </span>
          <span className="strip-actions">
            {i.state === 'held' && (
              <IconButton icon="play" label={t('images.queue.release')} onClick={() => release(i)} />
            )}
            {(i.state === 'waiting' || i.state === 'held') && (
              <IconButton icon="trash" label={t('images.queue.remove', { name: i.prompt })} onClick={() => remove(i)} />
            )}
            {menu.length > 0 && <MoreMenu items={menu} />}
          </span>
        </>
      )}
    </li>
  )
}
