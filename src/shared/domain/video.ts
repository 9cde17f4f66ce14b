import { z } from 'zod'
import { ERROR_CODES } from '../errors'
import { ModelNameSchema } from './gateway-names-schema'
import { ruleParams } from './rule-problems'
import {
  VIDEO_FAMILY,
  isAllowedReferenceUrl,
  VIDEOS_JSON_AUDIO,
  VIDEOS_JSON_MOTION_LEVELS,
  VIDEOS_JSON_SCENARIO_IDS,
  VIDEOS_JSON_SCENE_TYPES,
  ORIENTATIONS,
  REMIX_RATIOS,
  REMIX_SIZES,
  VIDEO_FAMILIES,
  VIDEO_LIMITS,
  VIDEO_ROUTES
} from './video-models'

export * from './video-models'

/* ------------------------------------------------------------------ references */

const Id64 = z.string().min(1).max(64)
/** An asset id as the gateway returns it (`asset-…`), used as `asset://{id}`. */
const AssetId = z
  .string()
  .min(1)
  .max(128)
  .regex(/^[A-Za-z0-9_.:-]+$/, 'not an asset id')
const RefUrl = z
  .string()
  .max(4096)
  .refine(isAllowedReferenceUrl, {
    message: 'must be an https:// address (plain http only for this computer)',
    params: ruleParams('refUrl')
  })

export const VideoRefSchema = z.discriminatedUnion('kind', [
  /** A granted local file (files:pick / files:upload with purpose video-reference). */
  z.strictObject({ kind: z.literal('file'), fileId: Id64 }),
  /** An image of the studio's gallery. */
  z.strictObject({ kind: z.literal('gallery'), itemId: Id64 }),
  z.strictObject({ kind: z.literal('url'), url: RefUrl }),
  /** An imported asset, sent as `asset://{assetId}`; it must be Active. */
  z.strictObject({ kind: z.literal('asset'), assetId: AssetId })
])
export type VideoRef = z.infer<typeof VideoRefSchema>

/* ------------------------------------------------------------------ create requests */

const Prompt = z.string().max(VIDEO_LIMITS.promptMaxOther)
/**
 * Aspect ratios, resolutions and lengths are checked against the model's capability (its family's
 * enums, changed by the profile's per-model rules) in videoRequestProblems (video-rules.ts), not by a closed enum
 * here: a gateway's own model may take a value its family's stand-ins do not.
 */
const Ratio = z.string().regex(/^\d{1,2}:\d{1,2}$/, 'is a ratio such as 16:9')
const Word = z.string().min(1).max(40)
/** The model's own range is a rule (durationRange); 0 gets there too, so the form and the host say it alike. */
const Seconds = z
  .number()
  .int('is a whole number of seconds')
  .min(0, 'is not negative')
  .max(3600, 'is at most 3600 seconds')
/** The profile to bill; absent: the selected one. */
const ProfileId = Id64.optional()

export const UnifiedFirstCreateSchema = z.strictObject({
  family: z.literal(VIDEO_FAMILY.unifiedFirst),
  profileId: ProfileId,
  model: ModelNameSchema,
  /** 0: text to video, 1: image to video, 2: first and last frame. */
  images: z.array(VideoRefSchema).max(VIDEO_LIMITS.referencesCeiling).default([]),
  prompt: Prompt.default(''),
  aspect_ratio: Ratio.optional(),
  audio: z.boolean().optional(),
  voice_id: z.string().max(200).optional(),
  is_rec: z.boolean().optional(),
  bgm: z.boolean().optional(),
  duration: Seconds.optional(),
  /** Absent or 0: a random seed. */
  seed: z.number().int().min(0).max(2_147_483_647).optional(),
  resolution: Word.optional(),
  payload: z.string().max(VIDEO_LIMITS.payloadCeiling).optional(),
  off_peak: z.boolean().optional(),
  watermark: z.boolean().optional(),
  wm_position: z.number().int().min(1).max(4).optional(),
  wm_url: RefUrl.optional(),
  /** A JSON string, passed through. */
  meta_data: z.string().max(100_000).optional()
})

export const UnifiedSecondCreateSchema = z.strictObject({
  family: z.literal(VIDEO_FAMILY.unifiedSecond),
  profileId: ProfileId,
  model: ModelNameSchema,
  images: z.array(VideoRefSchema).max(VIDEO_LIMITS.referencesCeiling).default([]),
  orientation: z.enum(ORIENTATIONS).default('portrait'),
  prompt: Prompt,
  size: Word.default('720x1280'),
  duration: Seconds.default(8),
  aspect_ratio: Ratio.default('9:16'),
  enable_upsample: z.boolean().optional()
})

export const VideosJsonCreateSchema = z.strictObject({
  family: z.literal(VIDEO_FAMILY.videosJson),
  profileId: ProfileId,
  model: ModelNameSchema,
  /** Preset that decides which inputs are needed (motion-control also sets scene_type). */
  scenario: z.enum(VIDEOS_JSON_SCENARIO_IDS).default('text'),
  prompt: Prompt,
  /** Their notation ("5", "1280x720") is a rule of the family (video-rules.ts). */
  seconds: z.string().max(40).optional(),
  size: z.string().max(40).optional(),
  image: VideoRefSchema.optional(),
  output_config: z
    .strictObject({
      duration: Seconds.optional(),
      resolution: Word.optional(),
      aspect_ratio: Ratio.optional(),
      audio_generation: z.enum(VIDEOS_JSON_AUDIO).optional()
    })
    .optional(),
  scene_type: z.enum(VIDEOS_JSON_SCENE_TYPES).optional(),
  motion_level: z.enum(VIDEOS_JSON_MOTION_LEVELS).optional(),
  offpeak: z.boolean().optional(),
  /** metadata.last_frame_url: a URL or an asset. */
  last_frame: VideoRefSchema.optional(),
  /** metadata.video_url: reference video (motion control). */
  video_url: RefUrl.optional(),
  file_infos: z.string().max(100_000).optional(),
  ext_info: z.string().max(100_000).optional()
})

export const VideosMultipartCreateSchema = z.strictObject({
  family: z.literal(VIDEO_FAMILY.videosMultipart),
  profileId: ProfileId,
  model: ModelNameSchema,
  prompt: Prompt,
  aspect_ratio: Ratio.optional(),
  seconds: Seconds.optional(),
  size: Word.optional(),
  /** Sent as repeated `input_reference` file parts (built in the host). */
  references: z.array(VideoRefSchema).max(VIDEO_LIMITS.referencesCeiling).default([])
})

const CreateUnion = z.discriminatedUnion('family', [
  UnifiedFirstCreateSchema,
  UnifiedSecondCreateSchema,
  VideosJsonCreateSchema,
  VideosMultipartCreateSchema
])
export type VideoCreateRequest = z.output<typeof CreateUnion>
export type VideoCreateInput = z.input<typeof CreateUnion>

/**
 * The contract checks the shape: types, enums and what any family carries at all. Every rule of a
 * family or model (limits, cross-field rules, the profile's model rules) is in video-rules.ts, which
 * the host and the form both apply.
 */
export const VideoCreateRequestSchema = CreateUnion

/* ------------------------------------------------------------------ remix */

export const VideoRemixRequestSchema = z.strictObject({
  /** The studio's id of the source task (it must have a gateway task id). */
  sourceId: Id64,
  /** videos: POST /v1/videos/{id}/remix; unified: POST /v1/video/remix with task_id. Absent: the source's route. */
  route: z.enum(VIDEO_ROUTES).optional(),
  model: ModelNameSchema,
  prompt: z.string().min(1, 'A prompt is required').max(VIDEO_LIMITS.promptMaxOther),
  size: z.enum(REMIX_SIZES),
  aspect_ratio: z.enum(REMIX_RATIOS),
  parent_post_id: z.string().max(200).optional()
})
export type VideoRemixRequest = z.infer<typeof VideoRemixRequestSchema>

/* ------------------------------------------------------------------ the task view */

/**
 * submitting: journaled, the create POST is in flight; queued/running: polling; unknown: the gateway
 * answered a status word we do not know (still polled); lost: the gateway says the task does not
 * exist, repeatedly; paused: the profile's key was refused (401) and polling waits for a new key;
 * outcome-unknown: the create may have reached the gateway but no answer came; never re-sent by us.
 */
export const VIDEO_STATES = [
  'submitting',
  'queued',
  'running',
  'succeeded',
  'failed',
  'cancelled',
  'unknown',
  'lost',
  'paused',
  'outcome-unknown'
] as const
export const VideoStateSchema = z.enum(VIDEO_STATES)
export type VideoState = z.infer<typeof VideoStateSchema>
/** States in which the task is finished for the scheduler (no more polls). */
export const FINAL_VIDEO_STATES: readonly VideoState[] = ['succeeded', 'failed', 'cancelled', 'lost', 'outcome-unknown']

export const DOWNLOAD_STATES = ['none', 'pending', 'downloading', 'done', 'waiting-retry', 'failed'] as const
export const DownloadStateSchema = z.enum(DOWNLOAD_STATES)

export const VideoResultSchema = z.object({
  /** Host media URL of the verified file; never a path. */
  mediaUrl: z.string(),
  bytes: z.number().int().nonnegative(),
  contentType: z.string(),
  fileName: z.string(),
  /** Which address gave the bytes: output.url, video_url, url, detail.url, metadata.url or content. */
  source: z.string(),
  /** A poster image URL when one could be made; the board may use the video's first frame instead. */
  posterUrl: z.string().optional(),
  downloadedAt: z.number()
})
export type VideoResult = z.infer<typeof VideoResultSchema>

export const VideoTaskErrorSchema = z.object({
  message: z.string(),
  /** The gateway's `error.code` (or body `code`), as given. */
  code: z.string().optional(),
  /** The studio's classification. */
  studioCode: z.enum(ERROR_CODES).optional()
})

export const VideoTaskSchema = z.object({
  /** The studio's id (journal key). */
  id: z.string(),
  /** The gateway's task id, exactly as create returned it (prefix included); null before the answer. */
  taskId: z.string().nullable(),
  profileId: z.string(),
  profileName: z.string().optional(),
  family: z.enum(VIDEO_FAMILIES),
  kind: z.enum(['create', 'remix']),
  /** The route the task was created on, e.g. "POST /v1/video/create". */
  createRoute: z.string(),
  /** The query route family that matches it. */
  queryRoute: z.enum(VIDEO_ROUTES),
  model: z.string(),
  /** The model the gateway reports (may carry a billing suffix); shown beside the requested one. */
  returnedModel: z.string().optional(),
  state: VideoStateSchema,
  /** The gateway's status word as last seen. */
  rawStatus: z.string().nullable(),
  /** 0-100, or null when the gateway gives none. */
  progress: z.number().int().min(0).max(100).nullable(),
  prompt: z.string(),
  /** The request's parameters (JSON-safe; references described, never bytes). */
  params: z.record(z.string(), z.unknown()),
  remixOf: z.object({ id: z.string(), taskId: z.string() }).optional(),
  createdAt: z.number(),
  submittedAt: z.number().optional(),
  updatedAt: z.number(),
  /** When the gateway says it finished (ms), or when we saw it finish. */
  completedAt: z.number().optional(),
  lastPolledAt: z.number().optional(),
  nextPollAt: z.number().optional(),
  polls: z.number().int().nonnegative(),
  error: VideoTaskErrorSchema.optional(),
  download: z.object({
    state: DownloadStateSchema,
    attempts: z.number().int().nonnegative(),
    nextAttemptAt: z.number().optional(),
    lastError: z.string().optional()
  }),
  result: VideoResultSchema.optional()
})
export type VideoTask = z.infer<typeof VideoTaskSchema>

export const VideoFilterSchema = z.strictObject({
  states: z.array(VideoStateSchema).max(VIDEO_STATES.length).optional(),
  model: z.string().max(100).optional(),
  query: z.string().max(200).optional(),
  /** createdAt bounds, ms. */
  from: z.number().optional(),
  to: z.number().optional()
})
export type VideoFilter = z.infer<typeof VideoFilterSchema>

/** One task the board's search found: the excerpt where it matched, with the matched runs marked. */
export const VideoSearchHitSchema = z.object({
  id: z.string(),
  match: z.string(),
  /** [start, end) character offsets of the matched runs in `match`. */
  matchMarks: z.array(z.tuple([z.number().int().nonnegative(), z.number().int().nonnegative()])).max(64)
})
export type VideoSearchHit = z.infer<typeof VideoSearchHitSchema>

/* ------------------------------------------------------------------ assets */

export const ASSET_TYPES = ['Image', 'Video', 'Audio'] as const
export const AssetTypeSchema = z.enum(ASSET_TYPES)
export const ASSET_STATES = ['processing', 'active', 'failed', 'unknown'] as const

export const AssetGroupSchema = z.object({
  /** The gateway's group id (`data.Id`). */
  id: z.string(),
  profileId: z.string(),
  name: z.string(),
  description: z.string().optional(),
  createdAt: z.number()
})
export type AssetGroup = z.infer<typeof AssetGroupSchema>

export const AssetSchema = z.object({
  /** The gateway's asset id (`data.Id`); referenced as `asset://{id}`. */
  id: z.string(),
  /** The import task id, used to follow the asset. */
  taskId: z.string(),
  profileId: z.string(),
  groupId: z.string(),
  name: z.string(),
  url: z.string(),
  type: AssetTypeSchema,
  state: z.enum(ASSET_STATES),
  rawStatus: z.string().nullable(),
  error: z.object({ message: z.string(), code: z.string().optional() }).optional(),
  createdAt: z.number(),
  updatedAt: z.number()
})
export type Asset = z.infer<typeof AssetSchema>

export const AssetImportRequestSchema = z.strictObject({
  profileId: ProfileId,
  groupId: z.string().min(1).max(128),
  url: z.string().max(4096).refine(isAllowedReferenceUrl, 'must be a public https:// address'),
  type: AssetTypeSchema,
  name: z.string().trim().min(1, 'A name is required').max(200)
})
export type AssetImportRequest = z.infer<typeof AssetImportRequestSchema>

export const AssetGroupCreateSchema = z.strictObject({
  profileId: ProfileId,
  name: z.string().trim().min(1, 'A name is required').max(200),
  description: z.string().max(1000).optional()
})
export type AssetGroupCreate = z.infer<typeof AssetGroupCreateSchema>

/** Integer 0-100 from an integer, "N" or "N%"; null for anything else. */
export function parseProgress(v: unknown): number | null {
  let n: number
  if (typeof v === 'number') n = v
  else if (typeof v === 'string' && /^\s*\d+(\.\d+)?\s*%?\s*$/.test(v)) n = Number.parseFloat(v)
  else return null
  if (!Number.isFinite(n)) return null
  return Math.max(0, Math.min(100, Math.round(n)))
}
