/**
 * The edit form's draft and validation, pure. Quality values differ per model family, and ratio,
 * response_format and resolution belong to the native family only, so switching the model drops
 * what the new model does not take instead of sending it.
 */
import { EDIT_MODELS, IMAGEGEN_MODELS, IMAGEGEN_RATIOS, RESOLUTIONS, type EditRequest } from '@shared/domain/images'
import type { TriState } from '../generate/generate-draft'
import type { EditorSource } from '../images-ui-store'
import { isBlank, parseCount, problem, type FieldProblems } from '../problems'

export type EditModel = (typeof EDIT_MODELS)[number]

export interface EditDraft {
  prompt: string
  model: EditModel
  n: string
  size: string
  /** '' = not sent (the model's default: auto for the native family, standard for image-model-1). */
  quality: string
  watermark: TriState
  ratio: '' | (typeof IMAGEGEN_RATIOS)[number]
  responseFormat: '' | 'url' | 'b64_json'
  resolution: '' | (typeof RESOLUTIONS)[number]
}

export const EMPTY_EDIT: EditDraft = { prompt: '', model: 'imagegen-4.0', n: '', size: '', quality: '', watermark: 'absent', ratio: '', responseFormat: '', resolution: '' }

export function isNativeEditModel(model: EditModel): boolean {
  return (IMAGEGEN_MODELS as readonly string[]).includes(model)
}

/** The spec's quality values: the native family auto/high/medium/low/hd/standard; image-model-1 standard. */
export function qualityOptions(model: EditModel): readonly string[] {
  return isNativeEditModel(model) ? ['auto', 'high', 'medium', 'low', 'hd', 'standard'] : ['standard']
}

/** Changes the model, dropping values the new model does not take. */
export function withModel(d: EditDraft, model: EditModel): EditDraft {
  const next = { ...d, model }
  if (next.quality && !qualityOptions(model).includes(next.quality)) next.quality = ''
  if (!isNativeEditModel(model)) Object.assign(next, { ratio: '', responseFormat: '', resolution: '' })
  return next
}

export function validateEdit(d: EditDraft, source: EditorSource | null): { request: Omit<EditRequest, 'maskFileId'> | null; problems: FieldProblems } {
  const problems: FieldProblems = {}
  if (!source) problems.source = problem('noSource')
  if (isBlank(d.prompt)) problems.prompt = problem('promptRequired')
  const n = parseCount(d.n, 0, false)
  if (n.problem) problems.n = n.problem
  const size = d.size.trim()
  if (size && size !== 'auto' && !/^\d{2,5}x\d{2,5}$/.test(size)) problems.size = problem('sizeEdit')
  if (Object.keys(problems).length > 0 || !source) return { request: null, problems }
  const native = isNativeEditModel(d.model)
  return {
    problems,
    request: {
      source: source.ref,
      prompt: d.prompt,
      model: d.model,
      ...(n.value !== undefined ? { n: n.value } : {}),
      ...(size ? { size } : {}),
      ...(d.quality ? { quality: d.quality } : {}),
      watermark: d.watermark,
      ...(native && d.ratio ? { ratio: d.ratio } : {}),
      ...(native && d.responseFormat ? { response_format: d.responseFormat } : {}),
      ...(native && d.resolution ? { resolution: d.resolution } : {})
    }
  }
}
