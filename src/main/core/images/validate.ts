import { editFamilyOf, familiesOf, STANDIN_NAMES, type GatewayNames } from '@shared/domain/gateway-names'
import {
  editQualities,
  NATIVE_AREA_MAX,
  NATIVE_AREA_MIN,
  NATIVE_IMAGE_URLS_MAX,
  NATIVE_PROMPT_RECOMMENDED_MAX,
  type EditFamily,
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


/** The request's edit family: as sent, else as the profile's names assign the model. */
export function editFamilyFor(req: Pick<EditRequest, 'model' | 'family'>, names: GatewayNames | undefined): EditFamily {
  const family = req.family ?? editFamilyOf(names, req.model)
  if (!family) {
    throw invalid(
      'model',
      `${req.model} is not assigned to an edit family in this profile's names. Choose the edit family in the form, or assign the model in Settings → Profiles → Names.`
    )
  }
  return family
}

const GENERATE_FAMILY_WORDS = { imagegen: 'first', image2: 'second' } as const

/**
 * Any model name is accepted with its family's rules; but a name the profile's names put in the
 * other generation family only is a mix-up (the body would be of the wrong shape), refused at the field.
 */
export function checkGenerateFamily(req: Pick<GenerateRequest, 'family' | 'model'>, names: GatewayNames | undefined): void {
  const assigned = familiesOf(names ?? STANDIN_NAMES, req.model).filter((f): f is 'imagegen' | 'image2' => f === 'imagegen' || f === 'image2')
  if (assigned.length > 0 && !assigned.includes(req.family)) {
    throw invalid(
      'model',
      `${req.model} is a model of the ${GENERATE_FAMILY_WORDS[assigned[0]]} image family in this profile's names, not of the ${GENERATE_FAMILY_WORDS[req.family]}. Choose that family, or change the names in Settings → Profiles → Names.`
    )
  }
}

/** The native task's model: as sent, else the first the profile's names give the native task. */
export function nativeModelFor(req: Pick<NativeTaskRequest, 'model'>, names: GatewayNames | undefined): string {
  const model = req.model ?? names?.models.native[0]
  if (!model) throw invalid('model', "This profile's names give the native image task no model. Name one in the form, or add one in Settings → Profiles → Names.")
  return model
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
    if (req.size !== undefined && !parseDims(req.size, '*')) throw invalid('size', 'For the first image family the size is <width>*<height>, e.g. 2048*2048.')
    req.image?.forEach((url, i) => {
      if (!isHttpUrl(url)) {
        throw invalid(`image.${i}`, 'The first image family takes reference images as http(s) URLs only. To use a local file or a gallery image, choose a model of the second family.')
      }
    })
    return []
  }
  if (req.size !== undefined && !parseDims(req.size, 'x')) throw invalid('size', 'For the second image family the size is <width>x<height>, e.g. 1024x1024.')
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
export function checkEditParams(req: EditRequest, family: EditFamily, names: GatewayNames | undefined): string[] {
  requirePrompt(req.prompt)
  if (family !== 'editNative') {
    for (const field of ['ratio', 'response_format', 'resolution'] as const) {
      if (req[field] !== undefined) throw invalid(field, `${field} applies to the native edit family only, not to ${req.model}.`)
    }
  }
  if (req.quality !== undefined) {
    const allowed = editQualities(family, req.model, names)
    if (!allowed.includes(req.quality)) throw invalid('quality', `${req.model} takes quality ${allowed.join(', ')}.`)
  }
  if (req.size !== undefined && req.size !== 'auto' && !parseDims(req.size, 'x')) throw invalid('size', 'The edit size is <width>x<height>, e.g. 1024x1024.')
  if (req.ratio !== undefined && !/^\d{1,2}:\d{1,2}$/.test(req.ratio)) throw invalid('ratio', 'A ratio looks like 16:9.')
  return []
}

export { parseDims }
export type { EditFamily }
