import type { SandboxContext } from '../context.js'
import { taskNotExist } from '../errors.js'
import { fail, optArray, optBool, optInt, optString, reqString, requireModel } from '../gate.js'
import { renderImage } from '../media/index.js'
import { escapeRegExp, type SandboxNaming } from '../naming.js'
import { json, type Reply } from '../reply.js'
import type { RouteDef, SandboxRequest } from '../router.js'
import { failureOf, paidTask, settle } from '../tasks/lifecycle.js'
import type { Task } from '../tasks/store.js'
import { fitSide, storeImage, urlFor } from './images-common.js'
import { RESOLUTIONS } from './images.js'

type Body = Record<string, unknown>

export const NATIVE_VERSION = '2022-08-31'
const MIN_AREA = 1024 * 1024
const MAX_AREA = 4096 * 4096

/** Recommended sizes by tier and ratio; a ratio written in the prompt picks one. */
const RECOMMENDED: Record<string, Record<string, [number, number]>> = {
  '1k': { '1:1': [1024, 1024] },
  '2k': { '1:1': [2048, 2048], '4:3': [2304, 1728], '3:2': [2496, 1664], '16:9': [2560, 1440], '21:9': [3024, 1296] },
  '4k': { '1:1': [4096, 4096], '4:3': [4694, 3520], '3:2': [4992, 3328], '16:9': [5404, 3040], '21:9': [6198, 2656] }
}

function envelope(req: SandboxRequest, startedAt: number, data: Body, ctx: SandboxContext): Reply {
  return json(200, {
    code: 10000,
    data,
    message: 'Success',
    request_id: req.requestId,
    status: 10000,
    time_elapsed: `${Math.max(1, ctx.clock.wallMs() - startedAt)}ms`
  })
}

function dimensions(b: Body, prompt: string): { width: number; height: number } {
  if (typeof b.width === 'number' && typeof b.height === 'number') return fitSide(b.width, b.height)
  if (typeof b.size === 'number') {
    const side = Math.round(Math.sqrt(b.size))
    return fitSide(side, side)
  }
  const tier = RECOMMENDED[(b.resolution as string | undefined) ?? '2k']
  const ratio = /(\d+):(\d+)/.exec(prompt)
  const pick = (ratio && tier[`${ratio[1]}:${ratio[2]}`]) || tier['1:1']
  return fitSide(pick[0], pick[1])
}

function submit(req: SandboxRequest, ctx: SandboxContext, startedAt: number): Reply {
  const b = req.json()
  const model = requireModel(req, b.model, ['image-gen-1'])
  const { nativeModel, nativeReqKey, aliases } = ctx.naming
  if (model !== nativeModel) throw fail(req, `field model must be ${nativeModel}`)
  const reqKey = reqString(req, b, 'req_key')
  if (reqKey !== nativeReqKey && !aliases?.reqKeys?.includes(reqKey))
    throw fail(req, `field req_key must be ${nativeReqKey}`)
  const prompt = reqString(req, b, 'prompt')
  optString(req, b, 'resolution', { oneOf: RESOLUTIONS })
  optBool(req, b, 'force_single')
  const urls = optArray(req, b, 'image_urls', { max: 10 })
  if (urls?.some((u) => typeof u !== 'string')) throw fail(req, 'field image_urls must be an array of strings')
  optInt(req, b, 'size', { min: MIN_AREA, max: MAX_AREA })
  const width = optInt(req, b, 'width', { min: 1 })
  const height = optInt(req, b, 'height', { min: 1 })
  if ((width === undefined) !== (height === undefined)) throw fail(req, 'width and height must be given together')
  if (width !== undefined && height !== undefined && (width * height < MIN_AREA || width * height > MAX_AREA)) {
    throw fail(req, 'width * height must be between 1024*1024 and 4096*4096')
  }
  const cost = ctx.catalog.unitPrice(model)
  const paid = paidTask(req, ctx, { model, prompt, input: b, cost })
  const id = ctx.ids.digits(19)
  const task = ctx.tasks.create({
    ...paid,
    id,
    family: 'img',
    ...failureOf(req, prompt, false),
    seed: ctx.resultSeed('imgtask', prompt, id),
    extra: {}
  })
  return { ...envelope(req, startedAt, { task_id: task.id, status: 'submitted' }, ctx), paid: true }
}

function result(req: SandboxRequest, ctx: SandboxContext, startedAt: number): Reply | Promise<Reply> {
  const b = req.json()
  reqString(req, b, 'req_key')
  const id = reqString(req, b, 'task_id')
  const task = ctx.tasks.find(id, req.account.key)
  if (!task || task.family !== 'img') return taskNotExist()
  let returnUrl = false
  if (typeof b.req_json === 'string' && b.req_json) {
    try {
      returnUrl = (JSON.parse(b.req_json) as Body).return_url === true
    } catch {
      throw fail(req, 'field req_json must be a JSON string')
    }
  }
  return answer(req, ctx, task, returnUrl, startedAt)
}

async function answer(
  req: SandboxRequest,
  ctx: SandboxContext,
  task: Task,
  returnUrl: boolean,
  startedAt: number
): Promise<Reply> {
  const snap = settle(ctx, task)
  if (!snap.done)
    return envelope(req, startedAt, { binary_data_base64: [], image_urls: null, status: 'generating' }, ctx)
  if (snap.stage !== 'succeeded')
    return envelope(req, startedAt, { binary_data_base64: [], image_urls: null, status: 'failed' }, ctx)
  const { width, height } = dimensions(task.input, task.prompt)
  const load = () => renderImage({ width, height, prompt: task.prompt, seed: task.seed, format: 'jpeg' })
  if (!task.files.length) task.files.push(storeImage(ctx, req, 'jpeg', load))
  task.files[0].faults = task.resultFaults
  if (returnUrl) {
    const url =
      task.expiredUrls || req.faults.has('expired-url')
        ? ctx.files.url(task.files[0], { expired: true })
        : urlFor(ctx, req, task.files[0])
    return envelope(req, startedAt, { binary_data_base64: [], image_urls: [url], status: 'success' }, ctx)
  }
  const bytes = await ctx.files.bytes(task.files[0])
  return envelope(
    req,
    startedAt,
    { binary_data_base64: [bytes.toString('base64')], image_urls: null, status: 'success' },
    ctx
  )
}

async function handle(req: SandboxRequest, ctx: SandboxContext): Promise<Reply> {
  const startedAt = ctx.clock.wallMs()
  if (req.query.Version !== NATIVE_VERSION) throw fail(req, `query parameter Version must be ${NATIVE_VERSION}`)
  if (req.query.Action === 'CVSync2AsyncSubmitTask') {
    req.entry.route = 'image.native.submit'
    return submit(req, ctx, startedAt)
  }
  if (req.query.Action === 'CVSync2AsyncGetResult') {
    req.entry.route = 'image.native.result'
    return result(req, ctx, startedAt)
  }
  throw fail(req, 'query parameter Action must be CVSync2AsyncSubmitTask or CVSync2AsyncGetResult')
}

/** The native task route lives at the naming's path (stand-in `/imgnative`). */
export function imageTaskRoutes(naming: SandboxNaming): RouteDef[] {
  return [
    {
      method: 'POST',
      pattern: new RegExp(`^${escapeRegExp(naming.nativePath.replace(/\/+$/, ''))}/?$`),
      name: 'image.native',
      auth: 'bearer',
      format: 'openai',
      handler: handle
    }
  ]
}
