/**
 * Video host events into the cache and into notifications, mounted with the shell (a task can
 * finish while another area is open). Updates are folded once per frame, so a burst from one poll
 * wave is one cache write and one board render. Notifications are the host's decision alone: the
 * page shows each `video:notice` the OS did not already show, and never infers one from updates.
 * Kept small: it is in the entry chunk.
 */
import { useQueryClient } from '@tanstack/react-query'
import { useEffect } from 'react'
import { useT } from '@renderer/i18n/use-t'
import { studio } from '@renderer/lib/studio'
import type { VideoNotice } from '@shared/contract/video'
import type { VideoTask } from '@shared/domain/video'
import { noticeText } from './notify/notice-text'
import { openCard, Toasts } from './notify/Toasts'
import { applyTasks, dropTasks, videoKeys } from './queries'
import { useVideoUi } from './video-ui-store'

type Frame = (run: () => void) => void

/** Once per frame while visible; a hidden page gets no frames, and its board must still catch up. */
const nextFrame: Frame = (run) => {
  if (typeof document !== 'undefined' && document.hidden) setTimeout(run, 250)
  else requestAnimationFrame(run)
}

export function VideoSync() {
  const queryClient = useQueryClient()
  const { t } = useT()
  useEffect(() => {
    const api = studio.video
    let pending: VideoTask[] = []
    let scheduled = false

    const show = (notice: VideoNotice) => {
      // The OS already showed it (Electron): the page neither toasts nor notifies again.
      if (notice.shownBySystem) return
      const { title, body } = noticeText(notice, t)
      useVideoUi.getState().pushToast({ taskId: notice.id, state: notice.state, title, body })
      if (typeof Notification !== 'undefined' && Notification.permission === 'granted') {
        try {
          const note = new Notification(title, { body, tag: `video-${notice.id}` })
          note.onclick = () => {
            window.focus()
            openCard(notice.id)
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
    const offNotice = api.onNotice(show)
    const offOpen = api.onOpenRequested(({ id }) => openCard(id))
    return () => {
      offUpdated()
      offRemoved()
      offAssets()
      offNotice()
      offOpen()
    }
  }, [queryClient, t])
  return <Toasts />
}
