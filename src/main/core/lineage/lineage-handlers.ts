import type { LineageNode, ResultRef } from '@shared/domain/lineage'
import type { VideoTask } from '@shared/domain/video'
import { StudioError } from '@shared/errors'
import type { GalleryStore } from '../images/gallery-store'
import type { Handlers } from '../ipc/dispatcher'
import type { EventHub } from '../ipc/event-hub'
import { extractFrame, type FrameDeps } from './frame-extract'
import type { LineageStore } from './lineage-store'

type LineageChannel = Extract<keyof Handlers, `lineage:${string}`>

export interface LineageHandlerDeps {
  lineage: LineageStore
  gallery: Pick<GalleryStore, 'record' | 'view' | 'libraryDir' | 'newId' | 'add'>
  video: { get(id: string): VideoTask }
  files: FrameDeps['files']
  emit: EventHub['emit']
}

/** What a result is now, from its own store (null once deleted). */
export function resolveNode(d: Pick<LineageHandlerDeps, 'gallery' | 'video'>, ref: ResultRef): LineageNode | null {
  try {
    if (ref.kind === 'image') {
      const item = d.gallery.view(d.gallery.record(ref.id))
      return {
        kind: 'image',
        id: item.id,
        exists: true,
        prompt: item.prompt,
        model: item.model,
        thumbUrl: item.url,
        createdAt: item.createdAt
      }
    }
    const task = d.video.get(ref.id)
    return {
      kind: 'video',
      id: task.id,
      exists: true,
      prompt: task.prompt,
      model: task.returnedModel ?? task.model,
      ...(task.result?.posterUrl ? { thumbUrl: task.result.posterUrl } : {}),
      ...(task.result ? { videoUrl: task.result.mediaUrl } : {}),
      createdAt: task.createdAt
    }
  } catch {
    return null
  }
}

/** lineage:* channels: read a result's lineage; extract a video frame into the gallery. */
export function createLineageHandlers(d: LineageHandlerDeps): Pick<Handlers, LineageChannel> {
  return {
    'lineage:get': (ref) => d.lineage.lineage(ref, (r) => resolveNode(d, r)),
    'lineage:versions': ({ id }) => {
      d.gallery.record(id)
      return d.lineage.versions(id, (r) => resolveNode(d, r))
    },
    'lineage:pick-version': ({ id }) => {
      const of = d.gallery.record(id).params.variationOf
      if (typeof of !== 'string')
        throw new StudioError('INVALID_INPUT', 'Only an image made by "More like this" can be picked as a version.', {
          field: 'id'
        })
      d.lineage.pickVariation(id, of)
      d.emit('images:gallery-changed', { ids: [id] })
      return d.lineage.versions(id, (r) => resolveNode(d, r))
    },
    'lineage:extract-frame': async (input) => {
      const item = await extractFrame({ gallery: d.gallery, video: d.video, files: d.files, lineage: d.lineage }, input)
      d.emit('images:gallery-changed', { ids: [item.id] })
      return item
    }
  }
}
