import { useId } from 'react'
import { ConfirmDialog } from '@renderer/components/ConfirmDialog'
import { Dialog } from '@renderer/components/Dialog'
import { LineagePanel } from '@renderer/components/lineage/LineagePanel'
import { useT } from '@renderer/i18n/use-t'
import type { VideoTask } from '@shared/domain/video'
import { useRemoveVideo, useSubmitAgain } from '../mutations'
import { RemixDialog } from '../remix/RemixDialog'
import type { TaskIndex } from '../task-index'
import { useVideoUi } from '../video-ui-store'
import { isFinal, paramLines } from './card-text'

type Focus = () => HTMLElement | null

function RemoveDialog({ task, fallbackFocus }: { task: VideoTask; fallbackFocus: Focus }) {
  const { t } = useT()
  const remove = useRemoveVideo()
  const close = () => useVideoUi.getState().closeDialog()
  return (
    <ConfirmDialog
      title={t('video.dialogs.removeTitle')}
      body={
        <>
          <p>{t('video.dialogs.removeBody')}</p>
          {task.state === 'submitting' ? (
            <p className="warning">{t('video.dialogs.removeSubmitting')}</p>
          ) : (
            !isFinal(task) && <p className="warning">{t('video.dialogs.removeRunning')}</p>
          )}
          {task.prompt && <p className="dialog-quote">“{task.prompt}”</p>}
        </>
      }
      cancelLabel={t('video.dialogs.cancel')}
      confirmLabel={t('video.dialogs.remove')}
      busy={remove.isPending}
      error={remove.error}
      // mutateAsync: the dialog unmounts as soon as the task leaves the index, before mutate's callbacks.
      onConfirm={() =>
        remove.mutateAsync(task.id).then(
          () => {
            useVideoUi.getState().setNotice(t('video.card.removed'))
            close()
          },
          () => undefined
        )
      }
      onClose={close}
      fallbackFocus={fallbackFocus}
    />
  )
}

function AgainDialog({ task, fallbackFocus }: { task: VideoTask; fallbackFocus: Focus }) {
  const { t } = useT()
  const again = useSubmitAgain()
  const close = () => useVideoUi.getState().closeDialog()
  return (
    <ConfirmDialog
      title={t('video.dialogs.againTitle')}
      body={
        <>
          <p>{t('video.dialogs.againBody')}</p>
          {task.state === 'outcome-unknown' && (
            <p className="warning warning-strong">{t('video.dialogs.againOutcomeUnknown')}</p>
          )}
          {task.prompt && <p className="dialog-quote">“{task.prompt}”</p>}
        </>
      }
      cancelLabel={t('video.dialogs.cancel')}
      confirmLabel={t('video.dialogs.again')}
      busy={again.isPending}
      error={again.error}
      onConfirm={() =>
        again.mutate(task.id, {
          onSuccess: (created) => {
            useVideoUi.getState().setNotice(t('video.card.resubmitted'))
            close()
            useVideoUi.getState().requestFocus(created.id)
          }
        })
      }
      onClose={close}
      fallbackFocus={fallbackFocus}
    />
  )
}

function DetailsDialog({ task }: { task: VideoTask }) {
  const { t, i18n } = useT()
  const paramsTitleId = useId()
  const when = (ms?: number) => (ms ? new Date(ms).toLocaleString(i18n.language) : '—')
  const lines = paramLines(task.params)
  const rows: [string, string][] = [
    [t('video.dialogs.requested'), task.model],
    [t('video.dialogs.returned'), task.returnedModel ?? '—'],
    [t('video.dialogs.taskId'), task.taskId ?? t('video.card.noTaskId')],
    [t('video.dialogs.createRoute'), task.createRoute],
    [t('video.dialogs.queryRoute'), task.queryRoute],
    [t('video.dialogs.created'), when(task.createdAt)],
    [t('video.dialogs.completed'), when(task.completedAt)],
    [t('video.dialogs.polls'), String(task.polls)],
    [t('video.dialogs.resultSource'), task.result?.source ?? '—'],
    [
      t('video.dialogs.file'),
      task.result ? `${task.result.fileName} (${task.result.bytes.toLocaleString('en-US')} B)` : '—'
    ]
  ]
  return (
    <Dialog
      title={t('video.dialogs.detailsTitle')}
      onClose={() => useVideoUi.getState().closeDialog()}
      className="video-details"
    >
      <dl className="video-dl">
        {rows.map(([k, v]) => (
          <div key={k}>
            <dt>{k}</dt>
            <dd>{v}</dd>
          </div>
        ))}
      </dl>
      <h3 className="section-title" id={paramsTitleId}>
        {t('video.dialogs.parameters')}
      </h3>
      {lines.length === 0 ? (
        <p className="field-help">{t('video.dialogs.noParameters')}</p>
      ) : (
        // It scrolls when long: focusable, so the keyboard can scroll it too, and named by its heading.
        <div className="video-params" tabIndex={0} role="region" aria-labelledby={paramsTitleId}>
          <dl className="video-dl" data-testid="task-params">
            {lines.map(([k, v]) => (
              <div key={k}>
                <dt>{k}</dt>
                <dd className="video-mono">{v}</dd>
              </div>
            ))}
          </dl>
        </div>
      )}
      <LineagePanel of={{ kind: 'video', id: task.id }} onShow={() => useVideoUi.getState().closeDialog()} />
      <div className="dialog-actions">
        <span className="dialog-actions-spacer" />
        <button type="button" className="button" onClick={() => useVideoUi.getState().closeDialog()}>
          {t('video.dialogs.close')}
        </button>
      </div>
    </Dialog>
  )
}

/** The one open card dialog (remove, submit again, remix, details), for a task still on the board. */
export function CardDialogs({ index, fallbackFocus }: { index: TaskIndex; fallbackFocus: Focus }) {
  const dialog = useVideoUi((s) => s.dialog)
  const task = dialog ? index.byId[dialog.id] : undefined
  if (!dialog || !task) return null
  if (dialog.kind === 'remove') return <RemoveDialog task={task} fallbackFocus={fallbackFocus} />
  if (dialog.kind === 'again') return <AgainDialog task={task} fallbackFocus={fallbackFocus} />
  if (dialog.kind === 'remix') return <RemixDialog task={task} />
  return <DetailsDialog task={task} />
}
