/**
 * One image request asked of another model: what of the filled request that model's body family
 * takes, what it drops, and the request it gets. The rules then check the result (image-rules.ts),
 * so a model that cannot take the request at all is refused before anything is sent.
 */
import { familiesOf, STANDIN_NAMES, type GatewayNames } from './gateway-names'
import { checkGenerateRequest } from './image-rules'
import { IMAGE2_RATIO_SIZES, IMAGEGEN_RATIOS, type GenerateRequest } from './images'
import type { RuleProblem } from './rule-problems'

export type GenerateFamily = GenerateRequest['family']

export interface Carried {
  request: GenerateRequest
  /** Filled fields the model's family takes (as the request's own field names). */
  taken: string[]
  /** Filled fields it has no place for; they are not sent to this model. */
  dropped: string[]
  problems: RuleProblem[]
}

/** The generation family the profile's names put a model in (the first, when in both); none: not an image generation model. */
export function generateFamilyOf(model: string, names: GatewayNames | undefined): GenerateFamily | undefined {
  return familiesOf(names ?? STANDIN_NAMES, model).find((f): f is GenerateFamily => f === 'imagegen' || f === 'image2')
}

const swapSize = (size: string, from: string, to: string) => size.split(from).join(to)

/** The fields of `req` that hold something (a default radio such as watermark "absent" is not filled). */
export function filledFields(req: GenerateRequest): string[] {
  return Object.entries(req)
    .filter(
      ([k, v]) =>
        k !== 'family' &&
        k !== 'model' &&
        v !== undefined &&
        v !== '' &&
        v !== 'absent' &&
        !(Array.isArray(v) && v.length === 0)
    )
    .map(([k]) => k)
}

export function carryGenerate(
  req: GenerateRequest,
  model: string,
  family: GenerateFamily,
  names: GatewayNames | undefined
): Carried {
  const taken: string[] = []
  const dropped: string[] = []
  const filled = new Set(filledFields(req))
  const keep = (field: string, ok: boolean) => filled.has(field) && (ok ? taken : dropped).push(field)
  let request: GenerateRequest
  if (req.family === family) {
    request = { ...req, model }
    taken.push(...filled)
  } else if (family === 'imagegen') {
    const r = req as Extract<GenerateRequest, { family: 'image2' }>
    const ratio = IMAGEGEN_RATIOS.find((x) => x === r.ratio)
    const urls = (r.image ?? []).flatMap((ref) => (ref.kind === 'url' ? [ref.url] : []))
    request = {
      family: 'imagegen',
      model,
      prompt: r.prompt,
      // The first family draws at least one; the second's "0 or none" means one.
      n: r.n ? r.n : 1,
      ...(r.size !== undefined ? { size: swapSize(r.size, 'x', '*') } : {}),
      ...(ratio ? { ratio } : {}),
      ...(urls.length ? { image: urls } : {})
    }
    keep('prompt', true)
    keep('n', true)
    keep('size', true)
    keep('ratio', !!ratio)
    // Gallery images and files are sent to the second family only; the first takes addresses.
    keep('image', urls.length === (r.image?.length ?? 0))
    for (const f of ['response_format', 'quality', 'style', 'background', 'watermark']) keep(f, false)
  } else {
    const r = req as Extract<GenerateRequest, { family: 'imagegen' }>
    const ratio = Object.keys(IMAGE2_RATIO_SIZES).find((x) => x === r.ratio) as
      keyof typeof IMAGE2_RATIO_SIZES | undefined
    request = {
      family: 'image2',
      model,
      prompt: r.prompt,
      n: r.n,
      ...(r.size !== undefined ? { size: swapSize(r.size, '*', 'x') } : {}),
      ...(ratio ? { ratio } : {}),
      ...(r.image?.length ? { image: r.image.map((url) => ({ kind: 'url' as const, url })) } : {}),
      watermark: 'absent'
    }
    keep('prompt', true)
    keep('n', true)
    keep('size', true)
    keep('ratio', !!ratio)
    keep('resolution', false)
    keep('image', true)
  }
  // The same check the host makes (the contract's shape, then every rule of the family).
  const checked = checkGenerateRequest(request, names)
  return { request: checked.request ?? request, taken, dropped, problems: checked.problems }
}
