/**
 * The edit form's draft and validation, pure. Quality values differ per edit family (and per model,
 * as the profile's names say), and ratio, response_format and resolution belong to the native
 * family only, so switching the model or family drops what the new one does not take instead of
 * sending it.
 */
import { formResult, readModel } from '@renderer/lib/rule-text'
import { editFamilyOf, type GatewayNames } from '@shared/domain/gateway-names'
import { checkEditRequest, wireDims } from '@shared/domain/image-rules'
import {
  editQualities,
  type IMAGEGEN_RATIOS,
  type RESOLUTIONS,
  type EditFamily,
  type EditRequest
} from '@shared/domain/images'
import type { Read, TriState } from '../generate/generate-draft'
import type { EditorSource } from '../images-ui-store'
import { parseCount, problem, type FieldProblems } from '../problems'

export interface EditDraft {
  prompt: string
  /** Any name; the profile's edit names are suggestions. */
  model: string
  /** Set from the profile's names when they know the model; the user's choice for a name they do not. */
  family: EditFamily
  n: string
  size: string
  /** '' = not sent (the model's default: auto for the native family, standard for the form family). */
  quality: string
  watermark: TriState
  ratio: '' | (typeof IMAGEGEN_RATIOS)[number]
  responseFormat: '' | 'url' | 'b64_json'
  resolution: '' | (typeof RESOLUTIONS)[number]
}

export const EMPTY_EDIT: EditDraft = {
  prompt: '',
  model: '',
  family: 'editNative',
  n: '',
  size: '',
  quality: '',
  watermark: 'absent',
  ratio: '',
  responseFormat: '',
  resolution: ''
}

/** The quality words the draft's model takes (the host checks the same, validate.ts). */
export function qualityOptions(
  d: Pick<EditDraft, 'family' | 'model'>,
  names: GatewayNames | undefined
): readonly string[] {
  return editQualities(d.family, d.model, names)
}

/** Changes the family, dropping values the new family does not take. */
export function withFamily(d: EditDraft, family: EditFamily, names: GatewayNames | undefined): EditDraft {
  const next = { ...d, family }
  if (next.quality && !qualityOptions(next, names).includes(next.quality)) next.quality = ''
  if (family !== 'editNative') Object.assign(next, { ratio: '', responseFormat: '', resolution: '' })
  return next
}

/** Changes the model; a model the names place in an edit family takes that family. */
export function withModel(d: EditDraft, model: string, names: GatewayNames | undefined): EditDraft {
  return withFamily({ ...d, model }, editFamilyOf(names, model) ?? d.family, names)
}

export function readEdit(d: EditDraft, source: EditorSource | null): Read<EditRequest> {
  const unread: FieldProblems = {}
  if (!source) unread.source = problem('noSource')
  const n = parseCount(d.n, false)
  if (n.problem) unread.n = n.problem
  const size = wireDims(d.size, 'x')
  const native = d.family === 'editNative'
  const input = {
    // Without a source there is nothing to send; a placeholder lets the other fields be checked.
    source: source?.ref ?? { kind: 'gallery' as const, itemId: '-' },
    prompt: d.prompt,
    model: readModel(d.model, unread),
    family: d.family,
    ...(n.value !== undefined ? { n: n.value } : {}),
    ...(size ? { size } : {}),
    ...(d.quality ? { quality: d.quality } : {}),
    watermark: d.watermark,
    ...(native && d.ratio ? { ratio: d.ratio } : {}),
    ...(native && d.responseFormat ? { response_format: d.responseFormat } : {}),
    ...(native && d.resolution ? { resolution: d.resolution } : {})
  }
  return { input, unread }
}

export function validateEdit(
  d: EditDraft,
  source: EditorSource | null,
  names?: GatewayNames
): { request: Omit<EditRequest, 'maskFileId'> | null; problems: FieldProblems } {
  const { input, unread } = readEdit(d, source)
  return formResult(checkEditRequest(input, names), unread)
}
