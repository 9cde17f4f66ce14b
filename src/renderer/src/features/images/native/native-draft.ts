/**
 * The native async image task's draft and validation, pure: prompt (a soft 800-character limit,
 * warned about, not refused), resolution, width/height from the spec's presets or typed, 0-10
 * URLs, force_single and the deprecated area `size`, each checked against the spec's ranges.
 */
import {
  NATIVE_AREA_MAX,
  NATIVE_AREA_MIN,
  NATIVE_IMAGE_URLS_MAX,
  NATIVE_PROMPT_RECOMMENDED_MAX,
  NATIVE_SIZE_PRESETS,
  RESOLUTIONS,
  type NativeTaskRequest
} from '@shared/domain/images'
import { isBlank, isHttpUrl, problem, type FieldProblems } from '../problems'

export interface NativeDraft {
  /** '' = not sent: the host uses the first model the profile's names give the native task. */
  model: string
  prompt: string
  resolution: '' | (typeof RESOLUTIONS)[number]
  /** '' = not sent, a preset index as text, or 'custom'. */
  preset: string
  width: string
  height: string
  urls: string[]
  forceSingle: boolean
  /** Deprecated area in pixels, as typed. */
  area: string
}

export const EMPTY_NATIVE: NativeDraft = { model: '', prompt: '', resolution: '', preset: '', width: '', height: '', urls: [], forceSingle: false, area: '' }

export function promptTooLong(prompt: string): boolean {
  return prompt.length > NATIVE_PROMPT_RECOMMENDED_MAX
}

function dim(raw: string): number | null {
  const text = raw.trim()
  if (!/^\d+$/.test(text)) return null
  const n = Number(text)
  return n >= 64 && n <= 8192 ? n : null
}

export function nativeDims(d: NativeDraft): { width?: number; height?: number; problems: FieldProblems } {
  const problems: FieldProblems = {}
  if (d.preset === '') return { problems }
  if (d.preset !== 'custom') {
    const p = NATIVE_SIZE_PRESETS[Number(d.preset)]
    return p ? { width: p.width, height: p.height, problems } : { problems }
  }
  const wBlank = isBlank(d.width)
  const hBlank = isBlank(d.height)
  if (wBlank && hBlank) return { problems }
  if (wBlank || hBlank) {
    problems[wBlank ? 'width' : 'height'] = problem('bothDims')
    return { problems }
  }
  const width = dim(d.width)
  const height = dim(d.height)
  if (width === null) problems.width = problem('dimRange')
  if (height === null) problems.height = problem('dimRange')
  if (width === null || height === null) return { problems }
  const area = width * height
  if (area < NATIVE_AREA_MIN || area > NATIVE_AREA_MAX) problems.width = problem('areaRange', { width, height, area })
  return { width, height, problems }
}

export function validateNative(d: NativeDraft): { request: NativeTaskRequest | null; problems: FieldProblems } {
  const dims = nativeDims(d)
  const problems: FieldProblems = { ...dims.problems }
  if (isBlank(d.prompt)) problems.prompt = problem('promptRequired')
  if (d.urls.length > NATIVE_IMAGE_URLS_MAX) problems.image_urls = problem('tooManyRefs')
  d.urls.forEach((u, i) => {
    if (!isHttpUrl(u)) problems[`image_urls.${i}`] = problem('url')
  })
  let size: number | undefined
  if (!isBlank(d.area)) {
    const n = /^\d+$/.test(d.area.trim()) ? Number(d.area.trim()) : NaN
    if (!(n >= NATIVE_AREA_MIN && n <= NATIVE_AREA_MAX)) problems.size = problem('areaSize')
    else size = n
  }
  if (Object.keys(problems).length > 0) return { request: null, problems }
  return {
    problems,
    request: {
      ...(d.model.trim() ? { model: d.model.trim() } : {}),
      prompt: d.prompt,
      ...(d.resolution ? { resolution: d.resolution } : {}),
      ...(dims.width !== undefined ? { width: dims.width, height: dims.height } : {}),
      ...(size !== undefined ? { size } : {}),
      ...(d.urls.length ? { image_urls: d.urls.map((u) => u.trim()) } : {}),
      ...(d.forceSingle ? { force_single: true } : {})
    }
  }
}
