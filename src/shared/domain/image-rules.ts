/**
 * Every rule of an image request that the contract's shape does not hold, written once: the host
 * refuses with the first problem before any request (main/core/images/validate.ts), the forms show
 * them all at their fields (features/images/*). Which model is in which family is the profile's data.
 */
import { editFamilyOf, familiesOf, STANDIN_NAMES, type GatewayNames } from './gateway-names'
import {
  editQualities,
  EditRequestSchema,
  GenerateRequestSchema,
  IMAGE_COUNT_MAX,
  NATIVE_AREA_MAX,
  NATIVE_AREA_MIN,
  NATIVE_IMAGE_URLS_MAX,
  NativeTaskRequestSchema,
  type EditFamily,
  type EditRequest,
  type GenerateRequest,
  type NativeTaskRequest
} from './images'
import { issueProblems, ruleProblem, type RuleProblem } from './rule-problems'

/** Only http(s) addresses are something a gateway can fetch; data:, file: and the like are refused. */
export function isHttpUrl(value: string): boolean {
  try {
    const u = new URL(value)
    return (u.protocol === 'https:' || u.protocol === 'http:') && u.username === '' && u.password === ''
  } catch {
    return false
  }
}

/**
 * A size as a creator types it ("2048 x 2048", "2048×2048", "2048*2048") in the separator the family's
 * request takes; anything else comes back trimmed, for the rules to refuse with their message.
 */
export function wireDims(text: string, sep: '*' | 'x'): string {
  const m = /^\s*(\d{1,5})\s*[xX×*]\s*(\d{1,5})\s*$/.exec(text)
  return m ? `${m[1]}${sep}${m[2]}` : text.trim()
}

export function parseDims(size: string, sep: '*' | 'x'): { width: number; height: number } | null {
  const parts = size.split(sep)
  if (parts.length !== 2 || !parts.every((p) => /^\d{1,5}$/.test(p))) return null
  const [width, height] = parts.map(Number)
  return width > 0 && height > 0 ? { width, height } : null
}

const blank = (prompt: string) => prompt.trim() === ''

/** `n`: the first family draws at least one; for the others 0 (or none) means the gateway's one. */
function countProblems(n: number | undefined, min: 0 | 1): RuleProblem[] {
  return n !== undefined && (n < min || n > IMAGE_COUNT_MAX)
    ? [ruleProblem('n', 'countRange', { min, max: IMAGE_COUNT_MAX })]
    : []
}

export function generateProblems(req: GenerateRequest): RuleProblem[] {
  const p: RuleProblem[] = []
  if (req.family === 'imagegen') {
    if (blank(req.prompt)) p.push(ruleProblem('prompt', 'imagePromptRequired'))
    p.push(...countProblems(req.n, 1))
    if (req.size !== undefined && !parseDims(req.size, '*')) p.push(ruleProblem('size', 'sizeStar'))
    req.image?.forEach((url, i) => {
      if (!isHttpUrl(url)) p.push(ruleProblem(`image.${i}`, 'imagegenUrlOnly'))
    })
    return p
  }
  // The second family needs the prompt for text-to-image only (spec "Image generation"): with a
  // reference image an empty prompt is a valid request.
  if (blank(req.prompt) && !req.image?.length) p.push(ruleProblem('prompt', 'promptOrReference'))
  p.push(...countProblems(req.n, 0))
  if (req.size !== undefined && !parseDims(req.size, 'x')) p.push(ruleProblem('size', 'sizeX'))
  req.image?.forEach((ref, i) => {
    if (ref.kind === 'url' && !isHttpUrl(ref.url)) p.push(ruleProblem(`image.${i}`, 'httpUrl'))
  })
  return p
}

/**
 * Any model name is accepted with its family's rules; but a name the profile's names put in the
 * other generation family only is a mix-up (the body would be of the wrong shape).
 */
export function generateFamilyProblems(
  req: Pick<GenerateRequest, 'family' | 'model'>,
  names: GatewayNames | undefined
): RuleProblem[] {
  const assigned = familiesOf(names ?? STANDIN_NAMES, req.model).filter(
    (f): f is 'imagegen' | 'image2' => f === 'imagegen' || f === 'image2'
  )
  if (assigned.length === 0 || assigned.includes(req.family)) return []
  return [
    ruleProblem('model', assigned[0] === 'imagegen' ? 'modelInFirstFamily' : 'modelInSecondFamily', {
      model: req.model
    })
  ]
}

export function nativeProblems(req: NativeTaskRequest): RuleProblem[] {
  const p: RuleProblem[] = []
  if (blank(req.prompt)) p.push(ruleProblem('prompt', 'imagePromptRequired'))
  if (req.size !== undefined && (req.size < NATIVE_AREA_MIN || req.size > NATIVE_AREA_MAX)) {
    p.push(ruleProblem('size', 'areaSize', { min: NATIVE_AREA_MIN, max: NATIVE_AREA_MAX, size: req.size }))
  }
  if ((req.width === undefined) !== (req.height === undefined))
    p.push(ruleProblem(req.width === undefined ? 'width' : 'height', 'bothDims'))
  if (req.width !== undefined && req.height !== undefined) {
    const area = req.width * req.height
    if (area < NATIVE_AREA_MIN || area > NATIVE_AREA_MAX)
      p.push(ruleProblem('width', 'areaRange', { width: req.width, height: req.height, area }))
  }
  if ((req.image_urls?.length ?? 0) > NATIVE_IMAGE_URLS_MAX)
    p.push(ruleProblem('image_urls', 'nativeUrlsTooMany', { max: NATIVE_IMAGE_URLS_MAX }))
  req.image_urls?.forEach((url, i) => {
    if (!isHttpUrl(url)) p.push(ruleProblem(`image_urls.${i}`, 'nativeUrl'))
  })
  return p
}

/** The native task's model: as sent, else the first the profile's names give the native task. */
export function nativeModelOf(
  req: Pick<NativeTaskRequest, 'model'>,
  names: GatewayNames | undefined
): string | undefined {
  return req.model ?? (names ?? STANDIN_NAMES).models.native[0]
}

export function nativeModelProblems(
  req: Pick<NativeTaskRequest, 'model'>,
  names: GatewayNames | undefined
): RuleProblem[] {
  return nativeModelOf(req, names) ? [] : [ruleProblem('model', 'nativeModelMissing')]
}

/** The request's edit family: as sent, else as the profile's names assign the model (none: a problem). */
export function editFamilyOfRequest(
  req: Pick<EditRequest, 'model' | 'family'>,
  names: GatewayNames | undefined
): EditFamily | undefined {
  return req.family ?? editFamilyOf(names, req.model)
}

/** The edit's own parameters, per family (its files are the host's to check: it holds the grants). */
export function editProblems(req: EditRequest, names: GatewayNames | undefined): RuleProblem[] {
  const family = editFamilyOfRequest(req, names)
  if (!family) return [ruleProblem('model', 'editFamilyUnknown', { model: req.model })]
  const p: RuleProblem[] = []
  if (blank(req.prompt)) p.push(ruleProblem('prompt', 'imagePromptRequired'))
  p.push(...countProblems(req.n, 0))
  if (family !== 'editNative') {
    for (const param of ['ratio', 'response_format', 'resolution'] as const) {
      if (req[param] !== undefined) p.push(ruleProblem(param, 'nativeEditOnly', { param, model: req.model }))
    }
  }
  if (req.quality !== undefined) {
    const allowed = editQualities(family, req.model, names)
    if (!allowed.includes(req.quality))
      p.push(ruleProblem('quality', 'editQuality', { model: req.model, allowed: allowed.join(', ') }))
  }
  if (req.size !== undefined && req.size !== 'auto' && !parseDims(req.size, 'x'))
    p.push(ruleProblem('size', 'sizeEdit'))
  if (req.ratio !== undefined && !/^\d{1,2}:\d{1,2}$/.test(req.ratio)) p.push(ruleProblem('ratio', 'ratioFormat'))
  return p
}

type Checked<T> = { request: T | null; problems: RuleProblem[] }

function checked<T>(
  parsed: { success: true; data: T } | { success: false; error: { issues: Parameters<typeof issueProblems>[0] } },
  rules: (r: T) => RuleProblem[]
): Checked<T> {
  if (!parsed.success) return { request: null, problems: issueProblems(parsed.error.issues) }
  const problems = rules(parsed.data)
  return { request: problems.length === 0 ? parsed.data : null, problems }
}

/** What the host does with each request, as one function each: the contract's parse, then every rule. */
export function checkGenerateRequest(input: unknown, names: GatewayNames | undefined): Checked<GenerateRequest> {
  return checked(GenerateRequestSchema.safeParse(input), (r) => [
    ...generateProblems(r),
    ...generateFamilyProblems(r, names)
  ])
}

export function checkNativeRequest(input: unknown, names: GatewayNames | undefined): Checked<NativeTaskRequest> {
  return checked(NativeTaskRequestSchema.safeParse(input), (r) => [
    ...nativeProblems(r),
    ...nativeModelProblems(r, names)
  ])
}

export function checkEditRequest(input: unknown, names: GatewayNames | undefined): Checked<EditRequest> {
  return checked(EditRequestSchema.safeParse(input), (r) => editProblems(r, names))
}
