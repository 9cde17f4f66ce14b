import { QUEUE_IMAGE_CAP_DEFAULT, QUEUE_VIDEO_CAP_DEFAULT, type QueueItem } from '@shared/contract/queue'
import type { EditRequest, GenerateRequest, NativeTaskRequest } from '@shared/domain/images'
import type { VideoCreateRequest, VideoRemixRequest } from '@shared/domain/video'
import type { Library } from '../store/library-db'

/** The queue's tables in the library database (`lib.schema('queue', …)`), and a row as read. */
export const QUEUE_SCHEMA = [
  `CREATE TABLE queue_items (
     id TEXT PRIMARY KEY,
     profile_id TEXT NOT NULL,
     kind TEXT NOT NULL,
     pos REAL NOT NULL,
     state TEXT NOT NULL,
     job_id TEXT NOT NULL,
     request TEXT NOT NULL,
     model TEXT NOT NULL,
     prompt TEXT NOT NULL,
     reason TEXT,
     created_at REAL NOT NULL
   );
   CREATE INDEX queue_items_order ON queue_items (profile_id, state, pos);
   CREATE INDEX queue_items_job ON queue_items (job_id);
   CREATE TABLE queue_profiles (
     profile_id TEXT PRIMARY KEY,
     paused INTEGER NOT NULL DEFAULT 0,
     image_cap INTEGER NOT NULL DEFAULT ${QUEUE_IMAGE_CAP_DEFAULT}
   );`,
  // The queue's own cost per item must not grow with what waits (bench Q1): the last place of a
  // profile by index, and every profile with items listed in queue_profiles (never a scan for them).
  `CREATE INDEX queue_items_pos ON queue_items (profile_id, pos);
   INSERT OR IGNORE INTO queue_profiles (profile_id) SELECT DISTINCT profile_id FROM queue_items;`,
  // An item the user let go past a spending limit is not held by it again.
  `ALTER TABLE queue_items ADD COLUMN let_go INTEGER NOT NULL DEFAULT 0;`,
  // Video tasks queue too, under their own cap; a hold says whether a limit or a refusal made it.
  `ALTER TABLE queue_profiles ADD COLUMN video_cap INTEGER NOT NULL DEFAULT ${QUEUE_VIDEO_CAP_DEFAULT};
   ALTER TABLE queue_items ADD COLUMN held_by TEXT;`,
  // ETA: when an item was sent, and how long each model's runs took (any run, queued or not), so a
  // queue's ETAs are one indexed read per model.
  `ALTER TABLE queue_items ADD COLUMN sent_at REAL;
   CREATE TABLE run_durations (
     ref TEXT PRIMARY KEY,
     kind TEXT NOT NULL,
     model TEXT NOT NULL,
     ms REAL NOT NULL,
     at REAL NOT NULL
   );
   CREATE INDEX run_durations_model ON run_durations (kind, model, at);`,
  // A hold's reason as data (QueueHold JSON), for the page to word in its language.
  `ALTER TABLE queue_items ADD COLUMN hold TEXT;`,
  // Parameters kept on an image item's results besides its request's own (a variation's group), JSON.
  `ALTER TABLE queue_items ADD COLUMN tag TEXT;`
]

/** Parameters kept on an image item's results besides its request's own (a variation's group). */
export type ItemTag = Record<string, unknown>

/** What a row creates: `kind` column values. */
export type RowKind = 'image' | 'image-native' | 'image-edit' | 'video-create' | 'video-remix'
/**
 * What an item sends. An edit carries its staged inputs (the image service's own record of the
 * checked request and its library copies, kept as JSON and handed back to it at send time).
 */
export type QueuedRequest =
  | { kind: 'image'; req: GenerateRequest; tag?: ItemTag }
  | { kind: 'image-native'; req: NativeTaskRequest; tag?: ItemTag }
  | { kind: 'image-edit'; req: EditRequest; staged: unknown; tag?: ItemTag }
  | { kind: 'video-create'; req: VideoCreateRequest }
  | { kind: 'video-remix'; req: VideoRemixRequest }
export const isVideo = (kind: string) => kind === 'video-create' || kind === 'video-remix'

type State = QueueItem['state']

export interface Row {
  id: string
  profile_id: string
  kind: RowKind
  pos: number
  state: State
  job_id: string
  request: string
  model: string
  prompt: string
  reason: string | null
  created_at: number
  let_go?: number
  held_by?: 'limit' | 'refused' | 'profile' | null
  sent_at?: number | null
  hold?: string | null
  tag?: string | null
}

/** Writes a new item (always `waiting`, no reason yet). */
export function insertRow(lib: Library, row: Row): void {
  lib.run(
    `INSERT INTO queue_items (id, profile_id, kind, pos, state, job_id, request, model, prompt, reason, created_at, let_go, tag) VALUES (?, ?, ?, ?, 'waiting', ?, ?, ?, ?, NULL, ?, ?, ?)`,
    row.id,
    row.profile_id,
    row.kind,
    row.pos,
    row.job_id,
    row.request,
    row.model,
    row.prompt,
    row.created_at,
    row.let_go,
    row.tag
  )
}
