import type { QueueView } from '@shared/contract/queue'
import type { Library } from '../store/library-db'
import { modelDurations, queueEtas } from './queue-eta'
import { toItem } from './queue-items'
import { profileSettings } from './queue-rows'
import { isVideo, type Row } from './queue-table'

/** A profile's queue as the page shows it: sent items first, then held, then waiting with their places and ETAs. */
export function buildView(lib: Library, profileId: string, now: number): QueueView {
  const rows = lib.all<Row>(
    `SELECT * FROM queue_items WHERE profile_id = ? ORDER BY CASE state WHEN 'running' THEN 0 WHEN 'sending' THEN 1 WHEN 'held' THEN 2 ELSE 3 END, pos`,
    profileId
  )
  let place = 0
  const caps = profileSettings(lib, profileId)
  const known = new Map<string, ReturnType<typeof modelDurations>>()
  const stats = (kind: 'image' | 'video', model: string) => {
    const key = `${kind}\n${model}`
    if (!known.has(key)) known.set(key, modelDurations(lib, kind, model))
    return known.get(key) ?? null
  }
  const etas = queueEtas(
    rows.map((r) => ({
      kind: isVideo(r.kind) ? 'video' : 'image',
      model: r.model,
      state: r.state,
      sentAt: r.sent_at ?? null
    })),
    { image: caps.imageCap, video: caps.videoCap },
    stats,
    now
  )
  const items = rows.map((r, i) => toItem(r, r.state === 'waiting' ? ++place : null, etas[i]))
  return { profileId, ...caps, items }
}
