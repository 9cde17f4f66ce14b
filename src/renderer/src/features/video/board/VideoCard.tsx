import { memo, useRef, useState } from 'react'
import { MeasuredCost } from '@renderer/components/form/EstimateLine'
import { IconButton } from '@renderer/components/IconButton'
import { MarkedText } from '@renderer/components/MarkedText'
import { MoreMenu, type MenuItem } from '@renderer/components/menu/MoreMenu'
import { useT } from '@renderer/i18n/use-t'
import type { VideoTask } from '@shared/domain/video'
import { noteCardRender } from '../render-probe'
import type { SearchExcerpt } from './board-filter'
import { isFinal, paramSummary, returnedDiffers } from './card-text'
import { Elapsed } from './Elapsed'
import { Eta } from './Eta'
import type { CardActions } from './use-card-actions'

export interface VideoCardProps {
  task: VideoTask
  index: number
  column: number
  active: boolean
  width: number
  height: number
  /** Lineage as primitives, so an unrelated update leaves the props equal. */
  parentName: string | null
  remixCount: number
  latestRemixId: string | null
  /** Where the board's search matched this task (the host's excerpt), while a search is shown. */
  excerpt: SearchExcerpt | null
  actions: CardActions
  onFocusCell: (index: number) => void
}

const NOTES: Partial<Record<VideoTask['state'], 'unknownNote' | 'lostNote' | 'pausedNote' | 'outcomeUnknownNote'>> = {
  unknown: 'unknownNote',
  lost: 'lostNote',
  paused: 'pausedNote',
  'outcome-unknown': 'outcomeUnknownNote'
}

function Progress({ task }: { task: VideoTask }) {
  const { t } = useT()
  if (isFinal(task)) return null
  return (
    <div className="video-progress">
      {task.progress === null ? (
        <progress aria-label={t('video.card.progress')} />
      ) : (
        <>
          <progress aria-label={t('video.card.progress')} max={100} value={task.progress} />
          <span data-testid="progress-value">{t('video.card.progressValue', { value: task.progress })}</span>
        </>
      )}
    </div>
  )
}

/** The shape the request asked for (ratio, size or orientation), until the file's own is known. */
export function requestedRatio(params: Record<string, unknown>): number | null {
  const ratio = typeof params.aspect_ratio === 'string' ? /^(\d+):(\d+)$/.exec(params.aspect_ratio) : null
  if (ratio) return Number(ratio[1]) / Number(ratio[2])
  const size = typeof params.size === 'string' ? /^(\d+)[x*](\d+)$/i.exec(params.size) : null
  if (size) return Number(size[1]) / Number(size[2])
  if (params.orientation === 'portrait') return 9 / 16
  if (params.orientation === 'landscape') return 16 / 9
  return null
}

function Media({ task, name }: { task: VideoTask; name: string }) {
  const { t } = useT()
  // The clip's own shape, read from the file once its metadata is in: a portrait clip gets a portrait box.
  const [ratio, setRatio] = useState<number | null>(null)
  const r = task.result
  if (r) {
    const shape = ratio ?? requestedRatio(task.params) ?? 16 / 9
    return (
      <video
        className="video-player"
        controls
        // With a poster nothing is fetched until play; without one the metadata and first frame
        // are (the #t fragment makes the browser seek there and paint that frame as the poster).
        preload={r.posterUrl ? 'none' : 'metadata'}
        poster={r.posterUrl}
        src={r.posterUrl ? r.mediaUrl : `${r.mediaUrl}#t=0.001`}
        style={{ aspectRatio: String(shape), ['--clip-ratio' as string]: String(shape) }}
        data-orientation={shape < 1 ? 'portrait' : shape > 1 ? 'landscape' : 'square'}
        onLoadedMetadata={(e) => {
          const v = e.currentTarget
          if (v.videoWidth > 0 && v.videoHeight > 0) setRatio(v.videoWidth / v.videoHeight)
        }}
        // "Extract frame" draws this player into a canvas. In Electron its media comes from another
        // origin (studio-media), which answers our page with CORS; a player loaded without it would
        // taint the canvas. Same-origin media (the browser host) loads as before.
        crossOrigin="anonymous"
        aria-label={t('video.card.player', { prompt: name })}
        data-testid="video-player"
      />
    )
  }
  return (
    <div className="video-placeholder" data-state={task.state} aria-hidden="true">
      <span>{t(`video.card.state.${task.state}`)}</span>
    </div>
  )
}

/**
 * One task on the board. Memoized on its props: the task object is replaced only when that task
 * changed, and everything else is primitives or stable, so an update renders exactly one card.
 * Only the active card is in the Tab order (roving tabindex); its buttons follow it.
 */
export const VideoCard = memo(function VideoCard(p: VideoCardProps) {
  const { t } = useT()
  noteCardRender(p.task.id)
  const { task, actions } = p
  const name = task.prompt.trim() || t('video.form.untitled')
  const tab = p.active ? 0 : -1
  const note = NOTES[task.state]
  const download = t(`video.card.download.${task.download.state}`)
  const summary = paramSummary(task.params)
  const canRemix = task.state === 'succeeded' && task.taskId !== null
  const cardRef = useRef<HTMLDivElement>(null)
  const checkable = !isFinal(task) || task.state === 'lost'
  const downloadFailed = task.download.state === 'failed' || task.download.state === 'waiting-retry'
  // Two actions on the card (the likeliest next step, and Details); the rest in "More".
  const more: MenuItem[] = [
    ...(task.result ? [{ key: 'open', label: t('video.card.open'), onSelect: () => actions.openFile(task) }] : []),
    { key: 'copy', label: t('video.card.copyPrompt'), onSelect: () => actions.copyPrompt(task) },
    ...(task.result
      ? [
          {
            key: 'frame',
            label: t('flows.frame.extract'),
            onSelect: () => actions.extractFrame(task, cardRef.current?.querySelector('video') ?? null)
          }
        ]
      : []),
    ...((canRemix || downloadFailed) && checkable
      ? [{ key: 'check', label: t('video.card.checkNow'), onSelect: () => actions.checkNow(task) }]
      : []),
    ...(downloadFailed && canRemix
      ? [{ key: 'remix', label: t('video.card.remix'), onSelect: () => actions.remix(task) }]
      : []),
    { key: 'again', label: t('video.card.again'), onSelect: () => actions.submitAgain(task) },
    { key: 'remove', label: t('video.card.remove'), onSelect: () => actions.remove(task), danger: true }
  ]
  return (
    <div
      ref={cardRef}
      role="gridcell"
      aria-colindex={p.column + 1}
      aria-label={name}
      tabIndex={tab}
      data-index={p.index}
      data-task-id={task.id}
      data-state={task.state}
      className="video-card"
      style={{ width: p.width, height: p.height }}
      onFocus={(e) => {
        if (e.target === e.currentTarget || !p.active) p.onFocusCell(p.index)
      }}
    >
      <div className="video-card-head">
        <span className={`badge badge-video badge-${task.state}`} data-testid="task-state">
          {t(`video.card.state.${task.state}`)}
        </span>
        <Elapsed task={task} />
      </div>
      <div className="video-card-model" data-testid="task-model">
        {returnedDiffers(task)
          ? t('video.card.returnedModel', { requested: task.model, returned: task.returnedModel })
          : task.model}
      </div>
      <div className="video-media">
        <Media task={task} name={name} />
      </div>
      <Progress task={task} />
      <p className="video-card-prompt" title={task.prompt}>
        {name}
      </p>
      {p.excerpt && (
        <p className="video-card-match" data-testid="card-match">
          {t('video.card.matchedLabel')}
          <MarkedText text={p.excerpt.match} marks={p.excerpt.marks} />
        </p>
      )}
      {task.error && (
        <p className="video-card-error" data-testid="task-error">
          {task.error.message}
          {task.error.code && (
            <span className="video-code"> · {t('video.card.errorCode', { code: task.error.code })}</span>
          )}
        </p>
      )}
      {note && <p className="video-card-note warning">{t(`video.card.${note}`)}</p>}
      {task.state === 'unknown' && task.rawStatus && (
        <p className="video-card-note">{t('video.card.rawStatus', { raw: task.rawStatus })}</p>
      )}
      {download && <p className="video-card-note">{download}</p>}
      <Eta task={task} />
      <MeasuredCost jobRef={task.id} ended={isFinal(task)} charged={task.taskId !== null} />
      {task.download.lastError && task.download.state !== 'done' && (
        <p className="video-card-note warning" data-testid="download-error">
          {task.download.lastError}
        </p>
      )}
      {task.remixOf && (
        <p className="video-card-lineage" data-testid="lineage">
          <button
            type="button"
            className="link-button"
            tabIndex={tab}
            onClick={() => actions.showTask(task.remixOf!.id)}
          >
            {p.parentName === null
              ? t('video.card.remixOfMissing', { id: task.remixOf.taskId })
              : t('video.card.remixOf', { name: p.parentName })}
          </button>
        </p>
      )}
      {p.remixCount > 0 && p.latestRemixId && (
        <p className="video-card-lineage">
          <button
            type="button"
            className="link-button"
            tabIndex={tab}
            onClick={() => actions.showTask(p.latestRemixId!)}
          >
            {t('video.card.remixes', { count: p.remixCount })}
          </button>
        </p>
      )}
      {summary && <p className="video-card-params">{summary}</p>}
      <div className="video-card-actions" role="group" aria-label={t('video.card.actions', { name })}>
        {downloadFailed ? (
          <IconButton
            icon="download"
            label={t('video.card.retryDownload')}
            tabIndex={tab}
            onClick={() => actions.retryDownload(task)}
          />
        ) : canRemix ? (
          <IconButton icon="sparkle" label={t('video.card.remix')} tabIndex={tab} onClick={() => actions.remix(task)} />
        ) : checkable ? (
          <IconButton
            icon="refresh"
            label={t('video.card.checkNow')}
            tabIndex={tab}
            onClick={() => actions.checkNow(task)}
          />
        ) : null}
        <IconButton icon="info" label={t('video.card.details')} tabIndex={tab} onClick={() => actions.details(task)} />
        <MoreMenu items={more} tabIndex={tab} />
      </div>
    </div>
  )
})
