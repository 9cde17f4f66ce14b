/** Everything the Video area asks the host to do. Never retried silently: a create or remix costs money. */
import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { AssetGroupCreate, AssetImportRequest, VideoCreateRequest, VideoRemixRequest } from '@shared/domain/video'
import { videoApi } from './api'
import { applyTasks, dropTasks, videoKeys } from './queries'

export function useCreateVideo() {
  const qc = useQueryClient()
  return useMutation({ mutationFn: (req: VideoCreateRequest) => videoApi().create(req), onSuccess: (task) => applyTasks(qc, [task]) })
}

export function useRemixVideo() {
  const qc = useQueryClient()
  return useMutation({ mutationFn: (req: VideoRemixRequest) => videoApi().remix(req), onSuccess: (task) => applyTasks(qc, [task]) })
}

export function useSubmitAgain() {
  const qc = useQueryClient()
  return useMutation({ mutationFn: (id: string) => videoApi().submitAgain({ id }), onSuccess: (task) => applyTasks(qc, [task]) })
}

export function useRemoveVideo() {
  const qc = useQueryClient()
  return useMutation({ mutationFn: (id: string) => videoApi().remove({ id }), onSuccess: (_r, id) => dropTasks(qc, [id]) })
}

/** Check now, retry download: each answers with the task's new state. */
export function useTaskAction() {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: ({ id, action }: { id: string; action: 'checkNow' | 'retryDownload' }) => videoApi()[action]({ id }),
    onSuccess: (task) => applyTasks(qc, [task])
  })
}

export function useOpenFile() {
  return useMutation({ mutationFn: (id: string) => videoApi().openFile({ id }) })
}

export function useCreateGroup() {
  const qc = useQueryClient()
  return useMutation({ mutationFn: (req: AssetGroupCreate) => videoApi().assetsCreateGroup(req), onSuccess: () => qc.invalidateQueries({ queryKey: videoKeys.assets() }) })
}

export function useImportAsset() {
  const qc = useQueryClient()
  return useMutation({ mutationFn: (req: AssetImportRequest) => videoApi().assetsImport(req), onSuccess: () => qc.invalidateQueries({ queryKey: videoKeys.assets() }) })
}

export function useRefreshAsset() {
  const qc = useQueryClient()
  return useMutation({ mutationFn: (id: string) => videoApi().assetsRefresh({ id }), onSuccess: () => qc.invalidateQueries({ queryKey: videoKeys.assets() }) })
}
