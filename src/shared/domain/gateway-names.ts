/**
 * A gateway's own names, per profile. The spec writes every vendor identifier (model names, some
 * path segments, some header names) as a neutral stand-in; a live gateway uses its own. So the
 * studio never asks "is this name on a list": a profile says which model names belong to which
 * body family, where the native image task and the asset routes live, and which header carries the
 * messages-format version. Rules attach to body families; a model may override them (as data).
 *
 * Zod-free on purpose: the renderer's forms read these defaults and helpers without loading zod on
 * the start path (the schema that validates an imported names file is in gateway-names-schema.ts).
 */

import { VIDEO_FAMILIES, VIDEO_FAMILY } from './video-models'

/**
 * Body families (what decides the request's shape), not vendors:
 * chat: suggestions for the chat model field (any chat format);
 * imagegen / image2: the first and second body family of POST /v1/images/generations;
 * native: the native async image task; editNative / editForm: the two families of the edit route
 * (the native one takes ratio, resolution and response_format; the other a quality word);
 * then the four video families, by the stored keys VIDEO_FAMILY (video-models.ts) names: the first and
 * second body of POST /v1/video/create, the JSON and the multipart body of POST /v1/videos.
 * These strings are the keys of `models` in a names file, so they never change.
 */
export const MODEL_FAMILIES = [
  'chat',
  'imagegen',
  'image2',
  'native',
  'editNative',
  'editForm',
  ...VIDEO_FAMILIES
] as const
export type ModelFamily = (typeof MODEL_FAMILIES)[number]

export const VIDEO_NAME_FAMILIES = VIDEO_FAMILIES satisfies readonly ModelFamily[]
export const IMAGE_NAME_FAMILIES = [
  'imagegen',
  'image2',
  'native',
  'editNative',
  'editForm'
] as const satisfies readonly ModelFamily[]

/** What a model changes of its family's rules. Every field is optional: absent = the family's default. */
export interface ModelRule {
  /** Video: the gateway fixes the length whatever is sent (shown, not editable). */
  forcedSeconds?: number
  durationMin?: number
  durationMax?: number
  /** The value the form starts with. */
  durationDefault?: number
  aspectRatios?: string[]
  resolutions?: string[]
  defaultResolution?: string
  /** First video family: whether voice_id does anything for this model. */
  voiceIdHasEffect?: boolean
  /** Edit route: the quality words this model takes. */
  qualities?: string[]
}

export const MODEL_RULE_KEYS = [
  'forcedSeconds',
  'durationMin',
  'durationMax',
  'durationDefault',
  'aspectRatios',
  'resolutions',
  'defaultResolution',
  'voiceIdHasEffect',
  'qualities'
] as const satisfies readonly (keyof ModelRule)[]

export interface NativeImageNames {
  /** The native task's route, e.g. `/imgnative`. */
  path: string
  submitAction: string
  resultAction: string
  version: string
  reqKey: string
}

export interface GatewayNames {
  version: 1
  models: Record<ModelFamily, string[]>
  /** Per-model overrides of the family's rules, keyed by model name. */
  rules: Record<string, ModelRule>
  nativeImage: NativeImageNames
  /** Prefix of the asset routes (`{prefix}CreateAsset`, ...), e.g. `/v1/vendor/asset/`. */
  assetPrefix: string
  /** The messages format's version header (name and value). */
  messagesVersionHeader: string
  messagesVersionValue: string
}

/** Limits of a names file (also what the editor enforces). */
export const NAMES_LIMITS = {
  modelNameMax: 200,
  modelsPerFamily: 500,
  rules: 1000,
  pathMax: 200,
  wordMax: 100,
  listMax: 40,
  fileBytesMax: 256 * 1024
} as const

const Q23_RATIOS = ['16:9', '9:16', '3:4', '4:3', '1:1']
const Q2_RESOLUTIONS = ['540p', '720p', '1080p']

/** The spec's own names, verbatim: what the Sandbox profile and every new profile start from. */
export const STANDIN_NAMES: GatewayNames = {
  version: 1,
  models: {
    chat: [],
    imagegen: ['imagegen-4.0', 'imagegen-4.5'],
    image2: ['image-model-2'],
    native: ['imagegen-4.0'],
    editNative: ['imagegen-4.0', 'imagegen-4.5'],
    editForm: ['image-model-1'],
    // The first name of a family is the form's default: the q2 model, whose spec rules are the fullest.
    [VIDEO_FAMILY.unifiedFirst]: [
      'vidq2-pro',
      'vidq3-pro',
      'vidq2-pro-fast',
      'vidq2-turbo',
      'vidq1',
      'vidq1-classic',
      'vid2.0'
    ],
    [VIDEO_FAMILY.unifiedSecond]: ['vo3.1-fast-components', 'vo3.1-components', 'jm-video-3.0'],
    [VIDEO_FAMILY.videosJson]: ['Kl-3.0-Omni', 'Kl-2.6', 'Kl-2.5'],
    [VIDEO_FAMILY.videosMultipart]: ['gk-video-3', 'gk-video-3-pro', 'gk-video-3-max']
  },
  rules: {
    // "3:4 and 4:3 only for q2 and q3 models"; "voice_id: no effect on q3 models".
    'vidq3-pro': { aspectRatios: Q23_RATIOS, voiceIdHasEffect: false },
    // q2 series: "duration default 5, range 1 to 10"; "q2 with 1 to 10 seconds defaults to 720p and allows 540p, 720p, 1080p".
    ...Object.fromEntries(
      ['vidq2-pro-fast', 'vidq2-pro', 'vidq2-turbo'].map((m) => [
        m,
        {
          aspectRatios: Q23_RATIOS,
          durationMin: 1,
          durationMax: 10,
          durationDefault: 5,
          resolutions: Q2_RESOLUTIONS,
          defaultResolution: '720p'
        }
      ])
    ),
    // "gk-video-3-pro is forced to 10 and gk-video-3-max to 15".
    'gk-video-3-pro': { forcedSeconds: 10 },
    'gk-video-3-max': { forcedSeconds: 15 },
    // "image-model-1 in the form case defaults to standard"; its other values are high/medium/low.
    'image-model-1': { qualities: ['standard', 'high', 'medium', 'low'] }
  },
  nativeImage: {
    path: '/imgnative',
    submitAction: 'CVSync2AsyncSubmitTask',
    resultAction: 'CVSync2AsyncGetResult',
    version: '2022-08-31',
    reqKey: 'imagegen_t2i_v40'
  },
  assetPrefix: '/v1/vendor/asset/',
  messagesVersionHeader: 'vendor-version',
  messagesVersionValue: '2023-06-01'
}

/** A deep copy, so an editor can change it freely. */
export function cloneNames(n: GatewayNames): GatewayNames {
  return JSON.parse(JSON.stringify(n)) as GatewayNames
}

/** The families a model name is assigned to in these names (a name may serve several, e.g. generate and edit). */
export function familiesOf(names: GatewayNames, model: string): ModelFamily[] {
  return MODEL_FAMILIES.filter((f) => names.models[f].includes(model))
}

/** The model's overrides, or none (no names: the spec's stand-ins, whose models carry the spec's rules). */
export function ruleOf(names: GatewayNames | undefined, model: string): ModelRule {
  const n = names ?? STANDIN_NAMES
  return (Object.prototype.hasOwnProperty.call(n.rules, model) ? n.rules[model] : undefined) ?? {}
}

/** Suggestions for a model field: the family's names (first one is the form's default). */
export function modelsOf(names: GatewayNames | undefined, family: ModelFamily): readonly string[] {
  return (names ?? STANDIN_NAMES).models[family]
}

/** The edit family a model belongs to, when the names say (native first: it has the richer form). */
export function editFamilyOf(names: GatewayNames | undefined, model: string): 'editNative' | 'editForm' | undefined {
  const n = names ?? STANDIN_NAMES
  if (n.models.editNative.includes(model)) return 'editNative'
  if (n.models.editForm.includes(model)) return 'editForm'
  return undefined
}

/** Every model name the names know, once, in family order. */
export function allModelNames(names: GatewayNames): string[] {
  return [...new Set(MODEL_FAMILIES.flatMap((f) => names.models[f]))]
}

/** Joins a path prefix and a route segment with exactly one slash. */
export function joinPath(prefix: string, route: string): string {
  return `${prefix.replace(/\/+$/, '')}/${route.replace(/^\/+/, '')}`
}
