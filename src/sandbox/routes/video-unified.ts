import type { SandboxContext } from '../context.js'
import { taskNotExist } from '../errors.js'
import { fail, optArray, optBool, optInt, optString, reqString, requireModel } from '../gate.js'
import { json, type Reply } from '../reply.js'
import type { RouteDef, SandboxRequest } from '../router.js'
import { failureOf, paidTask } from '../tasks/lifecycle.js'
import { checkAssetRef, checkImageRef } from '../tasks/refs.js'
import type { Task } from '../tasks/store.js'
import { isoPlus8, queryView, remixView, unifiedCreate2 } from '../tasks/views.js'

type Body = Record<string, unknown>

export const UNIFIED_FIRST_RATIOS = ['16:9', '9:16', '3:4', '4:3', '1:1']
export const UNIFIED_FIRST_RESOLUTIONS = ['540p', '720p', '1080p', '360p']

function createUnifiedFirst(req: SandboxRequest, ctx: SandboxContext, b: Body, model: string): Reply {
  const images = optArray(req, b, 'images')
  if (!images) throw fail(req, 'field images is required')
  if (images.length > 2) throw fail(req, 'field images takes 0, 1 or 2 images')
  images.forEach((img, i) => checkImageRef(req, ctx, img, `images[${i}]`))
  const prompt = optString(req, b, 'prompt', { max: 2000 }) ?? ''
  const series = ctx.catalog.find(model)?.series
  const q23 = series === 'q2' || series === 'q3'
  const ratio = optString(req, b, 'aspect_ratio', { oneOf: UNIFIED_FIRST_RATIOS }) ?? '16:9'
  if ((ratio === '3:4' || ratio === '4:3') && !q23)
    throw fail(req, `aspect_ratio ${ratio} is only available for q2 and q3 models`)
  for (const f of ['audio', 'is_rec', 'bgm', 'off_peak', 'watermark']) optBool(req, b, f)
  optString(req, b, 'voice_id')
  const duration = optInt(req, b, 'duration', { min: 1, max: 10 }) ?? 5
  let resolution = optString(req, b, 'resolution', { oneOf: UNIFIED_FIRST_RESOLUTIONS })
  if (resolution === '360p' && series === 'q2') throw fail(req, 'resolution 360p is not available for q2 models')
  resolution ??= '720p'
  optInt(req, b, 'seed')
  optString(req, b, 'payload', { max: 1_048_576 })
  optInt(req, b, 'wm_position', { min: 1, max: 4 })
  optString(req, b, 'wm_url')
  optString(req, b, 'meta_data')
  const base = paidTask(req, ctx, {
    model,
    prompt: b.is_rec === true ? '' : prompt,
    input: b,
    cost: ctx.catalog.unitPrice(model) * duration
  })
  const id = ctx.ids.uuid()
  const task = ctx.tasks.create({
    ...base,
    id,
    family: 'vidq',
    ...failureOf(req, prompt, false),
    seed: ctx.resultSeed('video', model, prompt, typeof b.seed === 'number' && b.seed !== 0 ? b.seed : id),
    extra: { size: resolution.toUpperCase(), seconds: duration }
  })
  return {
    ...json(200, { created_at: isoPlus8(task.createdWallMs), status: 'processing', task_id: task.id }),
    paid: true
  }
}

function createUnifiedSecond(req: SandboxRequest, ctx: SandboxContext, b: Body, model: string): Reply {
  const images = optArray(req, b, 'images')
  if (!images) throw fail(req, 'field images is required')
  images.forEach((u, i) => {
    if (typeof u !== 'string' || !(u.startsWith('asset://') || /^https?:\/\//i.test(u)))
      throw fail(req, `images[${i}] must be an image URL`)
    if (u.startsWith('asset://')) checkAssetRef(req, ctx, u, `images[${i}]`)
  })
  const orientation = reqString(req, b, 'orientation')
  if (orientation !== 'portrait' && orientation !== 'landscape')
    throw fail(req, 'field orientation must be portrait or landscape')
  const prompt = reqString(req, b, 'prompt')
  const size = reqString(req, b, 'size')
  if (size !== '720x1280' && size !== '1280x720') throw fail(req, 'field size must be 720x1280 or 1280x720')
  if (b.duration === undefined) throw fail(req, 'field duration is required')
  const duration = optInt(req, b, 'duration', { min: 1, max: 20 })!
  const ratio = reqString(req, b, 'aspect_ratio')
  if (ratio !== '16:9' && ratio !== '9:16') throw fail(req, 'field aspect_ratio must be 16:9 or 9:16')
  if (optBool(req, b, 'enable_upsample') === true && orientation !== 'landscape')
    throw fail(req, 'enable_upsample is only available for landscape videos')
  const base = paidTask(req, ctx, { model, prompt, input: b, cost: ctx.catalog.unitPrice(model) * duration })
  const family = ctx.catalog.find(model)?.family === 'jm' ? 'jm' : 'vo3'
  const task = ctx.tasks.create({
    ...base,
    id: `${family}:${ctx.ids.uuid()}`,
    family,
    ...failureOf(req, prompt, true),
    seed: ctx.resultSeed('video', model, prompt, ctx.ids.int(1 << 30)),
    extra: { size, seconds: duration }
  })
  return { ...json(200, unifiedCreate2(ctx, task)), paid: true }
}

async function create(req: SandboxRequest, ctx: SandboxContext): Promise<Reply> {
  const b = req.json()
  const model = requireModel(req, b.model, ['video-unified-first', 'video-unified-second'])
  return ctx.catalog.find(model)!.kinds.includes('video-unified-first')
    ? createUnifiedFirst(req, ctx, b, model)
    : createUnifiedSecond(req, ctx, b, model)
}

function query(req: SandboxRequest, ctx: SandboxContext): Reply {
  const id = req.query.id
  if (!id) throw fail(req, 'query parameter id is required')
  const task = ctx.tasks.find(id, req.account.key)
  if (!task || task.family === 'asset' || task.family === 'img') return taskNotExist()
  const body = queryView(ctx, task, { expiredUrl: req.faults.has('expired-url') })
  if (req.faults.has('odd-status')) body.status = req.faults.get('odd-status')?.arg || 'unknown'
  return json(200, body)
}

/** Remix tasks (both routes) cost the remix model's price for the source's length. */
export function createRemix(
  req: SandboxRequest,
  ctx: SandboxContext,
  source: Task,
  b: Body,
  family: 'remix' | 'uremix'
): Task {
  const model = String(b.model)
  const prompt = String(b.prompt)
  const seconds = Number(source.extra.seconds ?? 6)
  const base = paidTask(req, ctx, { model, prompt, input: b, cost: ctx.catalog.unitPrice(model) * seconds })
  const prefix = /^([^:]+):/.exec(source.id)?.[1]
  return ctx.tasks.create({
    ...base,
    id: prefix ? `${prefix}:${ctx.ids.uuid()}` : `task_${ctx.ids.alnum(32)}`,
    family,
    ...failureOf(req, prompt, false),
    seed: ctx.resultSeed('remix', source.id, prompt),
    extra: { size: String(b.size ?? source.extra.size), seconds, remixedFrom: source.id, quality: 'standard' }
  })
}

async function remix(req: SandboxRequest, ctx: SandboxContext): Promise<Reply> {
  const b = req.json()
  const taskId = reqString(req, b, 'task_id')
  requireModel(req, b.model, ['video-multipart', 'video-json', 'video-unified-first', 'video-unified-second'])
  reqString(req, b, 'prompt')
  optString(req, b, 'size', { oneOf: ['720P', '1080P'] })
  optString(req, b, 'aspect_ratio', { oneOf: ['2:3', '3:2', '1:1', '16:9', '9:16'] })
  optString(req, b, 'parent_post_id')
  const source = ctx.tasks.find(taskId, req.account.key)
  if (!source || source.family === 'asset' || source.family === 'img') return taskNotExist()
  const task = createRemix(req, ctx, source, b, 'uremix')
  return { ...json(200, remixView(ctx, task)), paid: true }
}

export const unifiedVideoRoutes: RouteDef[] = [
  {
    method: 'POST',
    pattern: /^\/v1\/video\/create\/?$/,
    name: 'video.create',
    auth: 'bearer',
    format: 'task',
    handler: create
  },
  {
    method: 'GET',
    pattern: /^\/v1\/video\/query\/?$/,
    name: 'video.query',
    auth: 'bearer',
    format: 'task',
    handler: query
  },
  {
    method: 'POST',
    pattern: /^\/v1\/video\/remix\/?$/,
    name: 'video.remix',
    auth: 'bearer',
    format: 'task',
    handler: remix
  }
]
