/**
 * What each family's form holds while the user types: plain strings and booleans, so nothing is
 * coerced behind their back. Defaults come from the domain's capability table (the same data the
 * host checks against), so a form never shows a default the host would not send.
 */
import { modelsOf, ruleOf, type GatewayNames } from '@shared/domain/gateway-names'
import { VIDEO_FAMILY, capabilityOf, type VIDEOS_JSON_AUDIO, type VIDEOS_JSON_MOTION_LEVELS, type VIDEOS_JSON_SCENE_TYPES, type VideosJsonScenario, type ORIENTATIONS, type VideoFamily, type VideoRef } from '@shared/domain/video'

/** '' is "not sent"; otherwise one of the domain's values. */
export type Choice<T extends readonly string[]> = '' | T[number]

/** A model's capability under the names (none: the spec's stand-ins, with their model rules). */
export function capFor(family: VideoFamily, model: string, names?: GatewayNames) {
  return capabilityOf(family, model, ruleOf(names, model))
}

/** A reference as the form shows it: the contract's ref plus a label and a thumbnail URL. */
export interface DraftRef {
  ref: VideoRef
  label: string
  thumbUrl?: string
  /** The frame it was handed in as (first or last), where the family's list holds both. */
  slot?: 'first' | 'last'
}

export interface UnifiedFirstDraft {
  /** Any name; the profile's names for the family are suggestions. */
  model: string
  refs: DraftRef[]
  prompt: string
  aspectRatio: string
  audio: boolean
  voiceId: string
  isRec: boolean
  bgm: boolean
  duration: string
  seed: string
  resolution: string
  payload: string
  offPeak: boolean
  watermark: boolean
  wmPosition: string
  wmUrl: string
  metaData: string
}

export interface UnifiedSecondDraft {
  model: string
  refs: DraftRef[]
  orientation: (typeof ORIENTATIONS)[number]
  prompt: string
  size: string
  duration: string
  aspectRatio: string
  enableUpsample: boolean
}

export interface VideosJsonDraft {
  model: string
  scenario: VideosJsonScenario
  prompt: string
  seconds: string
  size: string
  image: DraftRef | null
  lastFrame: DraftRef | null
  outputDuration: string
  outputResolution: string
  outputAspect: string
  audioGeneration: Choice<typeof VIDEOS_JSON_AUDIO>
  sceneType: Choice<typeof VIDEOS_JSON_SCENE_TYPES>
  motionLevel: Choice<typeof VIDEOS_JSON_MOTION_LEVELS>
  offpeak: boolean
  videoUrl: string
  fileInfos: string
  extInfo: string
}

export interface VideosMultipartDraft {
  model: string
  prompt: string
  aspectRatio: string
  seconds: string
  size: string
  refs: DraftRef[]
}

export interface Drafts {
  [VIDEO_FAMILY.unifiedFirst]: UnifiedFirstDraft
  [VIDEO_FAMILY.unifiedSecond]: UnifiedSecondDraft
  [VIDEO_FAMILY.videosJson]: VideosJsonDraft
  [VIDEO_FAMILY.videosMultipart]: VideosMultipartDraft
}

const str = (n: number | null | undefined) => (n === null || n === undefined ? '' : String(n))

export function emptyUnifiedFirst(model: string = modelsOf(undefined, VIDEO_FAMILY.unifiedFirst)[0] ?? '', names?: GatewayNames): UnifiedFirstDraft {
  const cap = capFor(VIDEO_FAMILY.unifiedFirst, model, names)
  return {
    model,
    refs: [],
    prompt: '',
    aspectRatio: cap.defaultAspectRatio ?? '',
    audio: false,
    voiceId: '',
    isRec: false,
    bgm: false,
    duration: str(cap.duration.default),
    seed: '',
    resolution: cap.defaultResolution ?? '',
    payload: '',
    offPeak: false,
    watermark: false,
    wmPosition: '3',
    wmUrl: '',
    metaData: ''
  }
}

export function emptyUnifiedSecond(model: string = modelsOf(undefined, VIDEO_FAMILY.unifiedSecond)[0] ?? '', names?: GatewayNames): UnifiedSecondDraft {
  const cap = capFor(VIDEO_FAMILY.unifiedSecond, model, names)
  return {
    model,
    refs: [],
    orientation: 'portrait',
    prompt: '',
    size: cap.defaultResolution ?? '720x1280',
    duration: str(cap.duration.default),
    aspectRatio: cap.defaultAspectRatio ?? '9:16',
    enableUpsample: false
  }
}

export function emptyVideosJson(model: string = modelsOf(undefined, VIDEO_FAMILY.videosJson)[0] ?? ''): VideosJsonDraft {
  return {
    model,
    scenario: 'text',
    prompt: '',
    seconds: '',
    size: '',
    image: null,
    lastFrame: null,
    outputDuration: '',
    outputResolution: '',
    outputAspect: '',
    audioGeneration: '',
    sceneType: '',
    motionLevel: '',
    offpeak: false,
    videoUrl: '',
    fileInfos: '',
    extInfo: ''
  }
}

export function emptyVideosMultipart(model: string = modelsOf(undefined, VIDEO_FAMILY.videosMultipart)[0] ?? '', names?: GatewayNames): VideosMultipartDraft {
  const cap = capFor(VIDEO_FAMILY.videosMultipart, model, names)
  return { model, prompt: '', aspectRatio: '', seconds: str(cap.duration.forced ?? cap.duration.default), size: cap.defaultResolution ?? '', refs: [] }
}

/** New forms start without a model: each form's model field takes the profile's first name for its family. */
export function emptyDrafts(): Drafts {
  return {
    [VIDEO_FAMILY.unifiedFirst]: emptyUnifiedFirst(''),
    [VIDEO_FAMILY.unifiedSecond]: emptyUnifiedSecond(''),
    [VIDEO_FAMILY.videosJson]: emptyVideosJson(''),
    [VIDEO_FAMILY.videosMultipart]: emptyVideosMultipart('')
  }
}

/**
 * A model change keeps what the user chose, except values that were the old model's defaults:
 * those follow the new model (q2's 5 s and 720p are not q1's).
 */
export function withModel<F extends VideoFamily>(family: F, draft: Drafts[F], model: string, names?: GatewayNames): Drafts[F] {
  const before = capFor(family, draft.model, names)
  const after = capFor(family, model, names)
  if (family === VIDEO_FAMILY.unifiedSecond) {
    const d = draft as UnifiedSecondDraft
    const next: UnifiedSecondDraft = { ...d, model }
    if (d.duration === str(before.duration.default)) next.duration = str(after.duration.default)
    return next as Drafts[F]
  }
  if (family === VIDEO_FAMILY.videosJson) return { ...draft, model } as Drafts[F]
  if (family === VIDEO_FAMILY.unifiedFirst) {
    const d = draft as UnifiedFirstDraft
    const next: UnifiedFirstDraft = { ...d, model }
    if (d.aspectRatio === (before.defaultAspectRatio ?? '')) next.aspectRatio = after.defaultAspectRatio ?? ''
    if (d.duration === str(before.duration.default)) next.duration = str(after.duration.default)
    if (d.resolution === (before.defaultResolution ?? '')) next.resolution = after.defaultResolution ?? ''
    return next as Drafts[F]
  }
  const d = draft as VideosMultipartDraft
  const next: VideosMultipartDraft = { ...d, model }
  if (d.size === (before.defaultResolution ?? '')) next.size = after.defaultResolution ?? ''
  // A forced length is shown as the value; leaving a forced model brings back the free field.
  if (after.duration.forced) next.seconds = String(after.duration.forced)
  else if (before.duration.forced) next.seconds = str(after.duration.default)
  return next as Drafts[F]
}

/** Orientation decides the frame: portrait is 720x1280 and 9:16, landscape 1280x720 and 16:9. */
export function withOrientation(d: UnifiedSecondDraft, orientation: UnifiedSecondDraft['orientation']): UnifiedSecondDraft {
  const landscape = orientation === 'landscape'
  return {
    ...d,
    orientation,
    size: landscape ? '1280x720' : '720x1280',
    aspectRatio: landscape ? '16:9' : '9:16',
    enableUpsample: landscape ? d.enableUpsample : false
  }
}

/** Presets set what the scenario implies (motion control: scene_type) and clear what it contradicts. */
export function withScenario(d: VideosJsonDraft, scenario: VideosJsonScenario): VideosJsonDraft {
  const next: VideosJsonDraft = { ...d, scenario }
  if (scenario === 'motion-control') next.sceneType = 'motion_control'
  else if (d.sceneType === 'motion_control') next.sceneType = ''
  if (scenario !== 'first-last') next.lastFrame = null
  if (scenario === 'text') next.image = null
  return next
}
