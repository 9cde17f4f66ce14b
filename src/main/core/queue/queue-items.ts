import type { QueueHold, QueueItem } from '@shared/contract/queue'
import type { EditRequest, GenerateRequest, NativeTaskRequest } from '@shared/domain/images'
import { FINAL_VIDEO_STATES, type VideoCreateRequest, type VideoRemixRequest } from '@shared/domain/video'
import { StudioError } from '@shared/errors'
import type { ItemEta } from './queue-eta'
import type { QueueDeps } from './queue-ports'
import { isVideo, type QueuedRequest, type Row } from './queue-table'

/** How a row's request is kept and read back, sent, and shown: one place per item kind. */

/** The `request` column: the request itself; an edit's with its staged inputs beside it. */
export function encodeRequest(item: QueuedRequest): string {
  return JSON.stringify(item.kind === 'image-edit' ? { req: item.req, staged: item.staged } : item.req)
}

export function decodeRequest(r: Row): QueuedRequest {
  const req: unknown = JSON.parse(r.request)
  if (r.kind === 'video-create') return { kind: 'video-create', req: req as VideoCreateRequest }
  if (r.kind === 'video-remix') return { kind: 'video-remix', req: req as VideoRemixRequest }
  if (r.kind === 'image-native') return { kind: 'image-native', req: req as NativeTaskRequest }
  if (r.kind === 'image-edit') {
    const { req: edit, staged } = req as { req: EditRequest; staged: unknown }
    return { kind: 'image-edit', req: edit, staged }
  }
  return { kind: 'image', req: req as GenerateRequest }
}

const ORIGIN = { image: 'generate', 'image-native': 'native', 'image-edit': 'edit' } as const

function holdOf(r: Row): QueueHold | undefined {
  if (r.state !== 'held' || !r.hold) return undefined
  try {
    return JSON.parse(r.hold) as QueueHold
  } catch {
    return undefined
  }
}

export function toItem(r: Row, place: number | null, eta?: ItemEta | null): QueueItem {
  const hold = holdOf(r)
  return {
    id: r.id,
    kind: isVideo(r.kind) ? 'video' : 'image',
    ...(r.kind in ORIGIN ? { origin: ORIGIN[r.kind as keyof typeof ORIGIN] } : {}),
    jobId: r.job_id,
    model: r.model,
    prompt: r.prompt,
    state: r.state,
    place,
    ...(r.reason ? { reason: r.reason } : {}),
    ...(hold ? { hold } : {}),
    ...(r.state === 'held' && r.held_by ? { heldBy: r.held_by } : {}),
    ...(eta !== undefined ? { eta } : {}),
    createdAt: r.created_at
  }
}

function missing(what: string): StudioError {
  return new StudioError('CONFLICT', `${what} cannot be queued here.`)
}

/** Sends one item under its job id; answers whether it is still running after the create. */
export async function createItem(d: Pick<QueueDeps, 'images' | 'videos'>, item: QueuedRequest, jobId: string): Promise<boolean> {
  const { images } = d
  if (item.kind === 'image') return (await images.generate(item.req, jobId)).status === 'running'
  if (item.kind === 'image-native') {
    if (!images.native) throw missing('Native image tasks')
    return (await images.native(item.req, jobId)).status === 'running'
  }
  if (item.kind === 'image-edit') {
    if (!images.edit) throw missing('Image edits')
    return (await images.edit(item.req, item.staged, jobId)).status === 'running'
  }
  const videos = d.videos
  if (!videos) throw missing('Video tasks')
  const task = item.kind === 'video-create' ? await videos.create(item.req, jobId) : await videos.remix(item.req, jobId)
  return !FINAL_VIDEO_STATES.includes(task.state)
}
