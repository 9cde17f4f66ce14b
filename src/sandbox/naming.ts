/**
 * Every vendor-named identifier the sandbox answers to, in one table. The spec writes these with
 * neutral stand-in words; a live gateway uses its own. The sandbox can speak either naming, so the
 * studio can be tried against names it has never seen.
 */

/** The body families of the spec (a model belongs to one or more). */
export const BODY_FAMILIES = [
  'chat',
  'imageGen1',
  'imageGen2',
  'imageEdit',
  'videoUnified1',
  'videoUnified2',
  'videoJson',
  'videoMultipart'
] as const
export type BodyFamily = (typeof BODY_FAMILIES)[number]

/**
 * A model name, or a name that plays a stand-in model's part: it then takes that model's price and
 * every per-model rule the spec ties to it (q2/q3 series, forced seconds, thinking …). A plain name
 * that is not a stand-in gets its family's defaults.
 */
export type NamedModel = string | { name: string; plays: string }

export interface SandboxNaming {
  /** Printed in the start line. */
  id: string
  /** Per body family; `imageGen1` models are also the native edit family, `imageEdit` the other edit family. */
  models: Readonly<Record<BodyFamily, readonly NamedModel[]>>
  /** The native image task's model (one of `imageGen1`) and its fixed `req_key`. */
  nativeModel: string
  nativeReqKey: string
  /** Path of the native image task route (both its actions). */
  nativePath: string
  /** Prefix of the asset routes, with both slashes: `<prefix>CreateAssetGroup`. */
  assetPrefix: string
  /** The messages format's version header. */
  versionHeader: string
  /** The content format's key header. */
  contentKeyHeader: string
  /** Other spellings this naming also answers to, as a live deployment does (GATEWAY.md §2, §5b). */
  aliases?: { reqKeys?: readonly string[]; contentKeyHeaders?: readonly string[] }
}

/** The spec's stand-ins, exactly as the sandbox has always served them. */
export const STANDIN_NAMING: SandboxNaming = {
  id: 'standin',
  models: {
    chat: [
      'gemini-2.5-flash',
      'gemini-2.5-pro',
      'gemini-2.5-flash-thinking',
      'claude-sonnet-4-5',
      'claude-sonnet-4-5-think',
      'claude-haiku-4-5',
      'gpt-4o-mini',
      'gpt-4.1',
      'gpt-3.5-turbo-instruct',
      'deepseek-v3'
    ],
    imageGen1: ['imagegen-4.0', 'imagegen-4.5'],
    imageGen2: ['image-model-2'],
    imageEdit: ['image-model-1'],
    videoUnified1: ['vidq3-pro', 'vidq2-pro-fast', 'vidq2-pro', 'vidq2-turbo', 'vidq1', 'vidq1-classic', 'vid2.0'],
    videoUnified2: ['vo3.1-fast-components', 'vo3.1-components', 'jm-video-3.0'],
    videoJson: ['Kl-3.0-Omni', 'Kl-2.6', 'Kl-2.5'],
    videoMultipart: ['gk-video-3', 'gk-video-3-pro', 'gk-video-3-max']
  },
  nativeModel: 'imagegen-4.0',
  nativeReqKey: 'imagegen_t2i_v40',
  nativePath: '/imgnative',
  assetPrefix: '/v1/vendor/asset/',
  versionHeader: 'vendor-version',
  contentKeyHeader: 'x-vendor-api-key',
  aliases: { reqKeys: ['jimeng_t2i_v40'], contentKeyHeaders: ['x-goog-api-key'] }
}

const as = (name: string, plays: string): NamedModel => ({ name, plays })

/** A second, unrelated naming: every model, path and header differs from the stand-ins. */
export const ALT_NAMING: SandboxNaming = {
  id: 'alt',
  models: {
    chat: [
      as('lumen-flash', 'gemini-2.5-flash'),
      as('lumen-pro', 'gemini-2.5-pro'),
      as('lumen-flash-reasoner', 'gemini-2.5-flash-thinking'),
      as('quill-4', 'claude-sonnet-4-5'),
      as('quill-4-reasoner', 'claude-sonnet-4-5-think'),
      as('quill-lite', 'claude-haiku-4-5'),
      as('sage-mini', 'gpt-4o-mini'),
      as('sage-2', 'gpt-4.1'),
      as('sage-instruct', 'gpt-3.5-turbo-instruct'),
      as('delve-3', 'deepseek-v3')
    ],
    imageGen1: [as('pixa-2', 'imagegen-4.0'), as('pixa-2-hd', 'imagegen-4.5')],
    imageGen2: [as('canvas-x', 'image-model-2')],
    imageEdit: [as('retouch-1', 'image-model-1')],
    videoUnified1: [
      as('clipforge-pro', 'vidq3-pro'),
      as('clipforge-swift', 'vidq2-pro-fast'),
      as('clipforge-std', 'vidq2-pro'),
      as('clipforge-turbo', 'vidq2-turbo'),
      as('clipforge-lite', 'vidq1'),
      as('clipforge-classic', 'vidq1-classic'),
      as('clipforge-legacy', 'vid2.0')
    ],
    videoUnified2: [
      as('scenery-fast', 'vo3.1-fast-components'),
      as('scenery', 'vo3.1-components'),
      as('dreamreel-3', 'jm-video-3.0')
    ],
    videoJson: [as('motionist-omni', 'Kl-3.0-Omni'), as('motionist-26', 'Kl-2.6'), as('motionist-25', 'Kl-2.5')],
    videoMultipart: [
      as('framecast', 'gk-video-3'),
      as('framecast-pro', 'gk-video-3-pro'),
      as('framecast-max', 'gk-video-3-max')
    ]
  },
  nativeModel: 'pixa-2',
  nativeReqKey: 'pixa_t2i_v2',
  nativePath: '/visual/task',
  assetPrefix: '/v1/media-assets/',
  versionHeader: 'x-api-revision',
  contentKeyHeader: 'x-content-key'
}

export function nameOf(m: NamedModel): string {
  return typeof m === 'string' ? m : m.name
}

/** The stand-in whose part a model plays (itself when it is a plain name). */
export function roleOf(m: NamedModel): string {
  return typeof m === 'string' ? m : m.plays
}

/** Every model name of a naming, in table order, without repeats. */
export function modelNames(naming: SandboxNaming): string[] {
  return [...new Set(BODY_FAMILIES.flatMap((f) => naming.models[f].map(nameOf)))]
}

/** The names that play a stand-in's part in this naming, e.g. which alt model plays `Kl-2.6`. */
export function namesPlaying(naming: SandboxNaming, standin: string): string[] {
  return BODY_FAMILIES.flatMap((f) => naming.models[f].filter((m) => roleOf(m) === standin).map(nameOf))
}

const PATH = /^\/[A-Za-z0-9._~\-/]*$/
const HEADER = /^[a-z0-9][a-z0-9-]*$/

/** A naming given by a caller is checked once, so a typo fails at start instead of as a 404 later. */
export function resolveNaming(n: 'standin' | 'alt' | SandboxNaming | undefined): SandboxNaming {
  if (n === undefined || n === 'standin') return STANDIN_NAMING
  if (n === 'alt') return ALT_NAMING
  const problems: string[] = []
  const names = new Set(BODY_FAMILIES.flatMap((f) => (n.models[f] ?? []).map(nameOf)))
  for (const f of BODY_FAMILIES) {
    if (!Array.isArray(n.models[f])) problems.push(`models.${f} must be a list`)
    else if (n.models[f].some((m) => !nameOf(m))) problems.push(`models.${f} has an empty name`)
  }
  if (!(n.models.imageGen1 ?? []).map(nameOf).includes(n.nativeModel))
    problems.push(`nativeModel ${n.nativeModel} must be one of models.imageGen1`)
  if (!names.size) problems.push('no models')
  if (!PATH.test(n.nativePath) || n.nativePath === '/')
    problems.push(`nativePath ${n.nativePath} must be a path such as /visual/task`)
  if (!PATH.test(n.assetPrefix) || !n.assetPrefix.endsWith('/'))
    problems.push(`assetPrefix ${n.assetPrefix} must be a path ending in /`)
  if (!HEADER.test(n.versionHeader)) problems.push(`versionHeader ${n.versionHeader} must be a lower-case header name`)
  if (!HEADER.test(n.contentKeyHeader))
    problems.push(`contentKeyHeader ${n.contentKeyHeader} must be a lower-case header name`)
  if (!n.nativeReqKey) problems.push('nativeReqKey is empty')
  if (problems.length) throw new Error(`sandbox naming '${n.id}': ${problems.join('; ')}`)
  return n
}

export function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
}
