import { QUEUE_IMAGE_CAP_DEFAULT, QUEUE_VIDEO_CAP_DEFAULT } from '@shared/contract/queue'
import type { Library } from '../store/library-db'
import type { Row } from './queue-table'

/** The queue's reads that pick what goes next: a profile's settings, and the next item with room. */

export interface ProfileSettings {
  paused: boolean
  imageCap: number
  videoCap: number
}

export function profileSettings(lib: Library, profileId: string): ProfileSettings {
  const r = lib.get<{ paused: number; image_cap: number; video_cap: number }>(
    'SELECT paused, image_cap, video_cap FROM queue_profiles WHERE profile_id = ?',
    profileId
  )
  return {
    paused: r ? r.paused === 1 : false,
    imageCap: r?.image_cap ?? QUEUE_IMAGE_CAP_DEFAULT,
    videoCap: r?.video_cap ?? QUEUE_VIDEO_CAP_DEFAULT
  }
}

/**
 * The first waiting item of a profile that is not paused whose kind has room under its cap. One
 * order for both kinds: a video waiting for room does not hold back the images behind it. Each
 * profile's caps count only its own items: every item is sent as the profile it was queued under.
 */
export function nextToSend(lib: Library, videos: boolean): Row | undefined {
  const profiles = lib.all<{ profile_id: string }>('SELECT profile_id FROM queue_profiles')
  for (const { profile_id } of profiles) {
    const p = profileSettings(lib, profile_id)
    if (p.paused) continue
    const flying = lib.all<{ video: number; n: number }>(
      `SELECT kind IN ('video-create', 'video-remix') AS video, count(*) AS n FROM queue_items WHERE profile_id = ? AND state IN ('sending', 'running') GROUP BY 1`,
      profile_id
    )
    const videosInFlight = flying.find((f) => f.video === 1)?.n ?? 0
    const imagesInFlight = flying.find((f) => f.video === 0)?.n ?? 0
    const imageRoom = imagesInFlight < p.imageCap
    const videoRoom = videosInFlight < p.videoCap && videos
    if (!imageRoom && !videoRoom) continue
    const kinds =
      imageRoom && videoRoom
        ? ''
        : imageRoom
          ? `AND kind NOT IN ('video-create', 'video-remix')`
          : `AND kind IN ('video-create', 'video-remix')`
    const r = lib.get<Row>(
      `SELECT * FROM queue_items WHERE profile_id = ? AND state = 'waiting' ${kinds} ORDER BY pos LIMIT 1`,
      profile_id
    )
    if (r) return r
  }
  return undefined
}

/** The `pos` that puts waiting item `r` at `to` (0-based) among its profile's waiting items. */
export function movedPos(lib: Library, r: Row, to: number): number {
  // Only the two neighbours of the new place are read (by index; the cost follows `to`, not the queue).
  const skip = Math.max(0, to - 1)
  const near = lib.all<{ pos: number }>(
    `SELECT pos FROM queue_items WHERE profile_id = ? AND state = 'waiting' AND id <> ? ORDER BY pos LIMIT 2 OFFSET ?`,
    r.profile_id,
    r.id,
    skip
  )
  let pos: number
  if (to <= 0) pos = near.length ? near[0].pos - 1 : r.pos
  else if (near.length === 2) pos = (near[0].pos + near[1].pos) / 2
  else if (near.length === 1) pos = near[0].pos + 1
  else pos = r.pos
  return pos
}
