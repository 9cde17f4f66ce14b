/** Host data of the Images area in TanStack Query: jobs and gallery pages, kept fresh by host events. */
import { infiniteQueryOptions, useInfiniteQuery, useQuery, type QueryClient } from '@tanstack/react-query'
import { studio } from '@renderer/lib/studio'
import type { GalleryPageCursor } from '@shared/domain/gallery-timeline'
import type { GalleryExcerpt, GalleryFilter, GalleryItem, GallerySearchCursor, ImageJob } from '@shared/domain/images'
import { patchPages, type Pages } from './gallery/gallery-patch'

export const GALLERY_PAGE = 200
/**
 * Pages a browsing gallery holds at most (TanStack's maxPages): one scrolled through a year keeps the
 * pages around where it is, not all 50,000 items; the pages it dropped load again either way.
 */
export const GALLERY_MAX_PAGES = 5

export const imageKeys = {
  all: ['images'] as const,
  jobs: () => ['images', 'jobs'] as const,
  galleries: () => ['images', 'gallery'] as const,
  gallery: (filter: GalleryFilter) => ['images', 'gallery', filter] as const,
  /** The gallery from its newest item (`from` undefined) or from a date the timeline jumped to. */
  galleryFrom: (filter: GalleryFilter, from: number | undefined) =>
    ['images', 'gallery', filter, from ?? null] as const,
  gallerySearch: (filter: GalleryFilter) => ['images', 'gallery', filter, 'search'] as const,
  months: (filter: GalleryFilter) => ['images', 'months', filter] as const,
  item: (id: string) => ['images', 'item', id] as const
}

export function useJobs() {
  return useQuery({ queryKey: imageKeys.jobs(), queryFn: () => studio.images.listJobs(), select: (d) => d.jobs })
}

/** One page of the gallery as the grid shows it: a search's pages also carry where each item matched. */
export interface GalleryPage {
  items: GalleryItem[]
  total: number
  excerpts?: GalleryExcerpt[]
  next: GallerySearchCursor | undefined
  /** Browse pages: whether items lie past the page toward older / newer ones. */
  older?: boolean
  newer?: boolean
}

/** Where a browse page starts: from the top, a date (a timeline jump), or next to a loaded item. */
export type BrowseParam = { from?: number; cursor?: GalleryPageCursor } | undefined

const edge = (item: GalleryItem | undefined, toward: GalleryPageCursor['toward']): BrowseParam =>
  item ? { cursor: { createdAt: item.createdAt, id: item.id, toward } } : undefined

/** Browsing (no search): newest first from the top or from `from`, pages loaded either way and at most GALLERY_MAX_PAGES kept. */
export function browseOptions(filter: GalleryFilter, from: number | undefined) {
  return infiniteQueryOptions({
    queryKey: imageKeys.galleryFrom(filter, from),
    queryFn: async ({ pageParam }): Promise<GalleryPage> => {
      const page = await studio.images.listGallery({ filter, limit: GALLERY_PAGE, ...pageParam })
      return {
        items: page.items,
        total: page.total,
        next: undefined,
        older: page.older ?? page.items.length === GALLERY_PAGE,
        newer: page.newer ?? false
      }
    },
    initialPageParam: (from === undefined ? undefined : { from }) as BrowseParam,
    getNextPageParam: (last) => (last.older ? edge(last.items.at(-1), 'older') : undefined),
    getPreviousPageParam: (first) => (first.newer ? edge(first.items[0], 'newer') : undefined),
    maxPages: GALLERY_MAX_PAGES
  })
}

/** A search: the host's ranking, best first, each page after the last one's cursor. */
export function searchOptions(filter: GalleryFilter, query: string) {
  return infiniteQueryOptions({
    queryKey: imageKeys.gallerySearch(filter),
    queryFn: async ({ pageParam }): Promise<GalleryPage> => {
      const page = await studio.images.searchGallery({
        filter: { ...filter, query },
        limit: GALLERY_PAGE,
        ...(pageParam ? { after: pageParam } : {})
      })
      return { ...page, next: page.next ?? undefined }
    },
    initialPageParam: undefined as GallerySearchCursor | undefined,
    getNextPageParam: (last) => last.next
  })
}

/** Gallery pages: a search's ranking, or the timeline from the top or from a month jumped to (`from`). */
export function useGallery(filter: GalleryFilter, from?: number) {
  const query = filter.query?.trim()
  const search = useInfiniteQuery({ ...searchOptions(filter, query ?? ''), enabled: !!query })
  const browse = useInfiniteQuery({ ...browseOptions(filter, from), enabled: !query })
  return query ? search : browse
}

/** The months the filter's items span, newest first, with counts: the timeline beside the gallery. */
export function useGalleryMonths(filter: GalleryFilter) {
  return useQuery({
    queryKey: imageKeys.months(filter),
    queryFn: () => studio.images.galleryMonths({ filter }),
    select: (d) => d.months
  })
}

export function useGalleryItem(id: string | null) {
  return useQuery({
    queryKey: imageKeys.item(id ?? ''),
    queryFn: () => studio.images.getItem({ id: id! }),
    enabled: id !== null
  })
}

/** A job's newest state replaces its old one; new jobs go first. */
export function upsertJob(queryClient: QueryClient, job: ImageJob): void {
  queryClient.setQueryData<{ jobs: ImageJob[] }>(imageKeys.jobs(), (old) => {
    const jobs = old?.jobs ?? []
    const i = jobs.findIndex((j) => j.jobId === job.jobId)
    return { jobs: i < 0 ? [job, ...jobs] : jobs.map((j, k) => (k === i ? job : j)) }
  })
}

/** An item changed (favourite): every cached page showing it gets the new copy, and a view it no longer fits drops it. */
export function replaceItem(queryClient: QueryClient, item: GalleryItem): void {
  applyGalleryChange(queryClient, [item.id], [item])
}

/**
 * A change of `ids` (`items`: those still in the gallery, as the host has them now) applied in place
 * to every gallery query in the cache and to the item queries (gallery-patch.ts): no page is fetched
 * again. The months are asked for again (one small answer): their counts moved.
 */
export function applyGalleryChange(
  queryClient: QueryClient,
  ids: readonly string[],
  items: readonly GalleryItem[]
): void {
  const found = new Map(items.map((i) => [i.id, i]))
  for (const id of ids) {
    const item = found.get(id)
    if (item) queryClient.setQueryData(imageKeys.item(id), item)
    else queryClient.removeQueries({ queryKey: imageKeys.item(id), exact: true })
  }
  for (const query of queryClient.getQueryCache().findAll({ queryKey: imageKeys.galleries() })) {
    const [, , filter, start] = query.queryKey as readonly [string, string, GalleryFilter, unknown]
    if (!query.state.data) continue
    queryClient.setQueryData<Pages<GalleryPage>>(query.queryKey, (old) =>
      old ? patchPages(old, filter, ids, items, start === 'search') : old
    )
  }
  void queryClient.invalidateQueries({ queryKey: ['images', 'months'] })
}
