import { ruleOf, type GatewayNames } from '@shared/domain/gateway-names'
/**
 * Each family's draft to exactly the contract's create request, or problems per field and no
 * request. Pure, so every limit of the spec is tested without a DOM. The checks read the domain's
 * capability table (the data the host checks against); the contract schema runs last as a backstop,
 * so whatever it would refuse is also shown at its field before anything is sent.
 */
import {
  capabilityOf,
  isAllowedReferenceUrl,
  VideoCreateRequestSchema,
  VIDEO_LIMITS,
  type VideoCreateInput,
  type VideoCreateRequest,
  type VideoFamily,
  type VideoRef
} from '@shared/domain/video'
import { grouped, isBlank, parseWhole, vp, type VideoProblems } from '../problems'
import type { DraftRef, Drafts, GkDraft, KlDraft, Unified2Draft, VidqDraft } from './drafts'

export interface Validated {
  request: VideoCreateRequest | null
  problems: VideoProblems
}

/** As the contract takes it (ModelNameSchema): printable, no spaces. */
const MODEL_NAME = /^[^\s\p{C}]{1,200}$/u
const WXH = /^\d{2,5}x\d{2,5}$/
const SEED_MAX = 2_147_483_647

function checkPrompt(prompt: string, required: boolean, max: number, problems: VideoProblems): void {
  if (required && isBlank(prompt)) problems.prompt = vp('promptRequired')
  else if (prompt.length > max) problems.prompt = vp('promptTooLong', { max: grouped(max), count: grouped(prompt.length) })
}

/** Kinds the model takes, a well-formed URL per URL row, and the count. */
function checkRefs(family: VideoFamily, model: string, refs: readonly DraftRef[], field: string, max: number, problems: VideoProblems): void {
  const kinds = capabilityOf(family, model).referenceKinds // reference kinds are the family's; rules do not change them
  if (refs.length > max) problems[field] = vp('tooManyRefs', { max })
  refs.forEach((r, i) => checkRef(r, kinds, `${field}.${i}`, problems))
}

const ASSET_URL = /^asset:\/\/([A-Za-z0-9_.:-]{1,128})$/

/** `asset://<id>` typed as a URL is an asset reference. */
export function normalizeRef(r: DraftRef): DraftRef {
  if (r.ref.kind !== 'url') return r
  const m = ASSET_URL.exec(r.ref.url.trim())
  return m ? { ...r, ref: { kind: 'asset', assetId: m[1] } } : r
}

function checkRef(draftRef: DraftRef, kinds: readonly string[], field: string, problems: VideoProblems): void {
  const r = normalizeRef(draftRef)
  if (!kinds.includes(r.ref.kind)) problems[field] = vp('refKind', { kinds: kinds.join(', ') })
  else if (r.ref.kind === 'url' && !isAllowedReferenceUrl(r.ref.url.trim())) problems[field] = vp('refUrl')
}

function cleanRef(draftRef: DraftRef): VideoRef {
  const r = normalizeRef(draftRef)
  return r.ref.kind === 'url' ? { kind: 'url', url: r.ref.url.trim() } : r.ref
}

function checkUrl(raw: string, field: string, problems: VideoProblems): string | undefined {
  const u = raw.trim()
  if (u === '') return undefined
  if (!isAllowedReferenceUrl(u)) problems[field] = vp('refUrl')
  return u
}

const opt = (s: string) => (isBlank(s) ? undefined : s.trim())
const when = <T extends object>(cond: unknown, obj: T): T | object => (cond ? obj : {})

export function validateVidq(d: VidqDraft, names?: GatewayNames): Validated {
  const problems: VideoProblems = {}
  const cap = capabilityOf('vidq', d.model, ruleOf(names, d.model))
  checkRefs('vidq', d.model, d.refs, 'images', VIDEO_LIMITS.vidqImagesMax, problems)
  if (problems.images) problems.images = vp('vidqImages', { max: VIDEO_LIMITS.vidqImagesMax })
  if (d.prompt.length > cap.promptMax) problems.prompt = vp('promptTooLong', { max: grouped(cap.promptMax), count: grouped(d.prompt.length) })
  else if (!d.isRec && isBlank(d.prompt) && d.refs.length === 0) problems.prompt = vp('vidqPromptOrImage')
  if (d.aspectRatio && !cap.aspectRatios.includes(d.aspectRatio)) problems.aspect_ratio = vp('aspectQ23', { ratio: d.aspectRatio, model: d.model, allowed: cap.aspectRatios.join(', ') })
  const duration = parseWhole(d.duration, cap.duration.min, cap.duration.max)
  if (duration.problem) problems.duration = vp('durationRange', { min: cap.duration.min, max: cap.duration.max })
  const seed = parseWhole(d.seed, 0, SEED_MAX)
  if (seed.problem) problems.seed = vp('seedRange', { max: grouped(SEED_MAX) })
  if (d.resolution && !cap.resolutions.includes(d.resolution)) problems.resolution = vp('resolutionModel', { model: d.model, allowed: cap.resolutions.join(', ') })
  if (d.payload.length > VIDEO_LIMITS.vidqPayloadMax)
    problems.payload = vp('payloadTooLong', { max: grouped(VIDEO_LIMITS.vidqPayloadMax), count: grouped(d.payload.length) })
  const wmUrl = d.watermark ? checkUrl(d.wmUrl, 'wm_url', problems) : undefined
  if (!isBlank(d.metaData)) {
    try {
      JSON.parse(d.metaData)
    } catch (e) {
      problems.meta_data = vp('metaJson', { detail: e instanceof Error ? e.message : String(e) })
    }
  }
  if (Object.keys(problems).length > 0) return { request: null, problems }
  const input: VideoCreateInput = {
    family: 'vidq',
    model: d.model,
    images: d.refs.map(cleanRef),
    prompt: d.prompt,
    ...when(d.aspectRatio, { aspect_ratio: d.aspectRatio as never }),
    ...when(d.audio, { audio: true }),
    ...when(opt(d.voiceId), { voice_id: d.voiceId.trim() }),
    ...when(d.isRec, { is_rec: true }),
    ...when(d.bgm, { bgm: true }),
    ...when(duration.value !== undefined, { duration: duration.value }),
    ...when(seed.value !== undefined, { seed: seed.value }),
    ...when(d.resolution, { resolution: d.resolution as never }),
    ...when(d.payload !== '', { payload: d.payload }),
    ...when(d.offPeak, { off_peak: true }),
    ...when(d.watermark, { watermark: true, wm_position: Number(d.wmPosition) }),
    ...when(wmUrl, { wm_url: wmUrl }),
    ...when(!isBlank(d.metaData), { meta_data: d.metaData })
  }
  return backstop(input)
}

export function validateUnified2(d: Unified2Draft, names?: GatewayNames): Validated {
  const problems: VideoProblems = {}
  const cap = capabilityOf('unified2', d.model, ruleOf(names, d.model))
  if (isBlank(d.model) || !MODEL_NAME.test(d.model.trim())) problems.model = vp('modelName')
  checkPrompt(d.prompt, true, cap.promptMax, problems)
  checkRefs('unified2', d.model, d.refs, 'images', cap.maxReferences, problems)
  const duration = parseWhole(d.duration, cap.duration.min, cap.duration.max, true)
  if (duration.problem) problems.duration = vp('durationRange', { min: cap.duration.min, max: cap.duration.max })
  if (d.enableUpsample && d.orientation !== 'landscape') problems.enable_upsample = vp('upsampleLandscape')
  if (Object.keys(problems).length > 0) return { request: null, problems }
  return backstop({
    family: 'unified2',
    model: d.model.trim(),
    images: d.refs.map(cleanRef),
    orientation: d.orientation,
    prompt: d.prompt,
    size: d.size as never,
    duration: duration.value!,
    aspect_ratio: d.aspectRatio as never,
    ...when(d.enableUpsample, { enable_upsample: true })
  })
}

export function validateKl(d: KlDraft, names?: GatewayNames): Validated {
  const problems: VideoProblems = {}
  const cap = capabilityOf('kl', d.model, ruleOf(names, d.model))
  checkPrompt(d.prompt, true, cap.promptMax, problems)
  if (d.seconds && !/^\d{1,2}$/.test(d.seconds)) problems.seconds = vp('secondsWhole')
  if (!isBlank(d.size) && !WXH.test(d.size.trim())) problems.size = vp('sizeWxH')
  if (d.scenario !== 'text' && !d.image) problems.image = vp('needsImage')
  if (d.image) checkRef(d.image, cap.referenceKinds, 'image', problems)
  if (d.scenario === 'first-last' && !d.lastFrame) problems.last_frame = vp('needsLastFrame')
  if (d.lastFrame) checkRef(d.lastFrame, cap.referenceKinds, 'last_frame', problems)
  if (d.scenario === 'motion-control' && d.sceneType !== 'motion_control') problems.scene_type = vp('sceneMotion')
  const outDuration = parseWhole(d.outputDuration, 1, 60)
  if (outDuration.problem) problems['output_config.duration'] = vp('durationRange', { min: 1, max: 60 })
  const videoUrl = checkUrl(d.videoUrl, 'video_url', problems)
  const config = {
    ...when(outDuration.value !== undefined, { duration: outDuration.value }),
    ...when(d.outputResolution, { resolution: d.outputResolution }),
    ...when(d.outputAspect, { aspect_ratio: d.outputAspect }),
    ...when(d.audioGeneration, { audio_generation: d.audioGeneration })
  }
  if (Object.keys(problems).length > 0) return { request: null, problems }
  return backstop({
    family: 'kl',
    model: d.model,
    scenario: d.scenario,
    prompt: d.prompt,
    ...when(d.seconds, { seconds: d.seconds }),
    ...when(opt(d.size), { size: d.size.trim() }),
    ...when(d.image, { image: d.image && cleanRef(d.image) }),
    ...when(Object.keys(config).length > 0, { output_config: config as never }),
    ...when(d.sceneType, { scene_type: d.sceneType as never }),
    ...when(d.motionLevel, { motion_level: d.motionLevel as never }),
    ...when(d.offpeak, { offpeak: true }),
    ...when(d.lastFrame, { last_frame: d.lastFrame && cleanRef(d.lastFrame) }),
    ...when(videoUrl, { video_url: videoUrl }),
    ...when(!isBlank(d.fileInfos), { file_infos: d.fileInfos }),
    ...when(!isBlank(d.extInfo), { ext_info: d.extInfo })
  } as VideoCreateInput)
}

export function validateGk(d: GkDraft, names?: GatewayNames): Validated {
  const problems: VideoProblems = {}
  const cap = capabilityOf('gk', d.model, ruleOf(names, d.model))
  checkPrompt(d.prompt, true, cap.promptMax, problems)
  checkRefs('gk', d.model, d.refs, 'references', cap.maxReferences, problems)
  const forced = cap.duration.forced
  const seconds = forced ? { value: forced } : parseWhole(d.seconds, cap.duration.min, cap.duration.max)
  if ('problem' in seconds && seconds.problem) problems.seconds = vp('durationRange', { min: cap.duration.min, max: cap.duration.max })
  if (Object.keys(problems).length > 0) return { request: null, problems }
  return backstop({
    family: 'gk',
    model: d.model,
    prompt: d.prompt,
    ...when(d.aspectRatio, { aspect_ratio: d.aspectRatio as never }),
    ...when(seconds.value !== undefined, { seconds: seconds.value }),
    ...when(d.size, { size: d.size as never }),
    references: d.refs.map(cleanRef)
  })
}

export function validateDraft(family: VideoFamily, drafts: Drafts, names?: GatewayNames): Validated {
  if (drafts[family].model.trim() === '') return { request: null, problems: { model: vp('modelRequired') } }
  if (family === 'vidq') return validateVidq(drafts.vidq, names)
  if (family === 'unified2') return validateUnified2(drafts.unified2, names)
  if (family === 'kl') return validateKl(drafts.kl, names)
  return validateGk(drafts.gk, names)
}

/** The contract's own parse: anything it refuses is shown at its field (its message is precise). */
function backstop(input: VideoCreateInput): Validated {
  const parsed = VideoCreateRequestSchema.safeParse(input)
  if (parsed.success) return { request: parsed.data, problems: {} }
  const problems: VideoProblems = {}
  for (const issue of parsed.error.issues) {
    const field = issue.path.map(String).join('.') || 'form'
    problems[field] ??= { key: 'contract', text: issue.message }
  }
  return { request: null, problems }
}
