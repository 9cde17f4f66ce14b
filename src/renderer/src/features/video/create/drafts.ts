/**
 * What each family's form holds while the user types: plain strings and booleans, so nothing is
 * coerced behind their back. Defaults come from the domain's capability table (the same data the
 * host checks against), so a form never shows a default the host would not send.
 */
import { modelsOf, ruleOf, type GatewayNames } from '@shared/domain/gateway-names'
import {
  VIDEO_FAMILY,
  capabilityOf,
  type VIDEOS_JSON_AUDIO,
  type VIDEOS_JSON_MOTION_LEVELS,
  type VIDEOS_JSON_SCENE_TYPES,
  type VideosJsonScenario,
  type ORIENTATIONS,
  type VideoFamily,
  type VideoRef
} from '@shared/domain/video'

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

type Cap = ReturnType<typeof capFor>

// A model's defaults as a form holds them; a new draft starts from them and a model change carries them along.
const defaultAspect = (cap: Cap) => cap.defaultAspectRatio ?? ''
const defaultDuration = (cap: Cap) => str(cap.duration.default)
const defaultResolution = (cap: Cap) => cap.defaultResolution ?? ''

/** Per family, the fields that hold the model's default until the user changes them. */
const FOLLOW_MODEL: { [F in VideoFamily]: Partial<Record<keyof Drafts[F], (cap: Cap) => string>> } = {
  [VIDEO_FAMILY.unifiedFirst]: { aspectRatio: defaultAspect, duration: defaultDuration, resolution: defaultResolution },
  [VIDEO_FAMILY.unifiedSecond]: { duration: defaultDuration },
  [VIDEO_FAMILY.videosJson]: {},
  [VIDEO_FAMILY.videosMultipart]: { size: defaultResolution }
}

/** Each family's new draft for a model and its capability. */
const BLANK: { [F in VideoFamily]: (model: string, cap: Cap) => Drafts[F] } = {
  [VIDEO_FAMILY.unifiedFirst]: (model, cap) => ({
    model,
    refs: [],
    prompt: '',
    aspectRatio: defaultAspect(cap),
    audio: false,
    voiceId: '',
    isRec: false,
    bgm: false,
    duration: defaultDuration(cap),
    seed: '',
    resolution: defaultResolution(cap),
    payload: '',
    offPeak: false,
    watermark: false,
    wmPosition: '3',
    wmUrl: '',
    metaData: ''
  }),
  [VIDEO_FAMILY.unifiedSecond]: (model, cap) => ({
    model,
    refs: [],
    orientation: 'portrait',
    prompt: '',
    size: cap.defaultResolution ?? '720x1280',
    duration: defaultDuration(cap),
    aspectRatio: cap.defaultAspectRatio ?? '9:16',
    enableUpsample: false
  }),
  [VIDEO_FAMILY.videosJson]: (model) => ({
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
  }),
  [VIDEO_FAMILY.videosMultipart]: (model, cap) => ({
    model,
    prompt: '',
    aspectRatio: '',
    seconds: str(cap.duration.forced ?? cap.duration.default),
    size: defaultResolution(cap),
    refs: []
  })
}

/** A family's new draft; without a model, the first of the spec's names for the family. */
export function emptyDraft<F extends VideoFamily>(
  family: F,
  model: string = modelsOf(undefined, family)[0] ?? '',
  names?: GatewayNames
): Drafts[F] {
  return BLANK[family](model, capFor(family, model, names))
}

export const emptyUnifiedFirst = (model?: string, names?: GatewayNames) =>
  emptyDraft(VIDEO_FAMILY.unifiedFirst, model, names)
export const emptyUnifiedSecond = (model?: string, names?: GatewayNames) =>
  emptyDraft(VIDEO_FAMILY.unifiedSecond, model, names)
export const emptyVideosJson = (model?: string) => emptyDraft(VIDEO_FAMILY.videosJson, model)
export const emptyVideosMultipart = (model?: string, names?: GatewayNames) =>
  emptyDraft(VIDEO_FAMILY.videosMultipart, model, names)

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
export function withModel<F extends VideoFamily>(
  family: F,
  draft: Drafts[F],
  model: string,
  names?: GatewayNames
): Drafts[F] {
  const before = capFor(family, draft.model, names)
  const after = capFor(family, model, names)
  const next: Drafts[F] = { ...draft, model }
  const follow: Partial<Record<string, (cap: Cap) => string>> = FOLLOW_MODEL[family]
  for (const [field, of] of Object.entries(follow))
    if (of && next[field as keyof Drafts[F]] === of(before)) Object.assign(next, { [field]: of(after) })
  // A forced length is shown as the value; leaving a forced model brings back the free field.
  if (family === VIDEO_FAMILY.videosMultipart && after.duration.forced)
    Object.assign(next, { seconds: String(after.duration.forced) })
  else if (family === VIDEO_FAMILY.videosMultipart && before.duration.forced)
    Object.assign(next, { seconds: str(after.duration.default) })
  return next
}

/** Orientation decides the frame: portrait is 720x1280 and 9:16, landscape 1280x720 and 16:9. */
export function withOrientation(
  d: UnifiedSecondDraft,
  orientation: UnifiedSecondDraft['orientation']
): UnifiedSecondDraft {
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
