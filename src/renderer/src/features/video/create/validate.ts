/**
 * Each family's draft to exactly the contract's create request, or problems per field and no
 * request. The form's own work is reading text as values (a number field that holds no number, an
 * `asset://` address typed as a URL); every rule is the domain's checkVideoCreate, the same the host
 * refuses with, so the form refuses exactly what the host would and says it at the field.
 */
import { formResult, readModel } from '@renderer/lib/rule-text'
import { ruleOf, type GatewayNames } from '@shared/domain/gateway-names'
import { wireDims } from '@shared/domain/image-rules'
import { VIDEO_FAMILY, type VideoCreateInput, type VideoCreateRequest, type VideoFamily } from '@shared/domain/video'
import { checkVideoCreate } from '@shared/domain/video-rules'
import { isBlank, parseWhole, type VideoProblems } from '../problems'
import {
  capFor,
  type DraftRef,
  type Drafts,
  type VideosMultipartDraft,
  type VideosJsonDraft,
  type UnifiedSecondDraft,
  type UnifiedFirstDraft
} from './drafts'

export interface Validated {
  request: VideoCreateRequest | null
  problems: VideoProblems
}

/** What the form's text became: the request as typed, and the fields whose text is no value. */
export interface Parsed {
  input: VideoCreateInput
  unread: VideoProblems
}

const ASSET_URL = /^asset:\/\/([A-Za-z0-9_.:-]{1,128})$/

/** `asset://<id>` typed as a URL is an asset reference. */
export function normalizeRef(r: DraftRef): DraftRef {
  if (r.ref.kind !== 'url') return r
  const m = ASSET_URL.exec(r.ref.url.trim())
  return m ? { ...r, ref: { kind: 'asset', assetId: m[1] } } : r
}

function cleanRef(draftRef: DraftRef) {
  const r = normalizeRef(draftRef)
  return r.ref.kind === 'url' ? { kind: 'url' as const, url: r.ref.url.trim() } : r.ref
}

const opt = (s: string) => (isBlank(s) ? undefined : s.trim())
const when = <T extends object>(cond: unknown, obj: T): T | object => (cond ? obj : {})

/** A number field's value; text that is no whole number is kept as a problem of that field. */
function whole(raw: string, field: string, unread: VideoProblems, required = false): number | undefined {
  const r = parseWhole(raw)
  if (r.problem || (required && r.value === undefined)) unread[field] = r.problem ?? { key: 'wholeNumber' }
  return r.value
}

function readUnifiedFirst(d: UnifiedFirstDraft): Parsed {
  const unread: VideoProblems = {}
  const duration = whole(d.duration, 'duration', unread)
  const seed = whole(d.seed, 'seed', unread)
  const input: VideoCreateInput = {
    family: VIDEO_FAMILY.unifiedFirst,
    model: readModel(d.model, unread),
    images: d.refs.map(cleanRef),
    prompt: d.prompt,
    ...when(d.aspectRatio, { aspect_ratio: d.aspectRatio }),
    ...when(d.audio, { audio: true }),
    ...when(opt(d.voiceId), { voice_id: d.voiceId.trim() }),
    ...when(d.isRec, { is_rec: true }),
    ...when(d.bgm, { bgm: true }),
    ...when(duration !== undefined, { duration }),
    ...when(seed !== undefined, { seed }),
    ...when(d.resolution, { resolution: d.resolution }),
    ...when(d.payload !== '', { payload: d.payload }),
    ...when(d.offPeak, { off_peak: true }),
    ...when(d.watermark, { watermark: true, wm_position: Number(d.wmPosition) }),
    ...when(d.watermark && opt(d.wmUrl), { wm_url: d.wmUrl.trim() }),
    ...when(!isBlank(d.metaData), { meta_data: d.metaData })
  }
  return { input, unread }
}

function readUnifiedSecond(d: UnifiedSecondDraft): Parsed {
  const unread: VideoProblems = {}
  // The field starts at the model's default length; emptied, it is a value missing, not "not sent".
  const duration = whole(d.duration, 'duration', unread, true)
  const input: VideoCreateInput = {
    family: VIDEO_FAMILY.unifiedSecond,
    model: readModel(d.model, unread),
    images: d.refs.map(cleanRef),
    orientation: d.orientation,
    prompt: d.prompt,
    size: d.size,
    ...when(duration !== undefined, { duration }),
    aspect_ratio: d.aspectRatio,
    ...when(d.enableUpsample, { enable_upsample: true })
  }
  return { input, unread }
}

function readVideosJson(d: VideosJsonDraft): Parsed {
  const unread: VideoProblems = {}
  const outDuration = whole(d.outputDuration, 'output_config.duration', unread)
  const config = {
    ...when(outDuration !== undefined, { duration: outDuration }),
    ...when(d.outputResolution, { resolution: d.outputResolution }),
    ...when(d.outputAspect, { aspect_ratio: d.outputAspect }),
    ...(d.audioGeneration ? { audio_generation: d.audioGeneration } : {})
  }
  const input: VideoCreateInput = {
    family: VIDEO_FAMILY.videosJson,
    model: readModel(d.model, unread),
    scenario: d.scenario,
    prompt: d.prompt,
    ...when(d.seconds, { seconds: d.seconds }),
    ...when(opt(d.size), { size: wireDims(d.size, 'x') }),
    ...(d.image ? { image: cleanRef(d.image) } : {}),
    ...when(Object.keys(config).length > 0, { output_config: config }),
    ...(d.sceneType ? { scene_type: d.sceneType } : {}),
    ...(d.motionLevel ? { motion_level: d.motionLevel } : {}),
    ...when(d.offpeak, { offpeak: true }),
    ...(d.lastFrame ? { last_frame: cleanRef(d.lastFrame) } : {}),
    ...when(opt(d.videoUrl), { video_url: d.videoUrl.trim() }),
    ...when(!isBlank(d.fileInfos), { file_infos: d.fileInfos }),
    ...when(!isBlank(d.extInfo), { ext_info: d.extInfo })
  }
  return { input, unread }
}

function readVideosMultipart(d: VideosMultipartDraft, names?: GatewayNames): Parsed {
  const unread: VideoProblems = {}
  // A length the gateway fixes for the model is what the field shows and what is sent.
  const seconds =
    capFor(VIDEO_FAMILY.videosMultipart, d.model, names).duration.forced ?? whole(d.seconds, 'seconds', unread)
  const input: VideoCreateInput = {
    family: VIDEO_FAMILY.videosMultipart,
    model: readModel(d.model, unread),
    prompt: d.prompt,
    ...when(d.aspectRatio, { aspect_ratio: d.aspectRatio }),
    ...when(seconds !== undefined, { seconds }),
    ...when(d.size, { size: d.size }),
    references: d.refs.map(cleanRef)
  }
  return { input, unread }
}

/** The domain's rules over what was read. */
function check({ input, unread }: Parsed, names?: GatewayNames): Validated {
  return formResult(
    checkVideoCreate(input, (model) => ruleOf(names, model)),
    unread
  )
}

export const validateUnifiedFirst = (d: UnifiedFirstDraft, names?: GatewayNames): Validated =>
  check(readUnifiedFirst(d), names)
export const validateUnifiedSecond = (d: UnifiedSecondDraft, names?: GatewayNames): Validated =>
  check(readUnifiedSecond(d), names)
export const validateVideosJson = (d: VideosJsonDraft, names?: GatewayNames): Validated =>
  check(readVideosJson(d), names)
export const validateVideosMultipart = (d: VideosMultipartDraft, names?: GatewayNames): Validated =>
  check(readVideosMultipart(d, names), names)

/** The family's draft as the request it would send, before any rule. */
export function readDraft(family: VideoFamily, drafts: Drafts, names?: GatewayNames): Parsed {
  if (family === VIDEO_FAMILY.unifiedFirst) return readUnifiedFirst(drafts[VIDEO_FAMILY.unifiedFirst])
  if (family === VIDEO_FAMILY.unifiedSecond) return readUnifiedSecond(drafts[VIDEO_FAMILY.unifiedSecond])
  if (family === VIDEO_FAMILY.videosJson) return readVideosJson(drafts[VIDEO_FAMILY.videosJson])
  return readVideosMultipart(drafts[VIDEO_FAMILY.videosMultipart], names)
}

export function validateDraft(family: VideoFamily, drafts: Drafts, names?: GatewayNames): Validated {
  return check(readDraft(family, drafts, names), names)
}
