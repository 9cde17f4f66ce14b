import {
  IMAGEGEN_MODELS,
  NATIVE_AREA_MAX,
  NATIVE_AREA_MIN,
  NATIVE_IMAGE_URLS_MAX,
  NATIVE_PROMPT_RECOMMENDED_MAX,
  type EditRequest,
  type GenerateRequest,
  type NativeTaskRequest
} from '@shared/domain/images'
import { StudioError } from '@shared/errors'

/**
 * Checks every limit the spec states before a request is built (RELIABILITY promise 4): a refusal
 * is a coded INVALID_INPUT at the form field, and nothing reaches the gateway. Soft limits become
 * warnings the job carries to the form. Pure: file checks (type, size, mask dimensions) live in
 * edit-inputs.ts because they need the grant table.
 */

export function invalid(field: string, message: string, details?: Record<string, unknown>): StudioError {
  return new StudioError('INVALID_INPUT', message, { field, ...(details ? { details } : {}) })
}

/** The native edit family: imagegen-4.0 and imagegen-4.5 take ratio, response_format and resolution. */
export function isNativeEditModel(model: string): boolean {
  return (IMAGEGEN_MODELS as readonly string[]).includes(model)
}

/**
 * Edit quality per family (spec: native default `auto`; image-model-1 defaults to `standard` in the
 * form case). `auto` is the native family's own default word, so image-model-1 does not get it.
 */
export const EDIT_QUALITY: Readonly<Record<'native' | 'image-model-1', readonly string[]>> = {
  native: ['auto', 'high', 'medium', 'low', 'hd', 'standard'],
  'image-model-1': ['standard', 'hd', 'high', 'medium', 'low']
}

function requirePrompt(prompt: string): void {
  if (prompt.trim() === '') throw invalid('prompt', 'Write a prompt: the gateway needs one to know what to draw.')
}

/** Only http(s) addresses are something a gateway can fetch; data:, file: and the like are refused here. */
export function isHttpUrl(value: string): boolean {
  try {
    const u = new URL(value)
    return (u.protocol === 'https:' || u.protocol === 'http:') && u.username === '' && u.password === ''
  } catch {
    return false
  }
}

function parseDims(size: string, sep: '*' | 'x'): { width: number; height: number } | null {
  const parts = size.split(sep)
  if (parts.length !== 2 || !parts.every((p) => /^\d{1,5}$/.test(p))) return null
  const [width, height] = parts.map(Number)
  return width > 0 && height > 0 ? { width, height } : null
}

export function checkGenerate(req: GenerateRequest): string[] {
  // The second family treats the prompt as required for text-to-image only (spec "Image generation"):
  // with a reference image an empty prompt is a valid request. The form applies the same rule.
  if (req.family === 'imagegen' || !req.image?.length) requirePrompt(req.prompt)
  if (req.family === 'imagegen') {
    if (req.size !== undefined && !parseDims(req.size, '*')) throw invalid('size', 'For imagegen models the size is <width>*<height>, e.g. 2048*2048.')
    req.image?.forEach((url, i) => {
      if (!isHttpUrl(url)) {
        throw invalid(`image.${i}`, 'imagegen models take reference images as http(s) URLs only. To use a local file or a gallery image, choose image-model-2.')
      }
    })
    return []
  }
  if (req.size !== undefined && !parseDims(req.size, 'x')) throw invalid('size', 'For image-model-2 the size is <width>x<height>, e.g. 1024x1024.')
  req.image?.forEach((ref, i) => {
    if (ref.kind === 'url' && !isHttpUrl(ref.url)) throw invalid(`image.${i}`, 'A reference URL must be an http(s) address.')
  })
  return []
}

export function checkNative(req: NativeTaskRequest): string[] {
  requirePrompt(req.prompt)
  const warnings: string[] = []
  if (req.prompt.length > NATIVE_PROMPT_RECOMMENDED_MAX) {
    warnings.push(
      `The prompt is ${req.prompt.length} characters; the native task recommends at most ${NATIVE_PROMPT_RECOMMENDED_MAX}. Longer prompts may render wrongly or be partly ignored.`
    )
  }
  if (req.size !== undefined && (req.size < NATIVE_AREA_MIN || req.size > NATIVE_AREA_MAX)) {
    throw invalid('size', `The area must be between 1024x1024 (${NATIVE_AREA_MIN}) and 4096x4096 (${NATIVE_AREA_MAX}) pixels; got ${req.size}.`)
  }
  if ((req.width === undefined) !== (req.height === undefined)) {
    throw invalid(req.width === undefined ? 'width' : 'height', 'Give both width and height, or neither.')
  }
  if (req.width !== undefined && req.height !== undefined) {
    const area = req.width * req.height
    if (area < NATIVE_AREA_MIN || area > NATIVE_AREA_MAX) {
      throw invalid('width', `${req.width}x${req.height} is ${area} pixels; the native task needs an area between 1024x1024 and 4096x4096.`)
    }
  }
  if ((req.image_urls?.length ?? 0) > NATIVE_IMAGE_URLS_MAX) throw invalid('image_urls', `At most ${NATIVE_IMAGE_URLS_MAX} reference image URLs.`)
  req.image_urls?.forEach((url, i) => {
    if (!isHttpUrl(url)) throw invalid(`image_urls.${i}`, 'Reference images for the native task must be http(s) URLs.')
  })
  if (req.size !== undefined) warnings.push('`size` (an area in pixels) is deprecated for the native task; width/height or resolution say the same more precisely.')
  if (req.size !== undefined && req.width !== undefined) warnings.push('Both the deprecated area `size` and width/height were given; the upstream decides which one wins.')
  return warnings
}

/** The edit's own parameters, per family (files are checked in edit-inputs.ts). */
export function checkEditParams(req: EditRequest): string[] {
  requirePrompt(req.prompt)
  const native = isNativeEditModel(req.model)
  if (!native) {
    for (const field of ['ratio', 'response_format', 'resolution'] as const) {
      if (req[field] !== undefined) throw invalid(field, `${field} applies to the imagegen edit models only, not ${req.model}.`)
    }
  }
  if (req.quality !== undefined) {
    const allowed = EDIT_QUALITY[native ? 'native' : 'image-model-1']
    if (!allowed.includes(req.quality)) throw invalid('quality', `${req.model} takes quality ${allowed.join(', ')}.`)
  }
  if (req.size !== undefined && req.size !== 'auto' && !parseDims(req.size, 'x')) throw invalid('size', 'The edit size is <width>x<height>, e.g. 1024x1024.')
  if (req.ratio !== undefined && !/^\d{1,2}:\d{1,2}$/.test(req.ratio)) throw invalid('ratio', 'A ratio looks like 16:9.')
  return []
}

export { parseDims }
