import { useQueryClient } from '@tanstack/react-query'
import { useEffect } from 'react'
import { studio } from '@renderer/lib/studio'
import { versionKeys } from '@renderer/lib/versions'
import type { GalleryItem } from '@shared/domain/images'
import { applyGalleryChange, imageKeys, upsertJob } from './queries'

/** Host events into the cache while the Images area is open; renders nothing. */
export function ImagesSync() {
  const queryClient = useQueryClient()
  useEffect(() => {
    const api = studio.images
    const offJob = api.onJobUpdated((job) => upsertJob(queryClient, job))
    // The changed items are asked for by id (one call per slice of the host's limit) and patched
    // into the pages held; every loaded page fetched again would cost more the further one scrolled.
    const offGallery = api.onGalleryChanged(({ ids }) => {
      void changedItems(ids).then(
        (items) => applyGalleryChange(queryClient, ids, items),
        () => queryClient.invalidateQueries({ queryKey: imageKeys.galleries() })
      )
      // A new, picked or deleted version changes its picture's tree (a small query, only while shown).
      void queryClient.invalidateQueries({ queryKey: versionKeys.all })
    })
    return () => {
      offJob()
      offGallery()
    }
  }, [queryClient])
  return null
}

/** The host's limit per get-items call. */
const SLICE = 500

async function changedItems(ids: readonly string[]): Promise<GalleryItem[]> {
  const out: GalleryItem[] = []
  for (let i = 0; i < ids.length; i += SLICE)
    out.push(...(await studio.images.getItems({ ids: ids.slice(i, i + SLICE) })).items)
  return out
}
