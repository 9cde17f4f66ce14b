/**
 * The video body families as DATA: which route each takes, and the spec's enums, defaults and limits
 * per family. A model gets its family's rules, changed by the profile's per-model overrides
 * (gateway-names.ts: the stand-in models carry the spec's own model rules there, e.g. the q2 series'
 * 1-10 s range or a length the gateway fixes). The forms read this to show choices and limits
 * before sending; the host checks every request against the same (videoRequestProblems in ./video-rules.ts).
 * The routes and bodies, as the studio sends them: docs/GATEWAY.md, "Video".
 */
import type { ModelRule } from './gateway-names'

/** vidq: unified route first family; unified2: unified route second family; kl: /v1/videos JSON; gk: /v1/videos multipart. */
export const VIDEO_FAMILIES = ['vidq', 'unified2', 'kl', 'gk'] as const
export type VideoFamily = (typeof VIDEO_FAMILIES)[number]

/** unified: POST /v1/video/create + GET /v1/video/query; videos: POST /v1/videos + GET /v1/videos/{id}. */
export const VIDEO_ROUTES = ['unified', 'videos'] as const
export type VideoRoute = (typeof VIDEO_ROUTES)[number]

export const ROUTE_OF_FAMILY: Readonly<Record<VideoFamily, VideoRoute>> = { vidq: 'unified', unified2: 'unified', kl: 'videos', gk: 'videos' }

/** Where a reference can come from: a granted local file, a gallery image, a URL, or an Active asset. */
export const VIDEO_REF_KINDS = ['file', 'gallery', 'url', 'asset'] as const
export type VideoRefKind = (typeof VIDEO_REF_KINDS)[number]

export const MB = 1024 * 1024

export const VIDEO_LIMITS = {
  /** First family. */
  vidqPromptMax: 2000,
  vidqPayloadMax: 1_048_576,
  vidqImagesMax: 2,
  /** Reference images: at most 50 MB each, width/height strictly between 1/4 and 4. */
  refImageMaxBytes: 50 * MB,
  refRatioMin: 1 / 4,
  refRatioMax: 4,
  refImageTypes: ['image/png', 'image/jpeg', 'image/webp'] as const,
  /** Families whose spec shows no prompt limit: a sanity bound, so a runaway paste is refused early. */
  promptMaxOther: 10_000,
  /** Not shown by the spec: bounds the studio applies so a typo is caught (e.g. 600 s). */
  unified2DurationMax: 60,
  vidqDurationMax: 60,
  gkSecondsMax: 15,
  gkReferencesMax: 10,
  /** What a create carries at all (the contract's shape); each family's own count is a rule. */
  referencesCeiling: 10,
  /** The same for the first family's payload, whose own limit is vidqPayloadMax. */
  payloadCeiling: 4 * 1_048_576,
  klReferenceUrlMax: 4096
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
  /** vidq `resolution`, unified2 `size`, kl `metadata.output_config.resolution`, gk `size`. */
  resolutions: readonly string[]
  defaultResolution: string | null
  duration: DurationRule
  /** vidq only: voice_id has no effect on q3 models (the form says so). */
  voiceIdHasEffect: boolean
  promptRequired: boolean
  promptMax: number
  maxReferences: number
  referenceKinds: readonly VideoRefKind[]
  /** One line for the form, e.g. "Length is fixed at 10 s by the gateway". */
  notes: readonly string[]
}

const VIDQ_RATIOS = ['16:9', '9:16', '1:1'] as const
export const VIDQ_RESOLUTIONS = ['540p', '720p', '1080p', '360p'] as const
export const UNIFIED2_SIZES = ['720x1280', '1280x720'] as const
export const UNIFIED2_RATIOS = ['16:9', '9:16'] as const
export const ORIENTATIONS = ['portrait', 'landscape'] as const
export const KL_RESOLUTIONS = ['720P', '1080P'] as const
export const KL_RATIOS = ['16:9', '9:16', '1:1'] as const
export const KL_SECONDS = ['5', '10', '15'] as const
export const KL_AUDIO = ['Enabled', 'Disabled'] as const
export const KL_SCENE_TYPES = ['motion_control', 'avatar_i2v', 'lip_sync', 'template_effect'] as const
export const KL_MOTION_LEVELS = ['std', 'pro'] as const
export const GK_RATIOS = ['16:9', '9:16', '2:3', '3:2', '1:1'] as const
export const GK_SIZES = ['720P', '1080P'] as const
export const WM_POSITIONS = [
  { value: 1, label: 'top-left' },
  { value: 2, label: 'top-right' },
  { value: 3, label: 'bottom-right' },
  { value: 4, label: 'bottom-left' }
] as const

/** Remix (both routes): the spec's enums. */
export const REMIX_SIZES = ['720P', '1080P'] as const
export const REMIX_RATIOS = ['2:3', '3:2', '1:1'] as const

/** Kling-style scenario presets: which inputs each needs, and what it sets. */
export const KL_SCENARIOS = [
  { id: 'text', needs: [] as const, sets: {} },
  { id: 'image', needs: ['image'] as const, sets: {} },
  { id: 'first-last', needs: ['image', 'lastFrame'] as const, sets: {} },
  { id: 'motion-control', needs: ['image'] as const, sets: { scene_type: 'motion_control' } }
] as const
export type KlScenario = (typeof KL_SCENARIOS)[number]['id']
export const KL_SCENARIO_IDS = KL_SCENARIOS.map((s) => s.id) as [KlScenario, ...KlScenario[]]

function vidq(model: string): VideoModelCapability {
  return {
    model,
    family: 'vidq',
    route: 'unified',
    aspectRatios: VIDQ_RATIOS,
    defaultAspectRatio: '16:9',
    resolutions: VIDQ_RESOLUTIONS,
    defaultResolution: null,
    // The spec's 1-10 s range belongs to the q2 series (a model rule); the family has only a sanity bound.
    duration: { min: 1, max: VIDEO_LIMITS.vidqDurationMax, default: null },
    voiceIdHasEffect: true,
    promptRequired: false,
    promptMax: VIDEO_LIMITS.vidqPromptMax,
    maxReferences: VIDEO_LIMITS.vidqImagesMax,
    referenceKinds: ['file', 'gallery', 'url', 'asset'],
    notes: ['No image: text to video; 1 image: image to video; 2 images: first and last frame.', 'The prompt is ignored when is_rec (recommended prompt) is on.']
  }
}

function unified2(model: string): VideoModelCapability {
  return {
    model,
    family: 'unified2',
    route: 'unified',
    aspectRatios: UNIFIED2_RATIOS,
    defaultAspectRatio: '9:16',
    resolutions: UNIFIED2_SIZES,
    defaultResolution: '720x1280',
    duration: { min: 1, max: VIDEO_LIMITS.unified2DurationMax, default: 8 },
    voiceIdHasEffect: false,
    promptRequired: true,
    promptMax: VIDEO_LIMITS.promptMaxOther,
    maxReferences: 4,
    referenceKinds: ['url', 'asset'],
    notes: ['References are image URLs or imported assets.', 'High-definition enhancement (enable_upsample) is for landscape only.']
  }
}

function kl(model: string): VideoModelCapability {
  return {
    model,
    family: 'kl',
    route: 'videos',
    aspectRatios: KL_RATIOS,
    defaultAspectRatio: null,
    resolutions: KL_RESOLUTIONS,
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

function gk(model: string): VideoModelCapability {
  return {
    model,
    family: 'gk',
    route: 'videos',
    aspectRatios: GK_RATIOS,
    defaultAspectRatio: null,
    resolutions: GK_SIZES,
    defaultResolution: '720P',
    duration: { min: 1, max: VIDEO_LIMITS.gkSecondsMax, default: null },
    voiceIdHasEffect: false,
    promptRequired: true,
    promptMax: VIDEO_LIMITS.promptMaxOther,
    maxReferences: VIDEO_LIMITS.gkReferencesMax,
    referenceKinds: ['file', 'gallery'],
    notes: ['Reference images are sent as files.']
  }
}

const FAMILY_DEFAULTS: Readonly<Record<VideoFamily, (model: string) => VideoModelCapability>> = { vidq, unified2, kl, gk }

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
  if (family === 'vidq' && !voiceIdHasEffect) notes.push(`voice_id has no effect on ${model}.`)
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
  return url.protocol === 'http:' && (url.hostname === '127.0.0.1' || url.hostname === 'localhost' || url.hostname === '[::1]')
}
