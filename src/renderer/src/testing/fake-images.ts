/**
 * The images half of the fake host: jobs and gallery items in memory, plus helpers a test uses to
 * play the host's part (a job's updates until one terminal status, gallery changes).
 */
import type { InvokeChannel } from '@shared/contract'
import type { GalleryFilter, GalleryItem, ImageJob } from '@shared/domain/images'
import { StudioError } from '@shared/errors'
import type { FakeHandler } from './fake-host'

type ImagesChannel = Extract<InvokeChannel, `images:${string}`>
type ImagesHandlers = { [C in ImagesChannel]: FakeHandler<C> }
type Emit = (event: 'images:job-updated' | 'images:gallery-changed', payload: never) => void

const BASE_TIME = Date.UTC(2026, 0, 5, 9, 0, 0)

export function galleryItem(overrides: Partial<GalleryItem> = {}): GalleryItem {
  const id = overrides.id ?? 'img-1'
  return {
    id,
    url: `/media/${id}`,
    width: 1024,
    height: 1024,
    format: 'png',
    bytes: 123_456,
    createdAt: BASE_TIME,
    origin: 'generate',
    profileId: 'sandbox',
    model: 'imagegen-4.0',
    prompt: 'a lighthouse at dusk',
    params: {},
    favorite: false,
    ...overrides
  }
}

function matches(item: GalleryItem, f: GalleryFilter | undefined): boolean {
  if (!f) return true
  if (f.query && !item.prompt.toLowerCase().includes(f.query.toLowerCase())) return false
  if (f.model && item.model !== f.model) return false
  if (f.origin && item.origin !== f.origin) return false
  return !(f.favorite && !item.favorite)
}

/** The host's gallery order: newest first, then id. */
function newestFirst(a: Pick<GalleryItem, 'createdAt' | 'id'>, b: Pick<GalleryItem, 'createdAt' | 'id'>): number {
  return b.createdAt - a.createdAt || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0)
}

export class FakeImages {
  items: GalleryItem[] = []
  jobs: ImageJob[] = []
  private seq = 0

  constructor(private readonly emitEvent: Emit) {}

  /** `count` items, newest first by createdAt, prompts "prompt 0".. */
  seed(count: number, make: (i: number) => Partial<GalleryItem> = () => ({})): GalleryItem[] {
    this.items = Array.from({ length: count }, (_, i) =>
      galleryItem({ id: `img-${i}`, prompt: `prompt ${i}`, createdAt: BASE_TIME - i * 1000, ...make(i) })
    )
    return this.items
  }

  /** Plays the host: the job's next state, as the images:job-updated event. */
  update(jobId: string, patch: Partial<ImageJob>): ImageJob {
    const i = this.jobs.findIndex((j) => j.jobId === jobId)
    if (i < 0) throw new Error(`no job ${jobId}`)
    const job = { ...this.jobs[i], ...patch }
    this.jobs[i] = job
    for (const item of patch.items ?? []) if (!this.items.some((x) => x.id === item.id)) this.items.unshift(item)
    this.emitEvent('images:job-updated', job as never)
    if (patch.items?.length) this.emitEvent('images:gallery-changed', { ids: patch.items.map((x) => x.id) } as never)
    return job
  }

  lastJob(): ImageJob {
    const job = this.jobs[0]
    if (!job) throw new Error('no job yet')
    return job
  }

  private start(kind: ImageJob['kind']): ImageJob {
    this.seq += 1
    const job: ImageJob = {
      jobId: `job-${this.seq}`,
      kind,
      status: 'running',
      createdAt: BASE_TIME + this.seq,
      items: [],
      warnings: []
    }
    this.jobs.unshift(job)
    return job
  }

  private find(id: string): GalleryItem {
    const item = this.items.find((x) => x.id === id)
    if (!item) throw new StudioError('NOT_FOUND', 'That image no longer exists', { field: 'id' })
    return item
  }

  handlers(): ImagesHandlers {
    return {
      'images:generate': () => structuredClone(this.start('generate')),
      'images:submit-native': () => structuredClone(this.start('native')),
      'images:edit': () => structuredClone(this.start('edit')),
      // Copies, as the real bridge serialises: the cache must never share an array the fake mutates.
      'images:list-jobs': () => ({ jobs: structuredClone(this.jobs) }),
      'images:list-gallery': (input) => {
        const all = this.items.filter((x) => matches(x, input?.filter)).sort(newestFirst)
        const limit = input?.limit ?? 100
        const c = input?.cursor
        // The host's keyset on (date, id), either way from a loaded item; or from a date.
        const key = (x: GalleryItem) => (c ? newestFirst(x, { createdAt: c.createdAt, id: c.id }) : 0)
        if (c?.toward === 'newer') {
          const newer = all.filter((x) => key(x) < 0)
          return { items: newer.slice(-limit), total: all.length, older: true, newer: newer.length > limit }
        }
        const { before, from } = input ?? {}
        const rest = all.filter((x) =>
          c ? key(x) > 0 : from !== undefined ? x.createdAt <= from : before === undefined || x.createdAt < before
        )
        const page = rest.slice(0, limit)
        return {
          items: page,
          total: all.length,
          older: rest.length > limit,
          newer: page.length > 0 && all.indexOf(page[0]) > 0
        }
      },
      'images:gallery-months': (input) => {
        const months = new Map<string, { month: string; count: number; newest: number }>()
        for (const x of this.items.filter((i) => matches(i, input?.filter)).sort(newestFirst)) {
          const d = new Date(x.createdAt)
          const month = `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}`
          const m = months.get(month) ?? { month, count: 0, newest: x.createdAt }
          m.count += 1
          months.set(month, m)
        }
        return { months: [...months.values()] }
      },
      'images:get-items': ({ ids }) => ({ items: structuredClone(this.items.filter((x) => ids.includes(x.id))) }),
      // Ranked as the host ranks in spirit: more occurrences first, then newest; keyset on (score, date, id).
      'images:search-gallery': ({ filter, after, limit = 60 }) => {
        const q = filter.query.toLowerCase()
        const score = (x: GalleryItem) => -x.prompt.toLowerCase().split(q).length + 1
        const ranked = this.items
          .filter((x) => matches(x, filter))
          .map((x) => ({ x, score: score(x) }))
          .sort((a, b) => a.score - b.score || b.x.createdAt - a.x.createdAt || (a.x.id < b.x.id ? 1 : -1))
        const start = after ? ranked.findIndex((r) => r.x.id === after.id) + 1 : 0
        const page = ranked.slice(start, start + limit)
        const last = page.at(-1)
        return {
          items: page.map((r) => r.x),
          excerpts: page.map(({ x }) => {
            const at = x.prompt.toLowerCase().indexOf(q)
            return { id: x.id, match: x.prompt, matchMarks: [[at, at + q.length] as [number, number]] }
          }),
          total: ranked.length,
          next:
            last && start + limit < ranked.length
              ? { score: last.score, createdAt: last.x.createdAt, id: last.x.id }
              : null
        }
      },
      'images:get-item': ({ id }) => this.find(id),
      'images:update-item': ({ id, favorite }) => {
        const next = { ...this.find(id), favorite }
        this.items = this.items.map((x) => (x.id === id ? next : x))
        return next
      },
      'images:delete-item': ({ id }) => {
        this.find(id)
        this.items = this.items.filter((x) => x.id !== id)
        this.emitEvent('images:gallery-changed', { ids: [id] } as never)
        return {}
      },
      'images:delete-items': ({ ids }) => {
        const gone = this.items.filter((x) => ids.includes(x.id))
        this.items = this.items.filter((x) => !ids.includes(x.id))
        if (gone.length) this.emitEvent('images:gallery-changed', { ids } as never)
        return { deleted: gone.length }
      },
      'images:export-item': ({ id }) => ({
        saved: false,
        downloadUrl: `/download/${this.find(id).id}`,
        fileName: `${id}.png`
      }),
      'images:more-like-this': ({ id, count }) => {
        this.find(id)
        return { groupId: `group-${id}`, jobIds: Array.from({ length: count }, () => this.start('generate').jobId) }
      },
      'images:import-file': ({ fileId }) => {
        this.seq += 1
        const item: GalleryItem = {
          id: `imported-${this.seq}`,
          url: `/media/imported-${this.seq}`,
          width: 64,
          height: 48,
          format: 'png',
          bytes: 100,
          createdAt: BASE_TIME + this.seq,
          origin: 'import',
          profileId: 'sandbox',
          model: '',
          prompt: '',
          params: { fileId },
          favorite: false
        }
        this.items.unshift(item)
        this.emitEvent('images:gallery-changed', { ids: [item.id] } as never)
        return item
      },
      'images:protect-outside-mask': ({ id }) => {
        const source = this.find(id)
        this.seq += 1
        const item = {
          ...source,
          id: `protected-${this.seq}`,
          url: `/media/protected-${this.seq}`,
          origin: 'protect' as const,
          parentId: id,
          outsideMaskChange: 0
        }
        this.items.unshift(item)
        return item
      }
    }
  }
}
