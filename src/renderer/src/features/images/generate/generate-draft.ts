/**
 * The generate form's drafts and their validation, pure. A draft holds what the user typed; a
 * valid draft becomes exactly the contract's GenerateRequest for its family (fields of the other
 * family cannot leak in), an invalid one yields problems per field and no request.
 */
import { formResult, readModel } from '@renderer/lib/rule-text'
import type { GatewayNames } from '@shared/domain/gateway-names'
import { checkGenerateRequest, wireDims } from '@shared/domain/image-rules'
import {
  IMAGE2_RATIO_SIZES,
  type IMAGE2_SIZES,
  type IMAGEGEN_RATIOS,
  type RESOLUTIONS,
  type GenerateRequest,
  type ImageRef
} from '@shared/domain/images'
import { isBlank, parseCount, type FieldProblems } from '../problems'

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

export const EMPTY_IMAGEGEN: ImagegenDraft = {
  model: '',
  prompt: '',
  n: '1',
  size: '',
  ratio: '',
  resolution: '',
  urls: []
}
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

/** The count as typed; its range is the domain's rule. */
function count(raw: string, required: boolean, unread: FieldProblems): number | undefined {
  const n = parseCount(raw, required)
  if (n.problem) unread.n = n.problem
  return n.value
}

/** What a form's text became: the request as typed, and the fields whose text is no value. */
export interface Read<T> {
  input: T
  unread: FieldProblems
}

export function readImagegen(d: ImagegenDraft): Read<GenerateRequest> {
  const unread: FieldProblems = {}
  const n = count(d.n, true, unread)
  const input = {
    family: 'imagegen' as const,
    model: readModel(d.model, unread),
    prompt: d.prompt,
    // An unread count holds the request back anyway; 1 lets the other fields be checked meanwhile.
    n: n ?? 1,
    ...(opt(d.size) ? { size: wireDims(d.size, '*') } : {}),
    ...(d.ratio ? { ratio: d.ratio } : {}),
    ...(d.resolution ? { resolution: d.resolution } : {}),
    ...(d.urls.length ? { image: d.urls.map((u) => u.trim()) } : {})
  }
  return { input, unread }
}

export function validateImagegen(d: ImagegenDraft, names?: GatewayNames): Validated {
  const { input, unread } = readImagegen(d)
  return formResult(checkGenerateRequest(input, names), unread)
}

/** The size the second family will be asked for: the ratio's preset, the tier, or the custom text. */
export function image2SizeShown(d: Pick<Image2Draft, 'size' | 'customSize' | 'ratio'>): string | null {
  if (d.ratio) return IMAGE2_RATIO_SIZES[d.ratio]
  if (d.size === 'custom') return opt(d.customSize) ?? null
  return d.size || null
}

export function readImage2(d: Image2Draft): Read<GenerateRequest> {
  const unread: FieldProblems = {}
  const n = count(d.n, false, unread)
  const size = d.ratio ? undefined : d.size === 'custom' ? wireDims(d.customSize, 'x') : d.size || undefined
  const input = {
    family: 'image2' as const,
    model: readModel(d.model, unread),
    prompt: d.prompt,
    ...(n !== undefined ? { n } : {}),
    ...(size !== undefined ? { size } : {}),
    ...(d.ratio ? { ratio: d.ratio } : {}),
    ...(d.refs.length
      ? { image: d.refs.map((r) => (r.ref.kind === 'url' ? { kind: 'url' as const, url: r.ref.url.trim() } : r.ref)) }
      : {}),
    ...(d.responseFormat ? { response_format: d.responseFormat } : {}),
    ...(opt(d.quality) ? { quality: d.quality.trim() } : {}),
    ...(opt(d.style) ? { style: d.style.trim() } : {}),
    ...(opt(d.background) ? { background: d.background.trim() } : {}),
    watermark: d.watermark
  }
  return { input, unread }
}

export function validateImage2(d: Image2Draft, names?: GatewayNames): Validated {
  const { input, unread } = readImage2(d)
  const v = formResult(checkGenerateRequest(input, names), unread)
  // A typed size is checked as the request's `size` and shown at the text field it came from.
  if (d.size === 'custom' && v.problems.size) {
    const { size: atSize, ...rest } = v.problems
    return { request: v.request, problems: { ...rest, customSize: atSize } }
  }
  return v
}
