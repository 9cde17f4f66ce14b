import type { CompareCellState } from '@shared/domain/compare'
import { generateFamilyProblems, generateProblems } from '@shared/domain/image-rules'
import type { GalleryItem, GenerateRequest, ImageJob } from '@shared/domain/images'
import type { CellLive, ComparePort } from '../compare/compare-port'
import type { ImageService } from './image-service'

const STATE: Record<ImageJob['status'], CompareCellState> = {
  running: 'running',
  done: 'done',
  failed: 'failed',
  cancelled: 'failed',
  'outcome-unknown': 'outcome-unknown'
}

function liveOf(job: ImageJob): CellLive {
  return {
    state: STATE[job.status],
    progress: null,
    ...(job.progressNote ? { note: job.progressNote } : {}),
    startedAt: job.createdAt,
    ...(job.error ? { error: job.error } : {}),
    itemIds: job.items.map((i) => i.id)
  }
}

/** Image cells of a compare run: one `images.generate` each, under the job id the run recorded. */
export function imageComparePort(images: ImageService): ComparePort<GenerateRequest> {
  // Jobs seen since start (the service's list at start, then its events); the journal keeps the same.
  const seen = new Map<string, ImageJob>()
  for (const job of images.listJobs().jobs) seen.set(job.jobId, job)
  return {
    problems: (req, names) => [...generateProblems(req), ...generateFamilyProblems(req, names)],
    describe: (req) => ({ model: req.model, family: req.family, prompt: req.prompt }),
    forProfile: (req) => req,
    newRef: () => images.gallery.newId(),
    start: async (req, ref) => {
      const job = await images.generate(req, ref)
      seen.set(job.jobId, job)
      return job
    },
    live: (ref) => {
      const job = seen.get(ref)
      return job ? liveOf(job) : undefined
    },
    fromEvent: (...[name, job]) => {
      if (name !== 'images:job-updated') return null
      seen.set(job.jobId, job)
      return { ref: job.jobId, live: liveOf(job) }
    },
    results: (cell) => {
      const items: GalleryItem[] = []
      for (const id of cell.itemIds ?? []) {
        try {
          items.push(images.gallery.get(id))
        } catch {
          // Deleted from the gallery since: the cell shows without it.
        }
      }
      return { items }
    },
    keep: async (cell) => {
      for (const id of cell.itemIds ?? []) {
        try {
          await images.actions.setFavorite(id, true)
        } catch {
          // Deleted since: nothing to mark.
        }
      }
    }
  }
}
