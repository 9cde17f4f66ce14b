/**
 * The settings a studio PNG carries, turned back into the draft of the form that made it. Pure and
 * lenient: the chunk is untrusted input, so each value is taken only when it has the type and
 * vocabulary the form's field takes; anything else leaves the field empty for the form to check.
 */
import { IMAGE2_SIZES, IMAGEGEN_RATIOS, NATIVE_SIZE_PRESETS, RESOLUTIONS } from '@shared/domain/images'
import type { StudioPngSettings } from '@shared/media/png-text'
import type { EditDraft } from '../editor/edit-draft'
import { EMPTY_EDIT } from '../editor/edit-draft'
import {
  EMPTY_IMAGE2,
  EMPTY_IMAGEGEN,
  IMAGE2_RATIOS,
  type Image2Draft,
  type ImagegenDraft
} from '../generate/generate-draft'
import { EMPTY_NATIVE, type NativeDraft } from '../native/native-draft'

type Params = Record<string, unknown>

const text = (p: Params, key: string, max = 200): string =>
  typeof p[key] === 'string' && (p[key] as string).length <= max ? (p[key] as string) : ''
const count = (p: Params, key: string): string =>
  Number.isInteger(p[key]) && (p[key] as number) >= 0 ? String(p[key]) : ''
function oneOf<T extends string>(p: Params, key: string, options: readonly T[]): '' | T {
  const v = p[key]
  return typeof v === 'string' && (options as readonly string[]).includes(v) ? (v as T) : ''
}
const triState = (p: Params): 'absent' | 'true' | 'false' =>
  oneOf(p, 'watermark', ['absent', 'true', 'false'] as const) || 'absent'

export type RestoredDraft =
  | { form: 'generate'; family: 'imagegen'; draft: ImagegenDraft }
  | { form: 'generate'; family: 'image2'; draft: Image2Draft }
  | { form: 'native'; draft: NativeDraft }
  | { form: 'edit'; draft: EditDraft }

export function restoredDraft(s: StudioPngSettings): RestoredDraft {
  const p = s.params
  if (s.origin === 'native') {
    const width = Number.isInteger(p.width) ? (p.width as number) : undefined
    const height = Number.isInteger(p.height) ? (p.height as number) : undefined
    const preset = width && height ? NATIVE_SIZE_PRESETS.findIndex((x) => x.width === width && x.height === height) : -1
    const dims =
      width && height
        ? preset >= 0
          ? { preset: String(preset) }
          : { preset: 'custom', width: String(width), height: String(height) }
        : {}
    return {
      form: 'native',
      draft: {
        ...EMPTY_NATIVE,
        model: s.model,
        prompt: s.prompt,
        resolution: oneOf(p, 'resolution', RESOLUTIONS),
        ...dims,
        forceSingle: p.force_single === true,
        area: count(p, 'size')
      }
    }
  }
  if (s.origin === 'edit') {
    return {
      form: 'edit',
      draft: {
        ...EMPTY_EDIT,
        model: s.model,
        prompt: s.prompt,
        family: oneOf(p, 'family', ['editNative', 'editForm'] as const) || EMPTY_EDIT.family,
        n: count(p, 'n'),
        size: text(p, 'size', 20),
        quality: text(p, 'quality', 20),
        watermark: triState(p),
        ratio: oneOf(p, 'ratio', IMAGEGEN_RATIOS),
        responseFormat: oneOf(p, 'response_format', ['url', 'b64_json'] as const),
        resolution: oneOf(p, 'resolution', RESOLUTIONS)
      }
    }
  }
  if (p.family === 'image2') {
    const size = text(p, 'size', 20)
    const tier = oneOf(p, 'size', IMAGE2_SIZES)
    return {
      form: 'generate',
      family: 'image2',
      draft: {
        ...EMPTY_IMAGE2,
        model: s.model,
        prompt: s.prompt,
        n: count(p, 'n'),
        ...(tier ? { size: tier } : size ? { size: 'custom' as const, customSize: size } : {}),
        ratio: oneOf(p, 'ratio', IMAGE2_RATIOS),
        responseFormat: oneOf(p, 'response_format', ['url', 'b64_json'] as const),
        quality: text(p, 'quality', 40),
        style: text(p, 'style'),
        background: text(p, 'background'),
        watermark: triState(p)
      }
    }
  }
  return {
    form: 'generate',
    family: 'imagegen',
    draft: {
      ...EMPTY_IMAGEGEN,
      model: s.model,
      prompt: s.prompt,
      n: count(p, 'n') || EMPTY_IMAGEGEN.n,
      size: text(p, 'size', 20),
      ratio: oneOf(p, 'ratio', IMAGEGEN_RATIOS),
      resolution: oneOf(p, 'resolution', RESOLUTIONS)
    }
  }
}
