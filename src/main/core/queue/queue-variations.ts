import { StudioError } from '@shared/errors'
import type { QueueImages } from './queue-ports'
import type { ItemTag, QueuedRequest } from './queue-table'

/** One variation ready to queue: what it sends, the job id it is journaled under, the model it is priced by. */
export interface PlannedVariation {
  item: QueuedRequest
  jobId: string
  model?: string
}

/**
 * "More like this" as queue items: `count` requests rebuilt from gallery item `itemId` (a fresh seed
 * where the family takes one), each with its own job id, tagged with the group. All are checked (an
 * edit's inputs copied into the library) before any is queued; one that fails leaves nothing behind.
 */
export async function planVariations(
  images: QueueImages,
  o: { itemId: string; count: number; profileId: string; tag: ItemTag; jobId: () => string }
): Promise<PlannedVariation[]> {
  if (!images.variations) throw new StudioError('CONFLICT', 'Variations cannot be queued here.')
  const wanted = images.variations(o.itemId, o.count)
  const out: PlannedVariation[] = []
  const { planNative, native, stageEdit, edit } = images
  try {
    for (const v of wanted) {
      const jobId = o.jobId()
      if (v.kind === 'generate') out.push({ item: { kind: 'image', req: v.req, tag: o.tag }, jobId })
      else if (v.kind === 'native') {
        if (!planNative || !native) throw new StudioError('CONFLICT', 'Native image tasks cannot be queued here.')
        out.push({
          item: { kind: 'image-native', req: v.req, tag: o.tag },
          jobId,
          model: (await planNative(v.req, o.profileId)).model
        })
      } else {
        if (!stageEdit || !edit) throw new StudioError('CONFLICT', 'Image edits cannot be queued here.')
        // The mask the library kept of the original edit, copied for each variation under its own job id.
        const staged = await stageEdit(v.req, jobId, {
          profileId: o.profileId,
          ...(v.maskFile ? { maskFile: v.maskFile } : {})
        })
        out.push({ item: { kind: 'image-edit', req: v.req, staged, tag: o.tag }, jobId })
      }
    }
  } catch (e) {
    for (const p of out) if (p.item.kind === 'image-edit') await images.discardEdit?.(p.item.staged).catch(() => {})
    throw e
  }
  return out
}
