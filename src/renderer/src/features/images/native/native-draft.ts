/**
 * The native async image task's draft and validation, pure: prompt (a soft 800-character limit,
 * warned about, not refused), resolution, width/height from the spec's presets or typed, 0-10
 * URLs, force_single and the deprecated area `size`, each checked against the spec's ranges.
 */
import { formResult } from '@renderer/lib/rule-text'
import type { GatewayNames } from '@shared/domain/gateway-names'
import { checkNativeRequest } from '@shared/domain/image-rules'
import {
  NATIVE_PROMPT_RECOMMENDED_MAX,
  NATIVE_SIZE_PRESETS,
  type RESOLUTIONS,
  type NativeTaskRequest
} from '@shared/domain/images'
import type { Read } from '../generate/generate-draft'
import { isBlank, problem, type FieldProblems } from '../problems'

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

export const EMPTY_NATIVE: NativeDraft = {
  model: '',
  prompt: '',
  resolution: '',
  preset: '',
  width: '',
  height: '',
  urls: [],
  forceSingle: false,
  area: ''
}

export function promptTooLong(prompt: string): boolean {
  return prompt.length > NATIVE_PROMPT_RECOMMENDED_MAX
}

/** A typed side in pixels; its range and the area are rules of the domain. */
function side(raw: string, field: 'width' | 'height', unread: FieldProblems): number | undefined {
  const text = raw.trim()
  if (text === '') return undefined
  if (/^\d{1,15}$/.test(text)) return Number(text)
  unread[field] = problem('wholeNumber')
  return undefined
}

/** Width and height as the preset gives them or as typed ('' = not sent). */
export function nativeDims(d: NativeDraft): { width?: number; height?: number; unread: FieldProblems } {
  const unread: FieldProblems = {}
  if (d.preset === '') return { unread }
  if (d.preset !== 'custom') {
    const p = NATIVE_SIZE_PRESETS[Number(d.preset)]
    return p ? { width: p.width, height: p.height, unread } : { unread }
  }
  return { width: side(d.width, 'width', unread), height: side(d.height, 'height', unread), unread }
}

export function readNative(d: NativeDraft): Read<NativeTaskRequest> {
  const dims = nativeDims(d)
  const unread: FieldProblems = { ...dims.unread }
  let size: number | undefined
  if (!isBlank(d.area)) {
    if (/^\d{1,15}$/.test(d.area.trim())) size = Number(d.area.trim())
    else unread.size = problem('wholeNumber')
  }
  const input = {
    ...(d.model.trim() ? { model: d.model.trim() } : {}),
    prompt: d.prompt,
    ...(d.resolution ? { resolution: d.resolution } : {}),
    ...(dims.width !== undefined ? { width: dims.width } : {}),
    ...(dims.height !== undefined ? { height: dims.height } : {}),
    ...(size !== undefined ? { size } : {}),
    ...(d.urls.length ? { image_urls: d.urls.map((u) => u.trim()) } : {}),
    ...(d.forceSingle ? { force_single: true } : {})
  }
  return { input, unread }
}

export function validateNative(
  d: NativeDraft,
  names?: GatewayNames
): { request: NativeTaskRequest | null; problems: FieldProblems } {
  const { input, unread } = readNative(d)
  return formResult(checkNativeRequest(input, names), unread)
}
