/** Everything the Video area asks the host to do. Never retried silently: a create or remix costs money. */
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { studio } from '@renderer/lib/studio'
import type { AssetGroupCreate, AssetImportRequest, VideoCreateRequest, VideoRemixRequest } from '@shared/domain/video'
import { applyTasks, dropTasks, videoKeys } from './queries'

export function useCreateVideo() {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: (req: VideoCreateRequest) => studio.video.create(req),
    onSuccess: (task) => applyTasks(qc, [task])
  })
}

export function useRemixVideo() {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: (req: VideoRemixRequest) => studio.video.remix(req),
    onSuccess: (task) => applyTasks(qc, [task])
  })
}

export function useSubmitAgain() {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: (id: string) => studio.video.submitAgain({ id }),
    onSuccess: (task) => applyTasks(qc, [task])
  })
}

export function useRemoveVideo() {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: (id: string) => studio.video.remove({ id }),
    onSuccess: (_r, id) => dropTasks(qc, [id])
  })
}

/** Check now, retry download: each answers with the task's new state. */
export function useTaskAction() {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: ({ id, action }: { id: string; action: 'checkNow' | 'retryDownload' }) => studio.video[action]({ id }),
    onSuccess: (task) => applyTasks(qc, [task])
  })
}

export function useOpenFile() {
  return useMutation({ mutationFn: (id: string) => studio.video.openFile({ id }) })
}

export function useCreateGroup() {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: (req: AssetGroupCreate) => studio.video.assetsCreateGroup(req),
    onSuccess: () => qc.invalidateQueries({ queryKey: videoKeys.assets() })
  })
}

export function useImportAsset() {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: (req: AssetImportRequest) => studio.video.assetsImport(req),
    onSuccess: () => qc.invalidateQueries({ queryKey: videoKeys.assets() })
  })
}

export function useRefreshAsset() {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: (id: string) => studio.video.assetsRefresh({ id }),
    onSuccess: () => qc.invalidateQueries({ queryKey: videoKeys.assets() })
  })
}
