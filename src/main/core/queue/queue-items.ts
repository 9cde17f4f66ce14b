import type { QueueHold, QueueItem } from '@shared/contract/queue'
import type { EditRequest, GenerateRequest, NativeTaskRequest } from '@shared/domain/images'
import { FINAL_VIDEO_STATES, type VideoCreateRequest, type VideoRemixRequest } from '@shared/domain/video'
import { StudioError } from '@shared/errors'
import type { ItemEta } from './queue-eta'
import type { QueueDeps } from './queue-ports'
import { isVideo, type ItemTag, type QueuedRequest, type Row } from './queue-table'

/** How a row's request is kept and read back, sent, and shown: one place per item kind. */

/** The `request` column: the request itself; an edit's with its staged inputs beside it. */
export function encodeRequest(item: QueuedRequest): string {
  return JSON.stringify(item.kind === 'image-edit' ? { req: item.req, staged: item.staged } : item.req)
}

/** The `tag` column: an image item's extra parameters (a variation's group), or null. */
export function encodeTag(item: QueuedRequest): string | null {
  return 'tag' in item && item.tag ? JSON.stringify(item.tag) : null
}

export function decodeRequest(r: Row): QueuedRequest {
  const req: unknown = JSON.parse(r.request)
  if (r.kind === 'video-create') return { kind: 'video-create', req: req as VideoCreateRequest }
  if (r.kind === 'video-remix') return { kind: 'video-remix', req: req as VideoRemixRequest }
  const tag = r.tag ? { tag: JSON.parse(r.tag) as ItemTag } : {}
  if (r.kind === 'image-native') return { kind: 'image-native', req: req as NativeTaskRequest, ...tag }
  if (r.kind === 'image-edit') {
    const { req: edit, staged } = req as { req: EditRequest; staged: unknown }
    return { kind: 'image-edit', req: edit, staged, ...tag }
  }
  return { kind: 'image', req: req as GenerateRequest, ...tag }
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

/**
 * Sends one item under its job id, as the profile it was queued under (`profileId`: its key and
 * address, whichever profile is active now); answers whether it is still running after the create.
 */
export async function createItem(
  d: Pick<QueueDeps, 'images' | 'videos'>,
  item: QueuedRequest,
  jobId: string,
  profileId: string
): Promise<boolean> {
  const { images } = d
  const as = { profileId, ...(item.kind.startsWith('image') && 'tag' in item && item.tag ? { tag: item.tag } : {}) }
  if (item.kind === 'image') return (await images.generate(item.req, jobId, as)).status === 'running'
  if (item.kind === 'image-native') {
    if (!images.native) throw missing('Native image tasks')
    return (await images.native(item.req, jobId, as)).status === 'running'
  }
  if (item.kind === 'image-edit') {
    if (!images.edit) throw missing('Image edits')
    return (await images.edit(item.req, item.staged, jobId, as)).status === 'running'
  }
  const videos = d.videos
  if (!videos) throw missing('Video tasks')
  let task
  if (item.kind === 'video-create') {
    // Kept without a profile by older versions: the item's own profile, never the active one.
    task = await videos.create({ ...item.req, profileId }, jobId)
  } else {
    // A remix runs on its source's profile; one that is no longer the item's is not sent as another.
    if (videos.remixProfile(item.req) !== profileId)
      throw new StudioError('NOT_FOUND', 'The source task is no longer on the board under this profile.', {
        field: 'sourceId'
      })
    task = await videos.remix(item.req, jobId)
  }
  return !FINAL_VIDEO_STATES.includes(task.state)
}
