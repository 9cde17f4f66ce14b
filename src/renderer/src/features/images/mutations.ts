/** Everything the Images area asks the host to do. Never retried silently (a generation costs money). */
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { queueKey } from '@renderer/components/queue/QueuePanel'
import { studio } from '@renderer/lib/studio'
import type { EditRequest, GenerateRequest, NativeTaskRequest } from '@shared/domain/images'
import { applyGalleryChange, imageKeys, replaceItem, upsertJob } from './queries'

export function useGenerate() {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: (req: GenerateRequest) => studio.images.generate(req),
    onSuccess: (job) => upsertJob(qc, job)
  })
}

/**
 * A native task or an edit goes through the local queue, like a generation: it leaves at once when
 * the profile has room under its image cap, else waits there in order (and spending limits hold it
 * there). The answer is the queue item; its job id is the job it becomes. `letGo`: the form's
 * spending-limit check was already passed by "Send anyway".
 */
export function useSubmitNative() {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: ({ letGo, ...native }: NativeTaskRequest & { letGo?: boolean }) =>
      studio.queue.addNative({ native, ...(letGo ? { letGo } : {}) }),
    onSuccess: () => void qc.invalidateQueries({ queryKey: queueKey })
  })
}

export function useEditImage() {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: ({ letGo, ...edit }: EditRequest & { letGo?: boolean }) =>
      studio.queue.addEdit({ edit, ...(letGo ? { letGo } : {}) }),
    onSuccess: () => void qc.invalidateQueries({ queryKey: queueKey })
  })
}

export function useFavorite() {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: (v: { id: string; favorite: boolean }) => studio.images.updateItem(v),
    // In place; a "favourites only" view drops an item that is no longer one (gallery-patch.ts).
    onSuccess: (item) => replaceItem(qc, item)
  })
}

export function useDeleteItem() {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: (id: string) => studio.images.deleteItem({ id }),
    onSuccess: (_r, id) => applyGalleryChange(qc, [id], [])
  })
}

export function useExportItem() {
  return useMutation({ mutationFn: (id: string) => studio.images.exportItem({ id }) })
}

export function useProtectOutsideMask() {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: (v: { id: string; featherPx?: number }) => studio.images.protectOutsideMask(v),
    onSuccess: (item) => applyGalleryChange(qc, [item.id], [item])
  })
}

/** The host's limit per call; a larger selection goes in slices of it. */
const DELETE_SLICE = 500

export function useDeleteItems() {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: async (ids: readonly string[]) => {
      let deleted = 0
      for (let i = 0; i < ids.length; i += DELETE_SLICE)
        deleted += (await studio.images.deleteItems({ ids: ids.slice(i, i + DELETE_SLICE) })).deleted
      return deleted
    },
    // Deleted ids leave the pages held in place; on a failure part-way the pages are asked for again.
    onSuccess: (_n, ids) => applyGalleryChange(qc, ids, []),
    onError: () => qc.invalidateQueries({ queryKey: imageKeys.galleries() })
  })
}
