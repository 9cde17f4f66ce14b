import type { SandboxContext } from '../context.js'
import { asksPortrait, sampleVideo } from '../media/index.js'
import { settle } from './lifecycle.js'
import type { Family, Snapshot, Stage, Task } from './store.js'

type Body = Record<string, unknown>

/** Status words by family: each route speaks its own vocabulary (spec "States", GATEWAY.md §5). */
const VOCAB: Record<Family, Record<Stage, string>> = {
  vidq: { queued: 'processing', running: 'processing', succeeded: 'completed', failed: 'failed', cancelled: 'failed' },
  vo3: { queued: 'queued', running: 'processing', succeeded: 'completed', failed: 'failed', cancelled: 'cancelled' },
  jm: { queued: 'pending', running: 'processing', succeeded: 'completed', failed: 'failed', cancelled: 'cancelled' },
  kl: { queued: 'queued', running: 'in_progress', succeeded: 'completed', failed: 'failed', cancelled: 'failed' },
  gk: { queued: 'queued', running: 'processing', succeeded: 'completed', failed: 'failed', cancelled: 'cancelled' },
  remix: { queued: 'processing', running: 'processing', succeeded: 'completed', failed: 'failed', cancelled: 'failed' },
  uremix: {
    queued: 'processing',
    running: 'processing',
    succeeded: 'completed',
    failed: 'failed',
    cancelled: 'failed'
  },
  img: { queued: 'generating', running: 'generating', succeeded: 'success', failed: 'failed', cancelled: 'failed' },
  asset: { queued: 'Processing', running: 'Processing', succeeded: 'Active', failed: 'Failed', cancelled: 'Failed' }
}

/** Internal names, as the content proxy reports them in its 400. */
export const INTERNAL_STATUS: Record<Stage, string> = {
  queued: 'QUEUED',
  running: 'IN_PROGRESS',
  succeeded: 'SUCCESS',
  failed: 'FAILURE',
  cancelled: 'FAILURE'
}

export function statusWord(family: Family, stage: Stage): string {
  return VOCAB[family][stage]
}

/** Families whose status_update_time is in milliseconds (the others use seconds). */
const MS_FAMILIES: Family[] = ['vo3']

function sec(ms: number): number {
  return Math.floor(ms / 1000)
}

export function statusUpdateTime(ctx: SandboxContext, t: Task, snap: Snapshot): number {
  const wall = ctx.tasks.wallOf(t, snap.stageSinceTaskMs)
  return MS_FAMILIES.includes(t.family) ? wall : sec(wall)
}

export function completedAt(ctx: SandboxContext, t: Task, snap: Snapshot): number {
  return snap.done ? sec(ctx.tasks.wallOf(t, snap.stageSinceTaskMs)) : 0
}

/**
 * The task's result URL, fixed when the task is first seen complete so that it really expires later;
 * after that the client has to fall back to /content.
 */
export function resultUrl(ctx: SandboxContext, t: Task, expiredNow: boolean): { url: string; expiresAt: number } {
  if (!t.files.length) {
    t.files.push(
      ctx.files.put({
        id: ctx.ids.alnum(24),
        ext: 'mp4',
        contentType: 'video/mp4',
        owner: t.owner,
        faults: t.resultFaults,
        load: () => sampleVideo(t.seed, { portrait: asksPortrait(t.input) })
      })
    )
  }
  if (t.extra.url === undefined || expiredNow) {
    const expired = t.expiredUrls || expiredNow
    t.extra.url = ctx.files.url(t.files[0], { expired })
    t.extra.urlExpires = expired ? ctx.clock.wallSec() - 60 : ctx.files.expiryFromNow()
  }
  return { url: String(t.extra.url), expiresAt: Number(t.extra.urlExpires) }
}

export interface ViewOpts {
  /** `expired-url` on the query request: hand out an already expired address. */
  expiredUrl: boolean
}

/** Progress as the family reports it on the unified query: an integer, or an "N%" string. */
function queryProgress(t: Task, snap: Snapshot): number | string {
  return t.family === 'jm' ? `${snap.progress}%` : snap.progress
}

function input(t: Task): Body {
  const i = t.input
  return { aspect_ratio: i.aspect_ratio ?? null, images: i.images ?? [], model: t.model, prompt: i.prompt ?? '' }
}

/** `POST /v1/video/create`, second family (type 2). */
export function unifiedCreate2(ctx: SandboxContext, t: Task): Body {
  const snap = settle(ctx, t)
  return {
    id: t.id,
    object: 'video',
    model: t.model,
    status: statusWord(t.family, snap.stage),
    progress: snap.progress,
    created_at: sec(t.createdWallMs),
    size: t.extra.size,
    detail: { input: input(t) },
    status_update_time: statusUpdateTime(ctx, t, snap)
  }
}

/** `GET /v1/video/query`: one shape for every unified family, with the family's quirks. */
export function queryView(ctx: SandboxContext, t: Task, o: ViewOpts): Body {
  const snap = settle(ctx, t)
  const status = statusWord(t.family, snap.stage)
  const done = snap.stage === 'succeeded'
  const url = done ? resultUrl(ctx, t, o.expiredUrl).url : ''
  const detail: Body = {
    input: input(t),
    task_id: t.bareId,
    status,
    upstream: { provider: 'sandbox', family: t.family }
  }
  const body: Body = {
    // The jm family answers with the bare id; poll with the id create returned anyway.
    id: t.family === 'jm' ? t.bareId : t.id,
    object: 'video',
    model: t.model,
    status,
    progress: queryProgress(t, snap),
    created_at: sec(t.createdWallMs),
    size: t.extra.size,
    detail,
    video_url: t.family === 'jm' ? '' : url,
    status_update_time: statusUpdateTime(ctx, t, snap),
    completed_at: completedAt(ctx, t, snap)
  }
  if (done && t.family === 'vo3') detail.url = url
  if (done && t.family === 'jm') body.output = { url }
  if (snap.done && snap.stage !== 'succeeded') body.error = t.failure ?? { message: 'failed', code: '' }
  return body
}

/** `GET /v1/videos/{id}` (and the create answer of `POST /v1/videos`). */
export function videoObject(ctx: SandboxContext, t: Task, o: ViewOpts): Body {
  const snap = settle(ctx, t)
  const done = snap.stage === 'succeeded'
  const body: Body = {
    id: t.id,
    object: 'video',
    model: String(t.extra.billedModel ?? t.model),
    status: statusWord(t.family, snap.stage),
    progress: snap.progress,
    created_at: sec(t.createdWallMs),
    size: t.extra.size,
    seconds: String(t.extra.seconds),
    quality: t.extra.quality ?? 'standard'
  }
  if (t.family === 'kl') body.task_id = t.id
  if (t.extra.remixedFrom) body.remixed_from_video_id = t.extra.remixedFrom
  const link = done ? resultUrl(ctx, t, o.expiredUrl) : null
  if (t.family === 'kl') {
    // Vanilla shape: completion fields only once finished.
    if (snap.done) body.completed_at = completedAt(ctx, t, snap)
    if (link) {
      body.expires_at = link.expiresAt
      body.video_url = link.url
      body.metadata = { url: link.url }
    }
  } else {
    // Reseller passthrough shape: placeholders before completion.
    body.completed_at = completedAt(ctx, t, snap)
    body.expires_at = link ? link.expiresAt : 0
    if (t.family === 'gk') {
      if (link) body.url = link.url
    } else body.video_url = link ? link.url : ''
  }
  if (snap.done && snap.stage !== 'succeeded') body.error = t.failure ?? { message: 'failed', code: '' }
  return body
}

/** The remix answers (`/v1/videos/{id}/remix`, `/v1/video/remix`). */
export function remixView(ctx: SandboxContext, t: Task): Body {
  const snap = settle(ctx, t)
  return { id: t.id, status: statusWord(t.family, snap.stage), status_update_time: statusUpdateTime(ctx, t, snap) }
}

/** ISO 8601 with the +08:00 offset the first family's upstream uses. */
export function isoPlus8(ms: number): string {
  const d = new Date(ms + 8 * 3600 * 1000)
  return d.toISOString().replace(/Z$/, '+08:00')
}
