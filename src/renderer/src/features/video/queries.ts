/** Host data of the Video area in TanStack Query: the task index and the assets, kept fresh by host events. */
import { useQuery, type QueryClient } from '@tanstack/react-query'
import { studio } from '@renderer/lib/studio'
import type { VideoTask } from '@shared/domain/video'
import { indexOf, removeTasks, upsertTasks, type TaskIndex } from './task-index'

/** The host's page limit; the board reads every page (a history of thousands is still a few calls). */
export const LIST_PAGE = 2000

export const videoKeys = {
  all: ['video'] as const,
  index: () => ['video', 'index'] as const,
  assets: () => ['video', 'assets'] as const
}

export async function fetchAllTasks(): Promise<TaskIndex> {
  const tasks: VideoTask[] = []
  let before: number | undefined
  for (;;) {
    const page = await studio.video.list({ limit: LIST_PAGE, ...(before === undefined ? {} : { before }) })
    tasks.push(...page.tasks)
    if (page.tasks.length < LIST_PAGE) break
    before = page.tasks[page.tasks.length - 1].createdAt
  }
  return indexOf(tasks)
}

export function useTaskIndex() {
  return useQuery({ queryKey: videoKeys.index(), queryFn: fetchAllTasks, staleTime: Infinity })
}

export function useAssets() {
  return useQuery({ queryKey: videoKeys.assets(), queryFn: () => studio.video.assetsList() })
}

/** Writes tasks into a loaded index; before the first load there is nothing to patch (the load brings them). */
export function applyTasks(queryClient: QueryClient, tasks: readonly VideoTask[]): void {
  queryClient.setQueryData<TaskIndex>(videoKeys.index(), (old) => (old ? upsertTasks(old, tasks) : old))
}

export function dropTasks(queryClient: QueryClient, ids: readonly string[]): void {
  queryClient.setQueryData<TaskIndex>(videoKeys.index(), (old) => (old ? removeTasks(old, ids) : old))
}
