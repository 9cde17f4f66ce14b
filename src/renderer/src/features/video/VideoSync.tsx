/**
 * Video host events into the cache and into notifications, mounted with the shell (a task can
 * finish while another area is open). Updates are folded once per frame, so a burst from one poll
 * wave is one cache write and one board render. Kept small: it is in the entry chunk.
 */
import { useEffect } from 'react'
import { useQueryClient } from '@tanstack/react-query'
import { useT } from '@renderer/i18n/use-t'
import type { VideoTask } from '@shared/domain/video'
import { studio } from '@renderer/lib/studio'
import { noticeOf, NotifyTracker } from './notify/notify-rules'
import { openCard, Toasts } from './notify/Toasts'
import { applyTasks, dropTasks, videoKeys } from './queries'
import type { TaskIndex } from './task-index'
import { useVideoUi } from './video-ui-store'

type Frame = (run: () => void) => void

/** Once per frame while visible; a hidden page gets no frames, and a finished task must still notify. */
const nextFrame: Frame = (run) => {
  if (typeof document !== 'undefined' && document.hidden) setTimeout(run, 250)
  else requestAnimationFrame(run)
}

export function VideoSync() {
  const queryClient = useQueryClient()
  const { t } = useT()
  useEffect(() => {
    const api = studio.video
    const tracker = new NotifyTracker()
    const shownBySystem = new Set<string>()
    let pending: VideoTask[] = []
    let scheduled = false

    const seedFrom = (index: TaskIndex | undefined) => index && tracker.seed(Object.values(index.byId))
    seedFrom(queryClient.getQueryData<TaskIndex>(videoKeys.index()))
    const offCache = queryClient.getQueryCache().subscribe((e) => {
      if (e.type === 'updated' && e.action.type === 'success' && e.query.queryKey[1] === 'index' && e.query.queryKey[0] === 'video') seedFrom(e.query.state.data as TaskIndex)
    })

    const announce = (task: VideoTask) => {
      const n = noticeOf(task, t('video.form.untitled'))
      const title = t(n.kind === 'succeeded' ? 'video.notify.succeededTitle' : 'video.notify.failedTitle')
      const values = { prompt: n.prompt, message: n.message ?? '', code: n.code ?? '' }
      const body = n.kind === 'succeeded' ? n.prompt : t(n.code ? 'video.notify.failedBodyCode' : 'video.notify.failedBody', values)
      // The OS already showed it (Electron): the page neither toasts nor notifies again.
      if (shownBySystem.has(`${task.id}:${task.state}`)) return
      useVideoUi.getState().pushToast({ taskId: task.id, state: task.state, title, body })
      if (typeof Notification !== 'undefined' && Notification.permission === 'granted') {
        try {
          const note = new Notification(title, { body, tag: `video-${task.id}` })
          note.onclick = () => {
            window.focus()
            openCard(task.id)
            note.close()
          }
        } catch {
          // Some shells expose the constructor but refuse page notifications: the toast remains.
        }
      }
    }

    const flush = () => {
      scheduled = false
      const batch = pending
      pending = []
      applyTasks(queryClient, batch)
      for (const task of batch) if (tracker.observe(task)) announce(task)
    }

    const offUpdated = api.onTaskUpdated((task) => {
      pending.push(task)
      if (!scheduled) {
        scheduled = true
        nextFrame(flush)
      }
    })
    const offRemoved = api.onTasksRemoved(({ ids }) => dropTasks(queryClient, ids))
    const offAssets = api.onAssetsChanged(() => void queryClient.invalidateQueries({ queryKey: videoKeys.assets() }))
    const offNotice = api.onNotice((notice) => {
      if (notice.shownBySystem) shownBySystem.add(`${notice.id}:${notice.state}`)
    })
    const offOpen = api.onOpenRequested(({ id }) => openCard(id))
    return () => {
      offCache()
      offUpdated()
      offRemoved()
      offAssets()
      offNotice()
      offOpen()
    }
  }, [queryClient, t])
  return <Toasts />
}
