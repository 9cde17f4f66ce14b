/**
 * The video body families as DATA: which route each takes, and the spec's enums, defaults and limits
 * per family. A model gets its family's rules, changed by the profile's per-model overrides
 * (gateway-names.ts: the stand-in models carry the spec's own model rules there, e.g. the q2 series'
 * 1-10 s range or a length the gateway fixes). The forms read this to show choices and limits
 * before sending; the host checks every request against the same (videoRequestProblems in ./video-rules.ts).
 * The routes and bodies, as the studio sends them: docs/GATEWAY.md, "Video".
 */
import type { ModelRule } from './gateway-names'

/**
 * The four video body families: the name the code uses for each (its route, then its body as the
 * spec heads it) and the key the studio stores for it. Code always says `VIDEO_FAMILY.videosJson`,
 * never the key itself; docs/GLOSSARY.md gives the same table.
 *
 * The keys on the right are STORED and must never change: task rows in the library database,
 * settings (drafts, the last family shown), `models.<key>` in profile names files, IPC payloads,
 * PNG metadata and test fixtures all carry them (video-family.test.ts pins them). Rename only the
 * code names on the left.
 */
export const VIDEO_FAMILY = {
  /** POST /v1/video/create, first body: 0-2 images (text, image, first and last frame), sound, voice, watermark. */
  unifiedFirst: 'vidq',
  /** POST /v1/video/create, second body: orientation, a width x height size, reference image URLs. */
  unifiedSecond: 'unified2',
  /** POST /v1/videos with a JSON body: `metadata.output_config`, scene types, first and last frame by URL. */
  videosJson: 'kl',
  /** POST /v1/videos with a multipart/form-data body: reference images sent as files. */
  videosMultipart: 'gk'
} as const
export type VideoFamilyName = keyof typeof VIDEO_FAMILY

/** The stored keys, in the order the studio lists the families. */
export const VIDEO_FAMILIES = [
  VIDEO_FAMILY.unifiedFirst,
  VIDEO_FAMILY.unifiedSecond,
  VIDEO_FAMILY.videosJson,
  VIDEO_FAMILY.videosMultipart
] as const
export type VideoFamily = (typeof VIDEO_FAMILIES)[number]

/** A stored key's code name, for what is derived from it on screen (e.g. test ids). */
export const VIDEO_FAMILY_NAME = Object.fromEntries(
  Object.entries(VIDEO_FAMILY).map(([name, key]) => [key, name])
) as Readonly<Record<VideoFamily, VideoFamilyName>>

/** unified: POST /v1/video/create + GET /v1/video/query; videos: POST /v1/videos + GET /v1/videos/{id}. */
export const VIDEO_ROUTES = ['unified', 'videos'] as const
export type VideoRoute = (typeof VIDEO_ROUTES)[number]

export const ROUTE_OF_FAMILY: Readonly<Record<VideoFamily, VideoRoute>> = {
  [VIDEO_FAMILY.unifiedFirst]: 'unified',
  [VIDEO_FAMILY.unifiedSecond]: 'unified',
  [VIDEO_FAMILY.videosJson]: 'videos',
  [VIDEO_FAMILY.videosMultipart]: 'videos'
}

/** Where a reference can come from: a granted local file, a gallery image, a URL, or an Active asset. */
export const VIDEO_REF_KINDS = ['file', 'gallery', 'url', 'asset'] as const
export type VideoRefKind = (typeof VIDEO_REF_KINDS)[number]

export const MB = 1024 * 1024

export const VIDEO_LIMITS = {
  /** Unified route, first body. */
  unifiedFirstPromptMax: 2000,
  unifiedFirstPayloadMax: 1_048_576,
  unifiedFirstImagesMax: 2,
  /** Reference images: at most 50 MB each, width/height strictly between 1/4 and 4. */
  refImageMaxBytes: 50 * MB,
  refRatioMin: 1 / 4,
  refRatioMax: 4,
  refImageTypes: ['image/png', 'image/jpeg', 'image/webp'] as const,
  /** Families whose spec shows no prompt limit: a sanity bound, so a runaway paste is refused early. */
  promptMaxOther: 10_000,
  /** Not shown by the spec: bounds the studio applies so a typo is caught (e.g. 600 s). */
  unifiedSecondDurationMax: 60,
  unifiedFirstDurationMax: 60,
  videosMultipartSecondsMax: 15,
  videosMultipartReferencesMax: 10,
  /** What a create carries at all (the contract's shape); each family's own count is a rule. */
  referencesCeiling: 10,
  /** The same for the first family's payload, whose own limit is unifiedFirstPayloadMax. */
  payloadCeiling: 4 * 1_048_576,
  videosJsonReferenceUrlMax: 4096
} as const

export interface DurationRule {
  min: number
  max: number
  /** The value the form starts with; null: not sent, the gateway chooses. */
  default: number | null
  /** The gateway fixes the length whatever is sent (shown, not editable). */
  forced?: number
}

export interface VideoModelCapability {
  model: string
  family: VideoFamily
  route: VideoRoute
  aspectRatios: readonly string[]
  /** null: not sent unless chosen. */
  defaultAspectRatio: string | null
  /** Sent as: unifiedFirst `resolution`, unifiedSecond `size`, videosJson `metadata.output_config.resolution`, videosMultipart `size`. */
  resolutions: readonly string[]
  defaultResolution: string | null
  duration: DurationRule
  /** unifiedFirst only: voice_id has no effect on q3 models (the form says so). */
  voiceIdHasEffect: boolean
  promptRequired: boolean
  promptMax: number
  maxReferences: number
  referenceKinds: readonly VideoRefKind[]
  /** One line for the form, e.g. "Length is fixed at 10 s by the gateway". */
  notes: readonly string[]
}

const UNIFIED_FIRST_RATIOS = ['16:9', '9:16', '1:1'] as const
export const UNIFIED_FIRST_RESOLUTIONS = ['540p', '720p', '1080p', '360p'] as const
export const UNIFIED_SECOND_SIZES = ['720x1280', '1280x720'] as const
export const UNIFIED_SECOND_RATIOS = ['16:9', '9:16'] as const
export const ORIENTATIONS = ['portrait', 'landscape'] as const
export const VIDEOS_JSON_RESOLUTIONS = ['720P', '1080P'] as const
export const VIDEOS_JSON_RATIOS = ['16:9', '9:16', '1:1'] as const
export const VIDEOS_JSON_SECONDS = ['5', '10', '15'] as const
export const VIDEOS_JSON_AUDIO = ['Enabled', 'Disabled'] as const
export const VIDEOS_JSON_SCENE_TYPES = ['motion_control', 'avatar_i2v', 'lip_sync', 'template_effect'] as const
export const VIDEOS_JSON_MOTION_LEVELS = ['std', 'pro'] as const
export const VIDEOS_MULTIPART_RATIOS = ['16:9', '9:16', '2:3', '3:2', '1:1'] as const
export const VIDEOS_MULTIPART_SIZES = ['720P', '1080P'] as const
export const WM_POSITIONS = [
  { value: 1, label: 'top-left' },
  { value: 2, label: 'top-right' },
  { value: 3, label: 'bottom-right' },
  { value: 4, label: 'bottom-left' }
] as const

/** Remix (both routes): the spec's enums. */
export const REMIX_SIZES = ['720P', '1080P'] as const
export const REMIX_RATIOS = ['2:3', '3:2', '1:1'] as const

/** The JSON body's scenario presets: which inputs each needs, and what it sets. */
export const VIDEOS_JSON_SCENARIOS = [
  { id: 'text', needs: [] as const, sets: {} },
  { id: 'image', needs: ['image'] as const, sets: {} },
  { id: 'first-last', needs: ['image', 'lastFrame'] as const, sets: {} },
  { id: 'motion-control', needs: ['image'] as const, sets: { scene_type: 'motion_control' } }
] as const
export type VideosJsonScenario = (typeof VIDEOS_JSON_SCENARIOS)[number]['id']
export const VIDEOS_JSON_SCENARIO_IDS = VIDEOS_JSON_SCENARIOS.map((s) => s.id) as [
  VideosJsonScenario,
  ...VideosJsonScenario[]
]

function unifiedFirst(model: string): VideoModelCapability {
  return {
    model,
    family: VIDEO_FAMILY.unifiedFirst,
    route: 'unified',
    aspectRatios: UNIFIED_FIRST_RATIOS,
    defaultAspectRatio: '16:9',
    resolutions: UNIFIED_FIRST_RESOLUTIONS,
    defaultResolution: null,
    // The spec's 1-10 s range belongs to the q2 series (a model rule); the family has only a sanity bound.
    duration: { min: 1, max: VIDEO_LIMITS.unifiedFirstDurationMax, default: null },
    voiceIdHasEffect: true,
    promptRequired: false,
    promptMax: VIDEO_LIMITS.unifiedFirstPromptMax,
    maxReferences: VIDEO_LIMITS.unifiedFirstImagesMax,
    referenceKinds: ['file', 'gallery', 'url', 'asset'],
    notes: [
      'No image: text to video; 1 image: image to video; 2 images: first and last frame.',
      'The prompt is ignored when is_rec (recommended prompt) is on.'
    ]
  }
}

function unifiedSecond(model: string): VideoModelCapability {
  return {
    model,
    family: VIDEO_FAMILY.unifiedSecond,
    route: 'unified',
    aspectRatios: UNIFIED_SECOND_RATIOS,
    defaultAspectRatio: '9:16',
    resolutions: UNIFIED_SECOND_SIZES,
    defaultResolution: '720x1280',
    duration: { min: 1, max: VIDEO_LIMITS.unifiedSecondDurationMax, default: 8 },
    voiceIdHasEffect: false,
    promptRequired: true,
    promptMax: VIDEO_LIMITS.promptMaxOther,
    maxReferences: 4,
    referenceKinds: ['url', 'asset'],
    notes: [
      'References are image URLs or imported assets.',
      'High-definition enhancement (enable_upsample) is for landscape only.'
    ]
  }
}

function videosJson(model: string): VideoModelCapability {
  return {
    model,
    family: VIDEO_FAMILY.videosJson,
    route: 'videos',
    aspectRatios: VIDEOS_JSON_RATIOS,
    defaultAspectRatio: null,
    resolutions: VIDEOS_JSON_RESOLUTIONS,
    defaultResolution: null,
    duration: { min: 1, max: 15, default: 5 },
    voiceIdHasEffect: false,
    promptRequired: true,
    promptMax: VIDEO_LIMITS.promptMaxOther,
    maxReferences: 1,
    referenceKinds: ['url', 'asset'],
    notes: ['The model reported back may carry a billing suffix (e.g. -std-5s).']
  }
}

function videosMultipart(model: string): VideoModelCapability {
  return {
    model,
    family: VIDEO_FAMILY.videosMultipart,
    route: 'videos',
    aspectRatios: VIDEOS_MULTIPART_RATIOS,
    defaultAspectRatio: null,
    resolutions: VIDEOS_MULTIPART_SIZES,
    defaultResolution: '720P',
    duration: { min: 1, max: VIDEO_LIMITS.videosMultipartSecondsMax, default: null },
    voiceIdHasEffect: false,
    promptRequired: true,
    promptMax: VIDEO_LIMITS.promptMaxOther,
    maxReferences: VIDEO_LIMITS.videosMultipartReferencesMax,
    referenceKinds: ['file', 'gallery'],
    notes: ['Reference images are sent as files.']
  }
}

const FAMILY_DEFAULTS: Readonly<Record<VideoFamily, (model: string) => VideoModelCapability>> = {
  [VIDEO_FAMILY.unifiedFirst]: unifiedFirst,
  [VIDEO_FAMILY.unifiedSecond]: unifiedSecond,
  [VIDEO_FAMILY.videosJson]: videosJson,
  [VIDEO_FAMILY.videosMultipart]: videosMultipart
}

/** A model's rules: its family's, changed by the model's overrides (the profile's names say which). */
export function capabilityOf(family: VideoFamily, model: string, rule: ModelRule = {}): VideoModelCapability {
  const base = FAMILY_DEFAULTS[family](model)
  const notes = [...base.notes]
  const duration: DurationRule = {
    min: rule.durationMin ?? base.duration.min,
    max: rule.durationMax ?? base.duration.max,
    default: rule.durationDefault ?? base.duration.default
  }
  if (rule.forcedSeconds !== undefined) {
    Object.assign(duration, { forced: rule.forcedSeconds, default: rule.forcedSeconds })
    notes.unshift(`The gateway fixes the length of ${model} at ${rule.forcedSeconds} s.`)
  }
  const voiceIdHasEffect = rule.voiceIdHasEffect ?? base.voiceIdHasEffect
  if (family === VIDEO_FAMILY.unifiedFirst && !voiceIdHasEffect) notes.push(`voice_id has no effect on ${model}.`)
  const resolutions = rule.resolutions ?? base.resolutions
  const wantResolution = rule.defaultResolution ?? base.defaultResolution
  return {
    ...base,
    aspectRatios: rule.aspectRatios ?? base.aspectRatios,
    resolutions,
    defaultResolution: wantResolution !== null && resolutions.includes(wantResolution) ? wantResolution : null,
    duration,
    voiceIdHasEffect,
    notes
  }
}

/** https anywhere; plain http only for this computer (the local sandbox). */
export function isAllowedReferenceUrl(u: string): boolean {
  let url: URL
  try {
    url = new URL(u)
  } catch {
    return false
  }
  if (url.protocol === 'https:') return true
  return (
    url.protocol === 'http:' &&
    (url.hostname === '127.0.0.1' || url.hostname === 'localhost' || url.hostname === '[::1]')
  )
}
