/** Host data of the Images area in TanStack Query: jobs and gallery pages, kept fresh by host events. */
import { useInfiniteQuery, useQuery, type QueryClient } from '@tanstack/react-query'
import { studio } from '@renderer/lib/studio'
import type { GalleryExcerpt, GalleryFilter, GalleryItem, GallerySearchCursor, ImageJob } from '@shared/domain/images'

export const GALLERY_PAGE = 200

export const imageKeys = {
  all: ['images'] as const,
  jobs: () => ['images', 'jobs'] as const,
  galleries: () => ['images', 'gallery'] as const,
  gallery: (filter: GalleryFilter) => ['images', 'gallery', filter] as const,
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
  next: number | GallerySearchCursor | undefined
}

/**
 * Gallery pages. Without a query: newest first, the next page starting before the oldest item seen.
 * With one: the host's ranked search, best first, each page after the last one's cursor.
 */
export function useGallery(filter: GalleryFilter) {
  const query = filter.query?.trim()
  return useInfiniteQuery({
    queryKey: imageKeys.gallery(filter),
    queryFn: async ({ pageParam }): Promise<GalleryPage> => {
      if (query) {
        const after = typeof pageParam === 'object' ? { after: pageParam } : {}
        const page = await studio.images.searchGallery({ filter: { ...filter, query }, limit: GALLERY_PAGE, ...after })
        return { ...page, next: page.next ?? undefined }
      }
      const page = await studio.images.listGallery({ filter, limit: GALLERY_PAGE, ...(typeof pageParam === 'number' ? { before: pageParam } : {}) })
      return { ...page, next: page.items.length < GALLERY_PAGE ? undefined : page.items[page.items.length - 1].createdAt }
    },
    initialPageParam: undefined as number | GallerySearchCursor | undefined,
    getNextPageParam: (last) => last.next
  })
}

export function useGalleryItem(id: string | null) {
  return useQuery({ queryKey: imageKeys.item(id ?? ''), queryFn: () => studio.images.getItem({ id: id! }), enabled: id !== null })
}

/** A job's newest state replaces its old one; new jobs go first. */
export function upsertJob(queryClient: QueryClient, job: ImageJob): void {
  queryClient.setQueryData<{ jobs: ImageJob[] }>(imageKeys.jobs(), (old) => {
    const jobs = old?.jobs ?? []
    const i = jobs.findIndex((j) => j.jobId === job.jobId)
    return { jobs: i < 0 ? [job, ...jobs] : jobs.map((j, k) => (k === i ? job : j)) }
  })
}

/** An item changed (favourite): every cached page showing it gets the new copy. */
export function replaceItem(queryClient: QueryClient, item: GalleryItem): void {
  queryClient.setQueryData(imageKeys.item(item.id), item)
  queryClient.setQueriesData<{ pages: { items: GalleryItem[]; total: number }[]; pageParams: unknown[] }>({ queryKey: imageKeys.galleries() }, (old) =>
    old ? { ...old, pages: old.pages.map((p) => ({ ...p, items: p.items.map((x) => (x.id === item.id ? item : x)) })) } : old
  )
}
