import type { SandboxContext } from '../context.js'
import { relayError, taskNotExist } from '../errors.js'
import { FaultSet, takeFaults } from '../faults.js'
import { fail, formOf, optBool, optObject, optString, reqString, requireModel } from '../gate.js'
import { sniffImage } from '../media/index.js'
import { preFaultReply } from '../pre-faults.js'
import { json, type Reply } from '../reply.js'
import type { RouteDef, SandboxRequest } from '../router.js'
import { failureOf, paidTask, settle } from '../tasks/lifecycle.js'
import type { Task } from '../tasks/store.js'
import { INTERNAL_STATUS, remixView, resultUrl, videoObject } from '../tasks/views.js'
import { createRemix } from './video-unified.js'

type Body = Record<string, unknown>

export const JSON_SCENES = ['motion_control', 'avatar_i2v', 'lip_sync', 'template_effect']
export const MULTIPART_RATIOS = ['16:9', '9:16', '2:3', '3:2', '1:1']
export const TIERS = ['720P', '1080P']
const JSON_DIMS: Record<string, string> = { '16:9': '1280x720', '9:16': '720x1280', '1:1': '960x960' }

function createJson(req: SandboxRequest, ctx: SandboxContext, b: Body, model: string): Task {
  const prompt = reqString(req, b, 'prompt')
  const seconds = optString(req, b, 'seconds')
  if (seconds !== undefined && !/^\d+$/.test(seconds))
    throw fail(req, 'field seconds must be a whole number of seconds as a string, e.g. "5"')
  const size = optString(req, b, 'size')
  if (size !== undefined && !/^\d+x\d+$/.test(size)) throw fail(req, 'field size must be <width>x<height>')
  optString(req, b, 'image')
  const meta = optObject(req, b, 'metadata') ?? {}
  const oc = (meta.output_config ?? {}) as Body
  if (typeof oc !== 'object') throw fail(req, 'metadata.output_config must be an object')
  if (oc.duration !== undefined && (!Number.isInteger(oc.duration) || (oc.duration as number) < 1))
    throw fail(req, 'metadata.output_config.duration must be a positive integer')
  if (oc.resolution !== undefined && !TIERS.includes(String(oc.resolution)))
    throw fail(req, 'metadata.output_config.resolution must be 720P or 1080P')
  if (oc.aspect_ratio !== undefined && !['16:9', '9:16', '1:1'].includes(String(oc.aspect_ratio)))
    throw fail(req, 'metadata.output_config.aspect_ratio must be 16:9, 9:16 or 1:1')
  if (oc.audio_generation !== undefined && oc.audio_generation !== 'Enabled' && oc.audio_generation !== 'Disabled')
    throw fail(req, 'metadata.output_config.audio_generation must be Enabled or Disabled')
  if (meta.scene_type !== undefined && !JSON_SCENES.includes(String(meta.scene_type)))
    throw fail(req, `metadata.scene_type must be one of ${JSON_SCENES.join(', ')}`)
  if (meta.motion_level !== undefined && meta.motion_level !== 'std' && meta.motion_level !== 'pro')
    throw fail(req, 'metadata.motion_level must be std or pro')
  optBool(req, meta, 'offpeak')
  for (const f of ['last_frame_url', 'video_url', 'file_infos', 'ext_info']) optString(req, meta, f)
  const secs = Number(seconds ?? oc.duration ?? 5)
  const mode = meta.motion_level === 'pro' ? 'pro' : 'std'
  const cost = Math.round(ctx.catalog.unitPrice(model) * secs * (mode === 'pro' ? 1.5 : 1))
  return ctx.tasks.create({
    ...paidTask(req, ctx, { model, prompt, input: b, cost }),
    id: `task_${ctx.ids.alnum(32)}`,
    family: 'kl',
    ...failureOf(req, prompt, false),
    seed: ctx.resultSeed('video', model, prompt, ctx.ids.int(1 << 30)),
    // The Kling-style family bills by mode and length, and says so in the model it reports.
    extra: {
      size: size ?? JSON_DIMS[String(oc.aspect_ratio ?? '16:9')],
      seconds: secs,
      quality: mode === 'pro' ? 'high' : 'standard',
      billedModel: `${model}-${mode}-${secs}s`
    }
  })
}

function createMultipart(req: SandboxRequest, ctx: SandboxContext, f: Body, refs: Buffer[], model: string): Task {
  const prompt = reqString(req, f, 'prompt')
  optString(req, f, 'aspect_ratio', { oneOf: MULTIPART_RATIOS })
  const size = optString(req, f, 'size', { oneOf: TIERS }) ?? '720P'
  let secs = 6
  if (f.seconds !== undefined && f.seconds !== '') {
    secs = Number(f.seconds)
    if (!Number.isInteger(secs) || secs < 1 || secs > 15)
      throw fail(req, 'field seconds must be an integer from 1 to 15')
  }
  secs = ctx.catalog.find(model)?.forcedSeconds ?? secs
  refs.forEach((r, i) => {
    if (!sniffImage(r)) throw fail(req, `input_reference[${i}] must be a png, jpeg or webp image`)
  })
  const cost = ctx.catalog.unitPrice(model) * secs
  return ctx.tasks.create({
    ...paidTask(req, ctx, { model, prompt, input: { ...f, input_reference: refs.length }, cost }),
    id: `gk:${ctx.ids.uuid()}`,
    family: 'gk',
    ...failureOf(req, prompt, true),
    seed: ctx.resultSeed('video', model, prompt, ctx.ids.int(1 << 30)),
    extra: { size, seconds: secs, quality: 'standard' }
  })
}

async function create(req: SandboxRequest, ctx: SandboxContext): Promise<Reply> {
  const form = await formOf(req)
  const fields: Body = form ? form.fields : req.json()
  const refs = form
    ? form.files.filter((x) => x.field === 'input_reference' || x.field === 'input_reference[]').map((x) => x.bytes)
    : []
  const model = requireModel(req, fields.model, ['video-json', 'video-multipart'])
  const task = ctx.catalog.find(model)!.kinds.includes('video-json')
    ? createJson(req, ctx, fields, model)
    : createMultipart(req, ctx, fields, refs, model)
  return { ...json(200, videoObject(ctx, task, { expiredUrl: false })), paid: true }
}

function lookup(req: SandboxRequest, ctx: SandboxContext): Task | undefined {
  const t = ctx.tasks.find(req.params.id, req.account.key)
  return t && t.family !== 'asset' && t.family !== 'img' ? t : undefined
}

function get(req: SandboxRequest, ctx: SandboxContext): Reply {
  const t = lookup(req, ctx)
  if (!t) return taskNotExist()
  const body = videoObject(ctx, t, { expiredUrl: req.faults.has('expired-url') })
  if (req.faults.has('odd-status')) body.status = req.faults.get('odd-status')?.arg || 'unknown'
  return json(200, body)
}

/** Streams the bytes through (no redirect); 400 until the task is complete, as the gateway's proxy does. */
async function content(req: SandboxRequest, ctx: SandboxContext): Promise<Reply> {
  const t = lookup(req, ctx)
  const e = { format: req.route.format, requestId: req.requestId }
  if (!t) return relayError(e, 404, '', 'Task not found', 'invalid_request_error')
  const snap = settle(ctx, t)
  if (snap.stage !== 'succeeded')
    return relayError(
      e,
      400,
      '',
      `Task is not completed yet, current status: ${INTERNAL_STATUS[snap.stage]}`,
      'invalid_request_error'
    )
  resultUrl(ctx, t, false)
  const faults = [
    ...takeFaults(t.resultFaults, 'videos.content', true),
    ...takeFaults(ctx.faultsOf(t.owner), 'videos.content', true)
  ]
  const refused = preFaultReply(ctx, new FaultSet(faults), {
    format: 'content',
    requestId: req.requestId,
    routeName: 'videos.content',
    pathAndQuery: req.path
  })
  if (refused) return { ...refused, faults }
  const bytes = await ctx.files.bytes(t.files[0])
  return {
    status: 200,
    headers: { 'content-type': 'video/mp4', 'cache-control': 'public, max-age=86400' },
    body: bytes,
    media: true,
    faults
  }
}

async function remix(req: SandboxRequest, ctx: SandboxContext): Promise<Reply> {
  const b = req.json()
  requireModel(req, b.model, ['video-multipart', 'video-json'])
  reqString(req, b, 'prompt')
  const size = reqString(req, b, 'size')
  if (!TIERS.includes(size)) throw fail(req, 'field size must be 720P or 1080P')
  const ratio = reqString(req, b, 'aspect_ratio')
  if (!['2:3', '3:2', '1:1'].includes(ratio)) throw fail(req, 'field aspect_ratio must be 2:3, 3:2 or 1:1')
  optString(req, b, 'parent_post_id')
  const source = lookup(req, ctx)
  if (!source) return taskNotExist()
  const task = createRemix(req, ctx, source, b, 'remix')
  return { ...json(200, remixView(ctx, task)), paid: true }
}

const ID = '(?<id>[^/]+)'
export const videoObjectRoutes: RouteDef[] = [
  {
    method: 'POST',
    pattern: /^\/v1\/videos\/?$/,
    name: 'videos.create',
    auth: 'bearer',
    format: 'task',
    handler: create
  },
  {
    method: 'GET',
    pattern: new RegExp(`^/v1/videos/${ID}/content/?$`),
    name: 'videos.content',
    auth: 'bearer',
    format: 'content',
    handler: content
  },
  {
    method: 'POST',
    pattern: new RegExp(`^/v1/videos/${ID}/remix/?$`),
    name: 'videos.remix',
    auth: 'bearer',
    format: 'task',
    handler: remix
  },
  {
    method: 'GET',
    pattern: new RegExp(`^/v1/videos/${ID}/?$`),
    name: 'videos.get',
    auth: 'bearer',
    format: 'task',
    handler: get
  }
]
