/** Everything the Images area asks the host to do. Never retried silently (a generation costs money). */
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { studio } from '@renderer/lib/studio'
import type { EditRequest, GenerateRequest, NativeTaskRequest } from '@shared/domain/images'
import { imageKeys, replaceItem, upsertJob } from './queries'

export function useGenerate() {
  const qc = useQueryClient()
  return useMutation({ mutationFn: (req: GenerateRequest) => studio.images.generate(req), onSuccess: (job) => upsertJob(qc, job) })
}

export function useSubmitNative() {
  const qc = useQueryClient()
  return useMutation({ mutationFn: (req: NativeTaskRequest) => studio.images.submitNative(req), onSuccess: (job) => upsertJob(qc, job) })
}

export function useEditImage() {
  const qc = useQueryClient()
  return useMutation({ mutationFn: (req: EditRequest) => studio.images.edit(req), onSuccess: (job) => upsertJob(qc, job) })
}

export function useFavorite() {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: (v: { id: string; favorite: boolean }) => studio.images.updateItem(v),
    onSuccess: (item) => {
      replaceItem(qc, item)
      // A "favourites only" view must drop an item that is no longer one.
      void qc.invalidateQueries({ queryKey: imageKeys.galleries() })
    }
  })
}

export function useDeleteItem() {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: (id: string) => studio.images.deleteItem({ id }),
    onSuccess: () => qc.invalidateQueries({ queryKey: imageKeys.galleries() })
  })
}

export function useExportItem() {
  return useMutation({ mutationFn: (id: string) => studio.images.exportItem({ id }) })
}

export function useProtectOutsideMask() {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: (v: { id: string; featherPx?: number }) => studio.images.protectOutsideMask(v),
    onSuccess: () => qc.invalidateQueries({ queryKey: imageKeys.galleries() })
  })
}

/** The host's limit per call; a larger selection goes in slices of it. */
const DELETE_SLICE = 500

export function useDeleteItems() {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: async (ids: readonly string[]) => {
      let deleted = 0
      for (let i = 0; i < ids.length; i += DELETE_SLICE) deleted += (await studio.images.deleteItems({ ids: ids.slice(i, i + DELETE_SLICE) })).deleted
      return deleted
    },
    onSettled: () => qc.invalidateQueries({ queryKey: imageKeys.galleries() })
  })
}
