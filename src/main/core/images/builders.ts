import type { NativeImageNames } from '@shared/domain/gateway-names'
import {
  IMAGE2_RATIO_SIZES,
  IMAGE2_SIZES,
  type EditRequest,
  type GenerateRequest,
  type NativeTaskRequest
} from '@shared/domain/images'
import { parseDims, type EditFamily } from './validate'

/**
 * Request bodies per family, exactly the spec's fields and nothing else (pure; validate.ts ran
 * first). A field the user left out stays out: several upstreams treat "absent" and "default"
 * differently, watermark most of all.
 */

export type ImagegenRequest = Extract<GenerateRequest, { family: 'imagegen' }>
export type Image2Request = Extract<GenerateRequest, { family: 'image2' }>

export interface Built<B> {
  body: B
  /** Things the form should tell the user about what will be sent. */
  warnings: string[]
  /** The size asked for as `<w>x<h>`, when one is known, to compare with what arrives. */
  requestedSize?: string
}

/** Absent is omitted; true and false are sent as booleans. */
function triState(v: 'absent' | 'true' | 'false' | undefined): boolean | undefined {
  return v === 'true' ? true : v === 'false' ? false : undefined
}

function put(body: Record<string, unknown>, key: string, value: unknown): void {
  if (value !== undefined) body[key] = value
}

export function buildImagegenBody(req: ImagegenRequest): Built<Record<string, unknown>> {
  const body: Record<string, unknown> = { model: req.model, prompt: req.prompt, n: req.n }
  put(body, 'size', req.size)
  put(body, 'ratio', req.ratio)
  put(body, 'resolution', req.resolution)
  if (req.image?.length) body.image = [...req.image]
  const dims = req.size ? parseDims(req.size, '*') : null
  return { body, warnings: [], requestedSize: dims ? `${dims.width}x${dims.height}` : undefined }
}

/** The official tier nearest in aspect ratio: what a channel without native support for a size draws. */
export function nearestImage2Size(width: number, height: number): string {
  const want = Math.log(width / height)
  let best: string = IMAGE2_SIZES[0]
  let bestGap = Infinity
  for (const tier of IMAGE2_SIZES) {
    const d = parseDims(tier, 'x')!
    const gap = Math.abs(Math.log(d.width / d.height) - want)
    if (gap < bestGap) [best, bestGap] = [tier, gap]
  }
  return best
}

/**
 * The second family's size: an explicit size wins over a ratio preset (the form is told); a ratio
 * alone maps through the spec's table; a size outside the official tiers is sent as asked, with a
 * note that channels without native support draw the nearest tier and append the ratio to the prompt.
 */
export function image2Size(req: Pick<Image2Request, 'size' | 'ratio'>): { size?: string; warnings: string[] } {
  const warnings: string[] = []
  const preset = req.ratio ? IMAGE2_RATIO_SIZES[req.ratio] : undefined
  const size = req.size ?? preset
  if (req.size && preset && req.size !== preset) {
    warnings.push(
      `Size ${req.size} was sent; the ratio ${req.ratio} (which means ${preset}) was not used, because an explicit size wins.`
    )
  }
  if (size && !(IMAGE2_SIZES as readonly string[]).includes(size)) {
    const d = parseDims(size, 'x')!
    warnings.push(
      `${size} is not one of the official sizes; a channel that cannot draw it natively uses the nearest one (${nearestImage2Size(d.width, d.height)}) and adds the ratio to the prompt.`
    )
  }
  return { size, warnings }
}

/** `references` are what the gateway gets: URLs as-is, local images already turned into data URLs. */
export function buildImage2Body(req: Image2Request, references: string[]): Built<Record<string, unknown>> {
  const { size, warnings } = image2Size(req)
  const body: Record<string, unknown> = { model: req.model, prompt: req.prompt }
  put(body, 'n', req.n)
  put(body, 'size', size)
  // One reference travels as a string, several as an array (both are the spec's shapes).
  if (references.length === 1) body.image = references[0]
  else if (references.length > 1) body.image = references
  put(body, 'response_format', req.response_format)
  put(body, 'quality', req.quality)
  put(body, 'style', req.style)
  put(body, 'background', req.background)
  put(body, 'watermark', triState(req.watermark))
  return { body, warnings, requestedSize: size }
}

/** The native task's body: `req_key` and the model are the profile's names (validate.ts chose the model). */
export function buildNativeSubmitBody(
  req: NativeTaskRequest,
  native: Pick<NativeImageNames, 'reqKey'>,
  model: string
): Built<Record<string, unknown>> {
  const body: Record<string, unknown> = { req_key: native.reqKey, model, prompt: req.prompt }
  put(body, 'resolution', req.resolution)
  put(body, 'size', req.size)
  put(body, 'force_single', req.force_single)
  if (req.image_urls?.length) body.image_urls = [...req.image_urls]
  put(body, 'width', req.width)
  put(body, 'height', req.height)
  let requestedSize: string | undefined
  if (req.width !== undefined && req.height !== undefined) requestedSize = `${req.width}x${req.height}`
  else if (req.size !== undefined && Number.isInteger(Math.sqrt(req.size)))
    requestedSize = `${Math.sqrt(req.size)}x${Math.sqrt(req.size)}`
  return { body, warnings: [], requestedSize }
}

/** The result query of GATEWAY.md §5b: `return_url` asks for URLs instead of inline Base64. */
export function buildNativeResultBody(
  taskId: string,
  native: Pick<NativeImageNames, 'reqKey'>
): Record<string, unknown> {
  return { req_key: native.reqKey, task_id: taskId, req_json: JSON.stringify({ return_url: true }) }
}

/** The text parts of the edit multipart, in a stable order; the files are added by the sender. */
export function buildEditFields(req: EditRequest, family: EditFamily): Built<Array<[string, string]>> {
  const fields: Array<[string, string]> = [
    ['model', req.model],
    ['prompt', req.prompt]
  ]
  const add = (k: string, v: string | number | undefined) => {
    if (v !== undefined) fields.push([k, String(v)])
  }
  add('n', req.n)
  // An extended canvas already has a size the form family takes (extend-plan.ts): ask for it.
  const canvas = req.extend ? `${req.extend.width}x${req.extend.height}` : undefined
  const size = req.size ?? (family === 'editForm' ? canvas : undefined)
  add('size', size)
  add('quality', req.quality)
  const wm = triState(req.watermark)
  add('watermark', wm === undefined ? undefined : String(wm))
  if (family === 'editNative') {
    add('ratio', req.ratio)
    add('response_format', req.response_format)
    add('resolution', req.resolution)
  }
  return { body: fields, warnings: [], requestedSize: size && size !== 'auto' ? size : canvas }
}
