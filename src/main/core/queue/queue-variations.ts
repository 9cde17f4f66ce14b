import { StudioError } from '@shared/errors'
import { varyRequest } from '../images/variations'
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
  if (!images.variationPlan) throw new StudioError('CONFLICT', 'Variations cannot be queued here.')
  const plan = images.variationPlan(o.itemId)
  const out: PlannedVariation[] = []
  if (plan.kind === 'generate') {
    for (let i = 0; i < o.count; i++) out.push({ item: { kind: 'image', req: varyRequest(plan.request, plan.family), tag: o.tag }, jobId: o.jobId() })
    return out
  }
  if (plan.kind === 'native') {
    if (!images.planNative || !images.native) throw new StudioError('CONFLICT', 'Native image tasks cannot be queued here.')
    const { model } = await images.planNative(plan.request, o.profileId)
    for (let i = 0; i < o.count; i++) out.push({ item: { kind: 'image-native', req: varyRequest(plan.request, plan.family), tag: o.tag }, jobId: o.jobId(), model })
    return out
  }
  const { stageEdit, edit } = images
  if (!stageEdit || !edit) throw new StudioError('CONFLICT', 'Image edits cannot be queued here.')
  try {
    for (let i = 0; i < o.count; i++) {
      const req = varyRequest(plan.request, plan.family)
      const jobId = o.jobId()
      // The mask the library kept of the original edit, copied for each variation under its own job id.
      const staged = await stageEdit(req, jobId, { profileId: o.profileId, ...(plan.maskFile ? { maskFile: plan.maskFile } : {}) })
      out.push({ item: { kind: 'image-edit', req, staged, tag: o.tag }, jobId })
    }
  } catch (e) {
    for (const p of out) if (p.item.kind === 'image-edit') await images.discardEdit?.(p.item.staged).catch(() => {})
    throw e
  }
  return out
}
