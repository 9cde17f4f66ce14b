import { useQueryClient } from '@tanstack/react-query'
import { useEffect } from 'react'
import { studio } from '@renderer/lib/studio'
import { versionKeys } from '@renderer/lib/versions'
import { imageKeys, upsertJob } from './queries'

/** Host events into the cache while the Images area is open; renders nothing. */
export function ImagesSync() {
  const queryClient = useQueryClient()
  useEffect(() => {
    const api = studio.images
    const offJob = api.onJobUpdated((job) => upsertJob(queryClient, job))
    const offGallery = api.onGalleryChanged(({ ids }) => {
      void queryClient.invalidateQueries({ queryKey: imageKeys.galleries() })
      for (const id of ids) void queryClient.invalidateQueries({ queryKey: imageKeys.item(id) })
      // A new, picked or deleted version changes its picture's tree.
      void queryClient.invalidateQueries({ queryKey: versionKeys.all })
    })
    return () => {
      offJob()
      offGallery()
    }
  }, [queryClient])
  return null
}
