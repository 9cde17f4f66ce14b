import { useSyncExternalStore } from 'react'
import { useT } from '@renderer/i18n/use-t'
import type { VideoTask } from '@shared/domain/video'
import { formatDuration, isFinal, startOf } from './card-text'

/**
 * One shared 1 s clock for every running card. Only this leaf re-renders each second, never the
 * card around it (P3: only changed cards render).
 */
const listeners = new Set<() => void>()
let timer: ReturnType<typeof setInterval> | null = null
let now = Date.now()

function subscribe(listener: () => void): () => void {
  listeners.add(listener)
  if (!timer) {
    now = Date.now()
    timer = setInterval(() => {
      now = Date.now()
      for (const l of listeners) l()
    }, 1000)
  }
  return () => {
    listeners.delete(listener)
    if (listeners.size === 0 && timer) {
      clearInterval(timer)
      timer = null
    }
  }
}

const snapshot = () => now

function Ticking({ since }: { since: number }) {
  const { t } = useT()
  const at = useSyncExternalStore(subscribe, snapshot)
  return <>{t('video.card.elapsed', { time: formatDuration(at - since) })}</>
}

export function Elapsed({ task }: { task: VideoTask }) {
  const { t } = useT()
  const since = startOf(task)
  if (!isFinal(task)) {
    return (
      <span className="video-elapsed" data-testid="elapsed">
        <Ticking since={since} />
      </span>
    )
  }
  const end = task.completedAt ?? task.updatedAt
  return (
    <span className="video-elapsed" data-testid="elapsed">
      {t('video.card.took', { time: formatDuration(end - since) })}
    </span>
  )
}
