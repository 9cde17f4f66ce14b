import type { ImageJob } from '@shared/domain/images'
import type { LineageLink, LineageRelation } from '@shared/domain/lineage'
import { VIDEO_FAMILY, type VideoTask } from '@shared/domain/video'

/**
 * Lineage read off the requests themselves, so no area has to record it: a video create whose
 * references name gallery images, a remix of a task, an image edit (or a protected copy) of a
 * gallery image. Pure: the same request always gives the same links.
 */

/** A gallery reference as the host describes it in a task's parameters (references.ts describeRef). */
function galleryId(ref: unknown): string | null {
  if (!ref || typeof ref !== 'object') return null
  const r = ref as { kind?: unknown; itemId?: unknown }
  return r.kind === 'gallery' && typeof r.itemId === 'string' && r.itemId.length > 0 ? r.itemId : null
}

function list(v: unknown): unknown[] {
  return Array.isArray(v) ? v : []
}

/**
 * Which slot each reference of a create fills, by the body family's fields (spec: `images` holds
 * one image for image-to-video and two for first-and-last-frame; `image` and
 * `metadata.last_frame_url`; repeated `input_reference`).
 */
function slots(task: Pick<VideoTask, 'family' | 'params'>): Array<[unknown, LineageRelation]> {
  const p = task.params
  switch (task.family) {
    case VIDEO_FAMILY.unifiedFirst: {
      const images = list(p.images)
      return images.map((r, i) => [r, i === 0 ? 'first-frame' : 'last-frame'])
    }
    case VIDEO_FAMILY.videosJson:
      return [
        [p.image, 'first-frame'],
        [p.last_frame, 'last-frame']
      ]
    case VIDEO_FAMILY.videosMultipart:
      return list(p.references).map((r) => [r, 'reference'])
    case VIDEO_FAMILY.unifiedSecond:
      return list(p.images).map((r) => [r, 'reference'])
  }
}

/** The links a video task carries: its gallery references, or the task it remixes. */
export function videoLinks(task: Pick<VideoTask, 'id' | 'kind' | 'family' | 'params' | 'remixOf'>): LineageLink[] {
  const child = { kind: 'video' as const, id: task.id }
  if (task.kind === 'remix')
    return task.remixOf ? [{ child, parent: { kind: 'video', id: task.remixOf.id }, relation: 'remix' }] : []
  const out: LineageLink[] = []
  for (const [ref, relation] of slots(task)) {
    const id = galleryId(ref)
    if (id) out.push({ child, parent: { kind: 'image', id }, relation })
  }
  return out
}

/** The links of a finished image job's items: an edit (or protected copy) of a gallery image. */
export function imageLinks(items: ImageJob['items']): LineageLink[] {
  const out: LineageLink[] = []
  for (const item of items) {
    if (!item.parentId || (item.origin !== 'edit' && item.origin !== 'protect')) continue
    out.push({
      child: { kind: 'image', id: item.id },
      parent: { kind: 'image', id: item.parentId },
      relation: item.origin
    })
  }
  return out
}

/** A frame taken from a video at `atSeconds`. */
export function frameLink(itemId: string, videoId: string, atSeconds: number): LineageLink {
  return { child: { kind: 'image', id: itemId }, parent: { kind: 'video', id: videoId }, relation: 'frame', atSeconds }
}
