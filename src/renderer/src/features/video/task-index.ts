/**
 * The board's host data, keyed by id: `byId` holds each task object and `order` the ids newest
 * first. An update replaces one task object and keeps every other object (and, when the task was
 * already known, the order array) as it was, so memoized cards of unchanged tasks do not render.
 * Pure, so the identity rules are tested directly.
 */
import type { VideoTask } from '@shared/domain/video'

export interface TaskIndex {
  order: readonly string[]
  byId: Readonly<Record<string, VideoTask>>
}

export const EMPTY_INDEX: TaskIndex = { order: [], byId: {} }

export function indexOf(tasks: readonly VideoTask[]): TaskIndex {
  const byId: Record<string, VideoTask> = {}
  for (const t of tasks) byId[t.id] = t
  const order = Object.values(byId)
    .sort((a, b) => b.createdAt - a.createdAt)
    .map((t) => t.id)
  return { order, byId }
}

/** Newer copies win (by updatedAt; an equal stamp is taken, the host may re-send after a download). */
export function upsertTasks(index: TaskIndex, tasks: readonly VideoTask[]): TaskIndex {
  let byId: Record<string, VideoTask> | null = null
  const added: VideoTask[] = []
  for (const t of tasks) {
    const cur = (byId ?? index.byId)[t.id]
    if (cur && cur.updatedAt > t.updatedAt) continue
    byId ??= { ...index.byId }
    byId[t.id] = t
    if (!cur) added.push(t)
  }
  if (!byId) return index
  if (added.length === 0) return { order: index.order, byId }
  // New tasks are almost always the newest: put them in front, then keep createdAt order.
  const order = [...added.map((t) => t.id), ...index.order]
  const sorted = order.every((id, i) => i === 0 || byId![order[i - 1]].createdAt >= byId![id].createdAt)
  return { order: sorted ? order : order.slice().sort((a, b) => byId![b].createdAt - byId![a].createdAt), byId }
}

export function removeTasks(index: TaskIndex, ids: readonly string[]): TaskIndex {
  const gone = new Set(ids.filter((id) => id in index.byId))
  if (gone.size === 0) return index
  const byId = { ...index.byId }
  for (const id of gone) delete byId[id]
  return { order: index.order.filter((id) => !gone.has(id)), byId }
}

/** Remixes of each task, for the lineage shown on the source card. */
export function remixesOf(index: TaskIndex): ReadonlyMap<string, string[]> {
  const map = new Map<string, string[]>()
  for (const id of index.order) {
    const parent = index.byId[id].remixOf?.id
    if (parent) map.set(parent, [...(map.get(parent) ?? []), id])
  }
  return map
}
