import type { QueueImages } from '../queue/queue-ports'
import type { ImageService, StagedEdit } from './image-service'

/**
 * The image service as the queue sends through it: every call names the item's own profile, so a
 * queued create goes out with that profile's key and address whichever profile is active then.
 */
export function queueImagesPort(images: ImageService): QueueImages {
  return {
    generate: (req, jobId, as) => images.generate(req, jobId, as),
    planNative: (req, profileId) => images.planNative(req, profileId),
    native: (req, jobId, as) => images.submitNative(req, jobId, as),
    stageEdit: (req, jobId, opts) => images.stageEdit(req, jobId, opts),
    // `staged` is the image service's own StagedEdit, kept by the queue as JSON; its job id is the item's.
    edit: (req, staged, jobId, as) => images.sendEdit(req, { ...(staged as StagedEdit), jobId }, as),
    discardEdit: (staged) => images.discardEdit(staged as StagedEdit),
    variations: (itemId, count) => images.variations(itemId, count),
    jobState: (jobId) => images.jobState(jobId)
  }
}
