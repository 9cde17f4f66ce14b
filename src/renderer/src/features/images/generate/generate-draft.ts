/**
 * The generate form's drafts and their validation, pure. A draft holds what the user typed; a
 * valid draft becomes exactly the contract's GenerateRequest for its family (fields of the other
 * family cannot leak in), an invalid one yields problems per field and no request.
 */
import {
  IMAGE2_RATIO_SIZES,
  IMAGE2_SIZES,
  IMAGEGEN_RATIOS,
  RESOLUTIONS,
  type GenerateRequest,
  type ImageRef
} from '@shared/domain/images'
import { isBlank, isHttpUrl, parseCount, problem, type FieldProblems } from '../problems'

export type Family = 'imagegen' | 'image2'
export type TriState = 'absent' | 'true' | 'false'
export type Image2Ratio = keyof typeof IMAGE2_RATIO_SIZES
export const IMAGE2_RATIOS = Object.keys(IMAGE2_RATIO_SIZES) as Image2Ratio[]

/** A reference as the form shows it: the contract's ref plus a label and a thumbnail URL. */
export interface DraftRef {
  ref: ImageRef
  label: string
  thumbUrl?: string
}

export interface ImagegenDraft {
  /** Any name: the profile's names are suggestions ('' = not chosen yet; the field fills in the first). */
  model: string
  prompt: string
  n: string
  size: string
  ratio: '' | (typeof IMAGEGEN_RATIOS)[number]
  resolution: '' | (typeof RESOLUTIONS)[number]
  urls: string[]
}

export interface Image2Draft {
  model: string
  prompt: string
  n: string
  /** '' (not sent), an official tier, or 'custom' (then `customSize`). */
  size: '' | (typeof IMAGE2_SIZES)[number] | 'custom'
  customSize: string
  ratio: '' | Image2Ratio
  refs: DraftRef[]
  responseFormat: '' | 'url' | 'b64_json'
  quality: string
  style: string
  background: string
  watermark: TriState
}

export const EMPTY_IMAGEGEN: ImagegenDraft = { model: '', prompt: '', n: '1', size: '', ratio: '', resolution: '', urls: [] }
export const EMPTY_IMAGE2: Image2Draft = {
  model: '',
  prompt: '',
  n: '',
  size: '',
  customSize: '',
  ratio: '',
  refs: [],
  responseFormat: '',
  quality: '',
  style: '',
  background: '',
  watermark: 'absent'
}

export const MAX_REFS = 10

export interface Validated {
  request: GenerateRequest | null
  problems: FieldProblems
}

const opt = (s: string) => (isBlank(s) ? undefined : s.trim())

function checkUrls(urls: readonly string[], problems: FieldProblems, field: string): void {
  if (urls.length > MAX_REFS) problems[field] = problem('tooManyRefs')
  urls.forEach((u, i) => {
    if (!isHttpUrl(u)) problems[`${field}.${i}`] = problem('url')
  })
}

export function validateImagegen(d: ImagegenDraft): Validated {
  const problems: FieldProblems = {}
  if (isBlank(d.model)) problems.model = problem('modelRequired')
  if (isBlank(d.prompt)) problems.prompt = problem('promptRequired')
  const n = parseCount(d.n, 1, true)
  if (n.problem) problems.n = n.problem
  if (!isBlank(d.size) && !/^\d{2,5}\*\d{2,5}$/.test(d.size.trim())) problems.size = problem('sizeStar')
  checkUrls(d.urls, problems, 'image')
  if (Object.keys(problems).length > 0) return { request: null, problems }
  return {
    problems,
    request: {
      family: 'imagegen',
      model: d.model.trim(),
      prompt: d.prompt,
      n: n.value!,
      ...(opt(d.size) ? { size: d.size.trim() } : {}),
      ...(d.ratio ? { ratio: d.ratio } : {}),
      ...(d.resolution ? { resolution: d.resolution } : {}),
      ...(d.urls.length ? { image: d.urls.map((u) => u.trim()) } : {})
    }
  }
}

/** The size the second family will be asked for: the ratio's preset, the tier, or the custom text. */
export function image2SizeShown(d: Pick<Image2Draft, 'size' | 'customSize' | 'ratio'>): string | null {
  if (d.ratio) return IMAGE2_RATIO_SIZES[d.ratio]
  if (d.size === 'custom') return opt(d.customSize) ?? null
  return d.size || null
}

export function validateImage2(d: Image2Draft): Validated {
  const problems: FieldProblems = {}
  if (isBlank(d.model)) problems.model = problem('modelRequired')
  // The spec treats the prompt as required for text-to-image; with references it may be empty.
  if (isBlank(d.prompt) && d.refs.length === 0) problems.prompt = problem('promptOrReference')
  const n = parseCount(d.n, 0, false)
  if (n.problem) problems.n = n.problem
  if (d.size === 'custom' && !/^\d{2,5}x\d{2,5}$/.test(d.customSize.trim())) problems.customSize = problem('sizeX')
  if (d.refs.length > MAX_REFS) problems.image = problem('tooManyRefs')
  d.refs.forEach((r, i) => {
    if (r.ref.kind === 'url' && !isHttpUrl(r.ref.url)) problems[`image.${i}`] = problem('url')
  })
  if (d.quality.length > 40) problems.quality = problem('tooLongField', { max: 40 })
  if (d.style.length > 200) problems.style = problem('tooLongField', { max: 200 })
  if (d.background.length > 200) problems.background = problem('tooLongField', { max: 200 })
  if (Object.keys(problems).length > 0) return { request: null, problems }
  const size = d.ratio ? undefined : d.size === 'custom' ? d.customSize.trim() : d.size || undefined
  return {
    problems,
    request: {
      family: 'image2',
      model: d.model.trim(),
      prompt: d.prompt,
      ...(n.value !== undefined ? { n: n.value } : {}),
      ...(size ? { size } : {}),
      ...(d.ratio ? { ratio: d.ratio } : {}),
      ...(d.refs.length ? { image: d.refs.map((r) => (r.ref.kind === 'url' ? { kind: 'url' as const, url: r.ref.url.trim() } : r.ref)) } : {}),
      ...(d.responseFormat ? { response_format: d.responseFormat } : {}),
      ...(opt(d.quality) ? { quality: d.quality.trim() } : {}),
      ...(opt(d.style) ? { style: d.style.trim() } : {}),
      ...(opt(d.background) ? { background: d.background.trim() } : {}),
      watermark: d.watermark
    }
  }
}
