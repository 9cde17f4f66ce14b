/** What each card offers, in one stable object for the card buttons and the grid's keys. */
import { useCallback, useMemo } from 'react'
import { useT } from '@renderer/i18n/use-t'
import { downloadUrl } from '@renderer/lib/download'
import { errorMessage } from '@renderer/lib/error-text'
import { extractFrame, FrameError } from '@renderer/lib/lineage'
import type { VideoTask } from '@shared/domain/video'
import { useOpenFile, useTaskAction } from '../mutations'
import { useVideoUi } from '../video-ui-store'

export interface CardActions {
  openFile(task: VideoTask): void
  copyPrompt(task: VideoTask): void
  remix(task: VideoTask): void
  submitAgain(task: VideoTask): void
  remove(task: VideoTask): void
  details(task: VideoTask): void
  checkNow(task: VideoTask): void
  retryDownload(task: VideoTask): void
  showTask(id: string): void
  /** The frame the player shows, into the gallery. */
  extractFrame(task: VideoTask, player: HTMLVideoElement | null): void
}

export function useCardActions(): CardActions {
  const { t } = useT()
  const opener = useOpenFile()
  const action = useTaskAction()
  const say = useVideoUi((s) => s.setNotice)
  const failed = useCallback(
    (err: unknown) => say(t('video.card.actionFailed', { message: errorMessage(err) })),
    [say, t]
  )
  const openMutate = opener.mutate
  const actionMutate = action.mutate

  return useMemo<CardActions>(() => {
    const ui = () => useVideoUi.getState()
    return {
      openFile: (task) =>
        openMutate(task.id, {
          onSuccess: (r) => {
            if (r.downloadUrl) {
              downloadUrl(r.downloadUrl, r.fileName)
              say(t('video.card.downloaded', { fileName: r.fileName }))
            } else say(t('video.card.opened', { fileName: r.fileName }))
          },
          onError: failed
        }),
      copyPrompt: (task) => {
        const clipboard = typeof navigator === 'undefined' ? undefined : navigator.clipboard
        if (!clipboard) return say(t('video.card.copyFailed'))
        clipboard.writeText(task.prompt).then(
          () => say(t('video.card.copied')),
          () => say(t('video.card.copyFailed'))
        )
      },
      remix: (task) => ui().openDialog({ kind: 'remix', id: task.id }),
      submitAgain: (task) => ui().openDialog({ kind: 'again', id: task.id }),
      remove: (task) => ui().openDialog({ kind: 'remove', id: task.id }),
      details: (task) => ui().openDialog({ kind: 'details', id: task.id }),
      checkNow: (task) => actionMutate({ id: task.id, action: 'checkNow' }, { onError: failed }),
      retryDownload: (task) => actionMutate({ id: task.id, action: 'retryDownload' }, { onError: failed }),
      showTask: (id) => ui().requestFocus(id),
      extractFrame: (task, player) => {
        if (!player) return say(t('flows.frame.notLoaded'))
        say(t('flows.frame.extracting'))
        extractFrame(player, task.id).then(
          (item) => say(t('flows.frame.extracted', { time: Number(item.params.atSeconds ?? 0).toFixed(2) })),
          (err: unknown) =>
            say(
              err instanceof FrameError
                ? t(err.reason === 'tainted' ? 'flows.frame.tainted' : 'flows.frame.notLoaded')
                : t('flows.frame.failed', { message: errorMessage(err) })
            )
        )
      }
    }
  }, [openMutate, actionMutate, failed, say, t])
}
