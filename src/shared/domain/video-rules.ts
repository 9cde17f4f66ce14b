/**
 * Every rule of a video create, written once: the family's cross-field rules and limits, and the
 * model's capability (its family's enums and limits, changed by the profile's rule for that model).
 * The host refuses with the first problem before any request (submit.ts); the form shows them all
 * at their fields as the user types (features/video/create/validate.ts), from the same function.
 */
import type { ModelRule } from './gateway-names-schema'
import { issueProblems, ruleProblem, type RuleProblem } from './rule-problems'
import { VideoCreateRequestSchema, type VideoCreateInput, type VideoCreateRequest, type VideoRef } from './video'
import { VIDEO_FAMILY, capabilityOf, VIDEO_LIMITS, type DurationRule, type VideoModelCapability } from './video-models'

function refKindProblems(
  cap: VideoModelCapability,
  refs: readonly VideoRef[],
  field: string,
  indexed = true
): RuleProblem[] {
  const kinds = cap.referenceKinds.join(', ')
  return refs.flatMap((r, i) =>
    cap.referenceKinds.includes(r.kind)
      ? []
      : [ruleProblem(indexed ? `${field}.${i}` : field, 'refKind', { model: cap.model, kinds, kind: r.kind })]
  )
}

function refCountProblems(cap: VideoModelCapability, refs: readonly VideoRef[], field: string): RuleProblem[] {
  if (refs.length <= cap.maxReferences) return []
  // The first family's images mean text, image or first-and-last-frame to video, so it says that.
  if (cap.family === VIDEO_FAMILY.unifiedFirst)
    return [ruleProblem(field, 'unifiedFirstImages', { max: cap.maxReferences })]
  return [ruleProblem(field, 'refsTooMany', { model: cap.model, max: cap.maxReferences })]
}

type EnumKey = 'aspectRatio' | 'videoResolution' | 'videoSize'

function oneOf(
  field: string,
  value: string | undefined,
  allowed: readonly string[],
  model: string,
  key: EnumKey
): RuleProblem[] {
  return value !== undefined && !allowed.includes(value)
    ? [ruleProblem(field, key, { model, allowed: allowed.join(', '), value })]
    : []
}

function lengthProblems(field: string, seconds: number | undefined, model: string, d: DurationRule): RuleProblem[] {
  if (seconds === undefined || d.forced !== undefined) return []
  return seconds < d.min || seconds > d.max
    ? [ruleProblem(field, 'durationRange', { model, min: d.min, max: d.max })]
    : []
}

/**
 * Rules of the model's capability (its family's enums and limits, changed by the profile's rule for
 * that model): only the host and the form know the profile, so this is not part of the schema.
 */
export function capabilityProblems(r: VideoCreateRequest, cap: VideoModelCapability): RuleProblem[] {
  const p: RuleProblem[] = []
  if (cap.promptRequired && !r.prompt.trim()) p.push(ruleProblem('prompt', 'promptRequired'))
  if (r.prompt.length > cap.promptMax)
    p.push(ruleProblem('prompt', 'promptTooLong', { max: cap.promptMax, length: r.prompt.length }))
  const m = r.model
  if (r.family === VIDEO_FAMILY.unifiedFirst) {
    p.push(...oneOf('aspect_ratio', r.aspect_ratio, cap.aspectRatios, m, 'aspectRatio'))
    p.push(...oneOf('resolution', r.resolution, cap.resolutions, m, 'videoResolution'))
    p.push(...lengthProblems('duration', r.duration, m, cap.duration))
    p.push(...refCountProblems(cap, r.images, 'images'), ...refKindProblems(cap, r.images, 'images'))
  } else if (r.family === VIDEO_FAMILY.unifiedSecond) {
    p.push(...oneOf('aspect_ratio', r.aspect_ratio, cap.aspectRatios, m, 'aspectRatio'))
    p.push(...oneOf('size', r.size, cap.resolutions, m, 'videoSize'))
    p.push(...lengthProblems('duration', r.duration, m, cap.duration))
    p.push(...refCountProblems(cap, r.images, 'images'), ...refKindProblems(cap, r.images, 'images'))
  } else if (r.family === VIDEO_FAMILY.videosJson) {
    p.push(...oneOf('output_config.aspect_ratio', r.output_config?.aspect_ratio, cap.aspectRatios, m, 'aspectRatio'))
    p.push(...oneOf('output_config.resolution', r.output_config?.resolution, cap.resolutions, m, 'videoResolution'))
    p.push(...lengthProblems('output_config.duration', r.output_config?.duration, m, cap.duration))
    if (r.image) p.push(...refKindProblems(cap, [r.image], 'image', false))
    if (r.last_frame) p.push(...refKindProblems(cap, [r.last_frame], 'last_frame', false))
  } else {
    p.push(...oneOf('aspect_ratio', r.aspect_ratio, cap.aspectRatios, m, 'aspectRatio'))
    p.push(...oneOf('size', r.size, cap.resolutions, m, 'videoSize'))
    p.push(...lengthProblems('seconds', r.seconds, m, cap.duration))
    p.push(...refCountProblems(cap, r.references, 'references'), ...refKindProblems(cap, r.references, 'references'))
  }
  return p
}

function jsonProblem(text: string): string | null {
  try {
    JSON.parse(text)
    return null
  } catch (e) {
    return e instanceof Error ? e.message : String(e)
  }
}

/** Cross-field rules and limits that hold for every model of a family. */
export function structuralProblems(r: VideoCreateRequest): RuleProblem[] {
  const p: RuleProblem[] = []
  if (r.family === VIDEO_FAMILY.unifiedFirst) {
    if (r.payload !== undefined && r.payload.length > VIDEO_LIMITS.unifiedFirstPayloadMax) {
      p.push(
        ruleProblem('payload', 'payloadTooLong', { max: VIDEO_LIMITS.unifiedFirstPayloadMax, length: r.payload.length })
      )
    }
    const detail = r.meta_data ? jsonProblem(r.meta_data) : null
    if (detail !== null) p.push(ruleProblem('meta_data', 'metaJson', { detail }))
    if (!r.is_rec && !r.prompt.trim() && r.images.length === 0)
      p.push(ruleProblem('prompt', 'unifiedFirstPromptOrImage'))
  } else if (r.family === VIDEO_FAMILY.unifiedSecond) {
    if (r.enable_upsample && r.orientation !== 'landscape') p.push(ruleProblem('enable_upsample', 'upsampleLandscape'))
  } else if (r.family === VIDEO_FAMILY.videosJson) {
    if (r.seconds !== undefined && !/^\d{1,2}$/.test(r.seconds)) p.push(ruleProblem('seconds', 'secondsWhole'))
    if (r.size !== undefined && !/^\d{2,5}x\d{2,5}$/.test(r.size)) p.push(ruleProblem('size', 'sizeWxH'))
    if (r.scenario !== 'text' && !r.image) p.push(ruleProblem('image', 'needsImage'))
    if (r.scenario === 'first-last' && !r.last_frame) p.push(ruleProblem('last_frame', 'needsLastFrame'))
    if (r.scenario === 'motion-control' && r.scene_type && r.scene_type !== 'motion_control')
      p.push(ruleProblem('scene_type', 'sceneMotion'))
  }
  return p
}

/** Every rule of the spec for this request, under the model's rule from the profile's names. */
export function videoRequestProblems(r: VideoCreateRequest, rule: ModelRule = {}): RuleProblem[] {
  return [...capabilityProblems(r, capabilityOf(r.family, r.model, rule)), ...structuralProblems(r)]
}

/**
 * What the host does with a create, as one function: the contract's parse, then every rule. A
 * request comes back only when nothing is refused.
 */
export function checkVideoCreate(
  input: VideoCreateInput,
  ruleFor: (model: string) => ModelRule
): { request: VideoCreateRequest | null; problems: RuleProblem[] } {
  const parsed = VideoCreateRequestSchema.safeParse(input)
  if (!parsed.success) return { request: null, problems: issueProblems(parsed.error.issues) }
  const problems = videoRequestProblems(parsed.data, ruleFor(parsed.data.model))
  return { request: problems.length === 0 ? parsed.data : null, problems }
}
