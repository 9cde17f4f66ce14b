import type { CompareCellState } from '@shared/domain/compare'
import { ruleOf } from '@shared/domain/gateway-names'
import type { VideoCreateRequest, VideoState, VideoTask } from '@shared/domain/video'
import { videoRequestProblems } from '@shared/domain/video-rules'
import type { CellLive, ComparePort } from '../compare/compare-port'
import { newTaskId } from './submit'
import type { VideoService } from './video-service'

const STATE: Record<VideoState, CompareCellState> = {
  submitting: 'running',
  queued: 'running',
  running: 'running',
  unknown: 'running',
  paused: 'running',
  succeeded: 'done',
  failed: 'failed',
  cancelled: 'failed',
  lost: 'failed',
  'outcome-unknown': 'outcome-unknown'
}

function liveOf(t: VideoTask): CellLive {
  const state = STATE[t.state]
  return {
    state,
    progress: t.progress,
    ...(t.rawStatus ? { note: t.rawStatus } : {}),
    startedAt: t.createdAt,
    ...(state !== 'running' ? { endedAt: t.completedAt ?? t.updatedAt } : {}),
    ...(t.error
      ? {
          error: {
            code: t.error.studioCode ?? 'GATEWAY_ERROR',
            message: t.error.code ? `${t.error.message} (${t.error.code})` : t.error.message,
            retryable: false
          }
        }
      : {})
  }
}

/** Video cells of a compare run: one `video.create` each, under the task id the run recorded. */
export function videoComparePort(video: VideoService): ComparePort<VideoCreateRequest> {
  const task = (ref: string): VideoTask | undefined => {
    try {
      return video.get(ref)
    } catch {
      return undefined
    }
  }
  return {
    problems: (req, names) => videoRequestProblems(req, ruleOf(names, req.model)),
    describe: (req) => ({ model: req.model, family: req.family, prompt: req.prompt }),
    forProfile: (req, profileId) => ({ ...req, profileId }),
    newRef: newTaskId,
    start: (req, ref) => video.create(req, ref),
    live: (ref) => {
      const t = task(ref)
      return t ? liveOf(t) : undefined
    },
    fromEvent: (...[name, t]) => {
      if (name !== 'video:task-updated') return null
      return { ref: t.id, live: liveOf(t) }
    },
    results: (cell) => {
      const t = task(cell.ref)
      return t ? { task: t } : {}
    },
    keep: async () => {}
  }
}
