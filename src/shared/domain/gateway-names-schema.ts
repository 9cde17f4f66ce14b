import { z } from 'zod'
import { MODEL_FAMILIES, NAMES_LIMITS, STANDIN_NAMES, type GatewayNames, type ModelFamily } from './gateway-names'

export * from './gateway-names'

/**
 * A model name as a gateway may spell it: anything printable without spaces (some gateways use
 * `org/model`, `model:tag` or `model@date`). Where a name goes into a path it is encoded there.
 */
export const ModelNameSchema = z
  .string()
  .trim()
  .min(1, 'A model name cannot be empty')
  .max(NAMES_LIMITS.modelNameMax, `A model name is at most ${NAMES_LIMITS.modelNameMax} characters`)
  .regex(/^[^\s\p{C}]+$/u, 'A model name has no spaces or control characters')

/** A route path of the gateway: starts with `/`, plain segments only (no query, no `..`). */
const RoutePath = z
  .string()
  .max(NAMES_LIMITS.pathMax)
  .regex(/^\/[A-Za-z0-9._~\-/]*$/, 'A path starts with / and holds only letters, digits and . _ ~ - /')
  .refine((p) => !p.split('/').some((s) => s === '..' || s === '.'), 'A path cannot contain . or .. segments')

/** A query value or body word (action, version, req_key). */
const Word = z
  .string()
  .min(1, 'This cannot be empty')
  .max(NAMES_LIMITS.wordMax)
  .regex(/^[A-Za-z0-9._:~-]+$/, 'Only letters, digits and . _ : ~ -')

/** An HTTP header name (RFC 9110 token), never one the studio sets itself. */
const HeaderName = z
  .string()
  .min(1, 'A header name cannot be empty')
  .max(NAMES_LIMITS.wordMax)
  .regex(/^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/, 'Not a valid header name')
  .refine(
    (h) =>
      ![
        'authorization',
        'content-type',
        'content-length',
        'host',
        'cookie',
        'origin',
        'x-api-key',
        'x-goog-api-key'
      ].includes(h.toLowerCase()),
    'This header is set by the studio itself'
  )

const ShortList = z.array(z.string().min(1).max(NAMES_LIMITS.wordMax)).min(1).max(NAMES_LIMITS.listMax)
const Seconds = z.number().int('Whole seconds').min(1).max(3600)

export const ModelRuleSchema = z
  .strictObject({
    forcedSeconds: Seconds.optional(),
    durationMin: Seconds.optional(),
    durationMax: Seconds.optional(),
    durationDefault: Seconds.optional(),
    aspectRatios: z
      .array(z.string().regex(/^\d{1,2}:\d{1,2}$/, 'A ratio looks like 16:9'))
      .min(1)
      .max(NAMES_LIMITS.listMax)
      .optional(),
    resolutions: ShortList.optional(),
    defaultResolution: z.string().min(1).max(NAMES_LIMITS.wordMax).optional(),
    voiceIdHasEffect: z.boolean().optional(),
    qualities: ShortList.optional()
  })
  .superRefine((r, ctx) => {
    if (r.durationMin !== undefined && r.durationMax !== undefined && r.durationMin > r.durationMax)
      ctx.addIssue({ code: 'custom', path: ['durationMin'], message: 'The shortest length is longer than the longest' })
    if (
      r.durationDefault !== undefined &&
      ((r.durationMin !== undefined && r.durationDefault < r.durationMin) ||
        (r.durationMax !== undefined && r.durationDefault > r.durationMax))
    )
      ctx.addIssue({ code: 'custom', path: ['durationDefault'], message: 'The default length is outside the range' })
    if (
      r.defaultResolution !== undefined &&
      r.resolutions !== undefined &&
      !r.resolutions.includes(r.defaultResolution)
    )
      ctx.addIssue({
        code: 'custom',
        path: ['defaultResolution'],
        message: 'The default resolution is not one of the resolutions'
      })
  })

const FamilyList = z
  .array(ModelNameSchema)
  .max(NAMES_LIMITS.modelsPerFamily, `At most ${NAMES_LIMITS.modelsPerFamily} models per family`)
  .transform((list) => [...new Set(list)])

const modelsShape = Object.fromEntries(MODEL_FAMILIES.map((f) => [f, FamilyList])) as Record<
  ModelFamily,
  typeof FamilyList
>

export const GatewayNamesSchema = z.strictObject({
  version: z.literal(1, 'This names file is of an unknown version (expected 1)'),
  models: z.strictObject(modelsShape),
  rules: z
    .record(ModelNameSchema, ModelRuleSchema)
    .refine((r) => Object.keys(r).length <= NAMES_LIMITS.rules, `At most ${NAMES_LIMITS.rules} model rules`),
  nativeImage: z.strictObject({ path: RoutePath, submitAction: Word, resultAction: Word, version: Word, reqKey: Word }),
  assetPrefix: RoutePath,
  messagesVersionHeader: HeaderName,
  messagesVersionValue: Word
}) satisfies z.ZodType<GatewayNames, unknown>

/** One problem of an imported names file, at its field (`models.<family>.2`, `nativeImage.path`...). */
export interface NamesProblem {
  field: string
  message: string
}

/**
 * Reads a names file (what Export wrote, or a teammate's edit of it). Families or fields missing
 * from the file keep the spec's stand-ins only when the whole section is absent; a present field
 * that is wrong is a problem at its own path, so the user can mend exactly that line.
 */
export function parseNamesFile(
  text: string
): { ok: true; names: GatewayNames } | { ok: false; problems: NamesProblem[] } {
  if (text.length > NAMES_LIMITS.fileBytesMax)
    return {
      ok: false,
      problems: [{ field: '', message: `The file is larger than ${NAMES_LIMITS.fileBytesMax / 1024} KB` }]
    }
  let raw: unknown
  try {
    raw = JSON.parse(text)
  } catch (e) {
    return { ok: false, problems: [{ field: '', message: `Not JSON: ${e instanceof Error ? e.message : String(e)}` }] }
  }
  if (!raw || typeof raw !== 'object' || Array.isArray(raw))
    return { ok: false, problems: [{ field: '', message: 'The file must hold one JSON object' }] }
  const r = raw as Record<string, unknown>
  // A file may carry only some families: the rest start empty, not from the stand-ins (a shared file is the team's whole naming).
  const filled = {
    version: r.version,
    models:
      r.models && typeof r.models === 'object' && !Array.isArray(r.models)
        ? Object.fromEntries(MODEL_FAMILIES.map((f) => [f, (r.models as Record<string, unknown>)[f] ?? []]))
        : r.models,
    rules: r.rules ?? {},
    nativeImage: r.nativeImage ?? STANDIN_NAMES.nativeImage,
    assetPrefix: r.assetPrefix ?? STANDIN_NAMES.assetPrefix,
    messagesVersionHeader: r.messagesVersionHeader ?? STANDIN_NAMES.messagesVersionHeader,
    messagesVersionValue: r.messagesVersionValue ?? STANDIN_NAMES.messagesVersionValue
  }
  const unknownModels =
    r.models && typeof r.models === 'object'
      ? Object.keys(r.models).filter((k) => !(MODEL_FAMILIES as readonly string[]).includes(k))
      : []
  const unknownTop = Object.keys(r).filter(
    (k) =>
      ![
        'version',
        'models',
        'rules',
        'nativeImage',
        'assetPrefix',
        'messagesVersionHeader',
        'messagesVersionValue',
        'exportedFrom'
      ].includes(k)
  )
  const parsed = GatewayNamesSchema.safeParse(filled)
  const problems: NamesProblem[] = [
    ...unknownTop.map((k) => ({ field: k, message: `Unknown field "${k}"` })),
    ...unknownModels.map((k) => ({
      field: `models.${k}`,
      message: `Unknown family "${k}" (families: ${MODEL_FAMILIES.join(', ')})`
    }))
  ]
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      if (issue.code === 'unrecognized_keys') {
        for (const key of issue.keys)
          problems.push({ field: [...issue.path.map(String), key].join('.'), message: `Unknown field "${key}"` })
        continue
      }
      problems.push({ field: issue.path.map(String).join('.'), message: issue.message })
    }
  }
  if (problems.length > 0 || !parsed.success) return { ok: false, problems }
  return { ok: true, names: parsed.data }
}
