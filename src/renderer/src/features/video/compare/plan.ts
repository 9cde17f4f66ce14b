/** The video compare plan from the Create form's drafts: the candidates in every family, and per picked model what is sent. */
import type { TFunction } from 'i18next'
import { carryVideo, type CarriedVideo } from '@shared/domain/compare-video'
import { modelsOf, type GatewayNames } from '@shared/domain/gateway-names'
import { VIDEO_FAMILIES, type VideoFamily } from '@shared/domain/video'
import type { Drafts } from '../create/drafts'
import { validateDraft } from '../create/validate'
import { videoProblemText, type VideoProblem } from '../problems'

/** Every video model the profile names, once, in the first family it is in. */
export function videoCandidates(names: GatewayNames | undefined): Array<{ model: string; family: VideoFamily }> {
  const out: Array<{ model: string; family: VideoFamily }> = []
  for (const family of VIDEO_FAMILIES)
    for (const model of modelsOf(names, family)) if (!out.some((c) => c.model === model)) out.push({ model, family })
  return out
}

export interface VideoPlan {
  formProblem: VideoProblem | null
  cells: Array<CarriedVideo & { model: string; family: VideoFamily }>
}

export function planVideo(
  family: VideoFamily,
  drafts: Drafts,
  picked: readonly string[],
  names: GatewayNames | undefined
): VideoPlan {
  const v = validateDraft(family, drafts, names)
  if (!v.request) return { formProblem: Object.values(v.problems)[0] ?? null, cells: [] }
  const source = v.request
  const candidates = videoCandidates(names)
  const cells = picked.flatMap((model) => {
    const target = candidates.find((c) => c.model === model)?.family
    return target ? [{ model, family: target, ...carryVideo(source, model, target, names) }] : []
  })
  return { formProblem: null, cells }
}

export function videoRefusal(t: TFunction, cell: CarriedVideo): string | null {
  const p = cell.problems[0]
  return p ? videoProblemText(t, p.values ? { rule: p.key, values: p.values } : { rule: p.key }) : null
}
