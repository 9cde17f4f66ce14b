/** The images compare plan from the Generate form's draft: the candidates, and per picked model what is sent. */
import type { TFunction } from 'i18next'
import { carryGenerate, generateFamilyOf, type Carried, type GenerateFamily } from '@shared/domain/compare-images'
import { modelsOf, type GatewayNames } from '@shared/domain/gateway-names'
import type { GenerateRequest } from '@shared/domain/images'
import type { GenerateDraftState } from '../generate/draft-store'
import { readImage2, readImagegen } from '../generate/generate-draft'
import { problemText, type Problem } from '../problems'

export const familyLabelKey = (f: GenerateFamily): 'images.generate.familyImagegen' | 'images.generate.familyImage2' =>
  f === 'imagegen' ? 'images.generate.familyImagegen' : 'images.generate.familyImage2'

/** Every image generation model the profile names, once, in the family it is in. */
export function imageCandidates(names: GatewayNames | undefined): Array<{ model: string; family: GenerateFamily }> {
  const out: Array<{ model: string; family: GenerateFamily }> = []
  for (const model of [...modelsOf(names, 'imagegen'), ...modelsOf(names, 'image2')]) {
    const family = generateFamilyOf(model, names)
    if (family && !out.some((c) => c.model === model)) out.push({ model, family })
  }
  return out
}

export interface ImagePlan {
  /** Why the form's request cannot be read yet (its own problem), or null. */
  formProblem: Problem | null
  cells: Array<Carried & { model: string; family: GenerateFamily }>
}

/** The form's request as typed (the model field is not needed: each cell names its own). */
export function sourceRequest(draft: Pick<GenerateDraftState, 'family' | 'imagegen' | 'image2'>): {
  input: GenerateRequest
  problem: Problem | null
} {
  const read =
    draft.family === 'imagegen'
      ? readImagegen({ ...draft.imagegen, model: draft.imagegen.model || 'x' })
      : readImage2({ ...draft.image2, model: draft.image2.model || 'x' })
  return { input: read.input, problem: Object.values(read.unread)[0] ?? null }
}

export function planImages(
  draft: Pick<GenerateDraftState, 'family' | 'imagegen' | 'image2'>,
  picked: readonly string[],
  names: GatewayNames | undefined
): ImagePlan {
  const { input, problem } = sourceRequest(draft)
  const candidates = imageCandidates(names)
  const cells = picked.flatMap((model) => {
    const family = candidates.find((c) => c.model === model)?.family ?? generateFamilyOf(model, names)
    return family ? [{ model, family, ...carryGenerate(input, model, family, names) }] : []
  })
  return { formProblem: problem, cells }
}

/** A cell's first problem in the user's language. */
export function refusalText(t: TFunction, cell: Carried): string | null {
  const p = cell.problems[0]
  return p ? problemText(t, p.values ? { rule: p.key, values: p.values } : { rule: p.key }) : null
}
