import type { SandboxContext } from '../context.js'
import { charge, fail, formOf, requireModel, requireQuota } from '../gate.js'
import { editImage, MediaInputError, sniffImage, type ImageFormat } from '../media/index.js'
import { type Form } from '../multipart.js'
import { json, type Reply } from '../reply.js'
import type { RouteDef, SandboxRequest } from '../router.js'
import { CONTENT_TYPES, generationDelay, imageFromJson, outputFormat, storeImage, urlFor } from './images-common.js'
import { RATIOS_1, RESOLUTIONS } from './images.js'

type Body = Record<string, unknown>

const MAX_NATIVE_BYTES = 25 * 1024 * 1024
export const EDIT_QUALITIES = ['auto', 'high', 'medium', 'low', 'hd', 'standard']

interface EditInput {
  fields: Body
  images: Buffer[]
  mask: Buffer | null
}

/** Files come from `image`, else `image[]`, else any `image[N]`, as the gateway picks them; the mask is the first `mask` file. */
function fromForm(form: Form): EditInput {
  const pick = (pred: (f: string) => boolean) => form.files.filter((f) => pred(f.field)).map((f) => f.bytes)
  let images = pick((f) => f === 'image')
  if (!images.length) images = pick((f) => f === 'image[]')
  if (!images.length) images = pick((f) => f.startsWith('image['))
  const mask = form.files.find((f) => f.field === 'mask')?.bytes ?? null
  const fields: Body = { ...form.fields }
  if (fields.n !== undefined) fields.n = Number(fields.n)
  // Present and "true" gives true; any other value gives false; absent stays unset.
  if (fields.watermark !== undefined) fields.watermark = fields.watermark === 'true'
  return { fields, images, mask }
}

async function fromJson(ctx: SandboxContext, b: Body): Promise<EditInput> {
  const list = Array.isArray(b.image) ? b.image : b.image === undefined ? [] : [b.image]
  const images = (await Promise.all(list.map((x) => imageFromJson(ctx, x)))).filter((x): x is Buffer => x !== null)
  if (list.length && !images.length) images.push(Buffer.alloc(0))
  return { fields: b, images, mask: b.mask === undefined ? null : await imageFromJson(ctx, b.mask) }
}

async function handle(req: SandboxRequest, ctx: SandboxContext): Promise<Reply> {
  const form = await formOf(req)
  const input = form ? fromForm(form) : await fromJson(ctx, req.json())
  const f = input.fields
  const model = requireModel(req, f.model, ['image-edit'])
  const native = ctx.catalog.hasKind(model, ['image-gen-1'])
  if (typeof f.prompt !== 'string' || f.prompt === '') throw fail(req, 'field prompt is required')
  if (!input.images.length) throw fail(req, 'image is required')
  if (native && input.images.length > 1) throw fail(req, 'this model takes a single image file')
  if (f.n !== undefined && (!Number.isInteger(f.n) || (f.n as number) < 0 || (f.n as number) > 10))
    throw fail(req, 'field n must be an integer from 0 to 10')
  const n = (f.n as number | undefined) || 1
  if (f.quality !== undefined && !EDIT_QUALITIES.includes(String(f.quality)))
    throw fail(req, `field quality must be one of ${EDIT_QUALITIES.join(', ')}`)
  if (f.response_format !== undefined && f.response_format !== 'url' && f.response_format !== 'b64_json')
    throw fail(req, 'field response_format must be url or b64_json')
  if (f.watermark !== undefined && typeof f.watermark !== 'boolean')
    throw fail(req, 'field watermark must be a boolean')
  if (native && f.ratio !== undefined && !RATIOS_1.includes(String(f.ratio)))
    throw fail(req, `field ratio must be one of ${RATIOS_1.join(', ')}`)
  if (native && f.resolution !== undefined && !RESOLUTIONS.includes(String(f.resolution)))
    throw fail(req, 'field resolution must be one of 1k, 2k, 4k')
  const source = input.images[0]
  const sniff = sniffImage(source)
  if (!sniff) throw fail(req, 'image must be a png, jpeg or webp file')
  if (native && source.length > MAX_NATIVE_BYTES) throw fail(req, 'image must be at most 25 MB')
  if (input.mask && !sniffImage(input.mask)) throw fail(req, 'mask must be a png, jpeg or webp file')
  const format: ImageFormat = outputFormat(req, f.output_format, sniff.format)

  const cost = ctx.catalog.unitPrice(model) * n
  requireQuota(req, ctx, cost)
  // Validate the pair (decodable, same size) before charging, as a real upstream would refuse it.
  const prompt = f.prompt
  const first = await edit(req, source, input.mask, prompt, ctx.resultSeed('edit', model, prompt, 0), format)
  charge(req, ctx, cost)
  await generationDelay(ctx)
  const data: Body[] = []
  for (let i = 0; i < n; i++) {
    const bytes =
      i === 0 ? first : await edit(req, source, input.mask, prompt, ctx.resultSeed('edit', model, prompt, i), format)
    if (f.response_format === 'b64_json') data.push({ b64_json: bytes.toString('base64') })
    else if (req.faults.has('data-url'))
      data.push({ url: `data:${CONTENT_TYPES[format]};base64,${bytes.toString('base64')}` })
    else
      data.push({
        url: urlFor(
          ctx,
          req,
          storeImage(ctx, req, format, async () => bytes)
        )
      })
  }
  return { ...json(200, { created: ctx.clock.wallSec(), data }), paid: true }
}

async function edit(
  req: SandboxRequest,
  image: Buffer,
  mask: Buffer | null,
  prompt: string,
  seed: number,
  format: ImageFormat
): Promise<Buffer> {
  try {
    return (await editImage({ image, mask: mask ?? undefined, prompt, seed, format })).bytes
  } catch (err) {
    if (err instanceof MediaInputError) throw fail(req, `${err.field}: ${err.message}`)
    throw err
  }
}

export const editRoutes: RouteDef[] = [
  {
    method: 'POST',
    pattern: /^\/v1\/images\/edits\/?$/,
    name: 'image.edit',
    auth: 'bearer',
    format: 'openai',
    handler: handle
  },
  { method: 'POST', pattern: /^\/v1\/edits\/?$/, name: 'image.edit', auth: 'bearer', format: 'openai', handler: handle }
]
