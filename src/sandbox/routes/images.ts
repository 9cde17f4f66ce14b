import type { SandboxContext } from '../context.js'
import { charge, fail, optArray, optBool, optInt, optString, reqString, requireModel, requireQuota } from '../gate.js'
import { renderImage, type ImageFormat } from '../media/index.js'
import { json, type Reply } from '../reply.js'
import type { RouteDef, SandboxRequest } from '../router.js'
import {
  CONTENT_TYPES,
  fitSide,
  generationDelay,
  outputFormat,
  sizeFromRatio,
  storeImage,
  urlFor
} from './images-common.js'

type Body = Record<string, unknown>

export const RATIOS_1 = ['1:1', '16:9', '9:16', '4:3', '3:4', '3:2', '2:3', '21:9']
export const RESOLUTIONS = ['1k', '2k', '4k']
const AREA: Record<string, number> = { '1k': 1024 * 1024, '2k': 2048 * 2048, '4k': 4096 * 4096 }

/** Second family: the official tiers, and the ratio presets that map onto them. */
export const TIERS_2 = ['1024x1024', '1536x1152', '1536x1024', '1024x1536', '1920x1080', '1080x1920']
export const PRESETS_2: Record<string, string> = {
  '1:1': '1024x1024',
  '4:3': '1536x1152',
  '3:2': '1536x1024',
  '2:3': '1024x1536',
  '16:9': '1920x1080',
  '9:16': '1080x1920'
}

interface Plan {
  width: number
  height: number
  n: number
  format: ImageFormat
  b64: boolean
  revisedPrompt?: string
}

function planFirst(req: SandboxRequest, b: Body): Plan {
  reqString(req, b, 'prompt')
  const n = optInt(req, b, 'n', { min: 1, max: 10 })
  if (n === undefined) throw fail(req, 'field n is required')
  const size = optString(req, b, 'size')
  const ratio = optString(req, b, 'ratio', { oneOf: RATIOS_1 })
  const resolution = optString(req, b, 'resolution', { oneOf: RESOLUTIONS })
  const refs = optArray(req, b, 'image', { max: 10 })
  if (refs?.some((u) => typeof u !== 'string' || !/^(https?:\/\/|data:)/.test(u)))
    throw fail(req, 'field image must be an array of image URLs')
  let dims: { width: number; height: number }
  if (size) {
    const m = /^(\d+)\*(\d+)$/.exec(size)
    if (!m) throw fail(req, 'field size must be <width>*<height>, e.g. 2048*2048')
    dims = fitSide(Number(m[1]), Number(m[2]))
  } else dims = sizeFromRatio(ratio ?? '1:1', AREA[resolution ?? '2k'])
  return { ...dims, n, format: outputFormat(req, b.output_format, 'jpeg'), b64: false }
}

function planSecond(req: SandboxRequest, b: Body): Plan {
  const prompt = optString(req, b, 'prompt')
  const hasImage = b.image !== undefined && b.image !== null && b.image !== ''
  if (!prompt && !hasImage) throw fail(req, 'field prompt is required')
  const n = optInt(req, b, 'n', { min: 0, max: 10 }) || 1
  const rf = optString(req, b, 'response_format', { oneOf: ['url', 'b64_json'] })
  optBool(req, b, 'watermark')
  optString(req, b, 'quality')
  const ratio = optString(req, b, 'ratio', { oneOf: Object.keys(PRESETS_2) })
  let size = optString(req, b, 'size') ?? (ratio ? PRESETS_2[ratio] : '1024x1024')
  if (size === 'auto') size = '1024x1024'
  const m = /^(\d+)x(\d+)$/.exec(size)
  if (!m) throw fail(req, 'field size must be <width>x<height>, e.g. 1024x1024')
  let [w, h] = [Number(m[1]), Number(m[2])]
  let revisedPrompt: string | undefined
  if (!TIERS_2.includes(size)) {
    // The channel only draws its official sizes: take the nearest by ratio and keep the intent in the prompt.
    const want = w / h
    const nearest = TIERS_2.map((t) => t.split('x').map(Number)).sort(
      (a, c) => Math.abs(Math.log(a[0] / a[1] / want)) - Math.abs(Math.log(c[0] / c[1] / want))
    )[0]
    revisedPrompt = `${prompt ?? ''} (aspect ratio ${w}:${h})`.trim()
    ;[w, h] = nearest
  }
  return {
    width: w,
    height: h,
    n,
    format: outputFormat(req, b.output_format, 'png'),
    b64: rf === 'b64_json',
    revisedPrompt
  }
}

async function handle(req: SandboxRequest, ctx: SandboxContext): Promise<Reply> {
  const b = req.json()
  const model = requireModel(req, b.model, ['image-gen-1', 'image-gen-2'])
  const first = ctx.catalog.hasKind(model, ['image-gen-1'])
  const plan = first ? planFirst(req, b) : planSecond(req, b)
  const cost = ctx.catalog.unitPrice(model) * plan.n
  requireQuota(req, ctx, cost)
  charge(req, ctx, cost)
  await generationDelay(ctx)

  const prompt = String(b.prompt ?? '')
  const userSeed = typeof b.seed === 'number' ? b.seed : undefined
  const data = await Promise.all(
    Array.from({ length: plan.n }, async (_, i) => {
      const seed = ctx.resultSeed('image', model, prompt, userSeed, i)
      const load = () => renderImage({ width: plan.width, height: plan.height, prompt, seed, format: plan.format })
      const item: Body = {}
      if (plan.b64) item.b64_json = (await load()).toString('base64')
      else if (req.faults.has('data-url'))
        item.url = `data:${CONTENT_TYPES[plan.format]};base64,${(await load()).toString('base64')}`
      else item.url = urlFor(ctx, req, storeImage(ctx, req, plan.format, load))
      if (plan.revisedPrompt) item.revised_prompt = plan.revisedPrompt
      if (first) item.size = `${plan.width}x${plan.height}`
      return item
    })
  )
  return { ...json(200, { created: ctx.clock.wallSec(), data }), paid: true }
}

export const imageRoutes: RouteDef[] = [
  {
    method: 'POST',
    pattern: /^\/v1\/images\/generations\/?$/,
    name: 'image.generate',
    auth: 'bearer',
    format: 'openai',
    handler: handle
  }
]
