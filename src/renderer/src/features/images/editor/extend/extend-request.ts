/**
 * What "Apply edit" sends for extend canvas: the placement of the current plan, or the reason
 * there is none (a side that is no whole number, or the family's refusal), shown at the panel.
 */
import type { RuleShown } from '@renderer/lib/rule-text'
import { readWhole } from '@renderer/lib/rule-text'
import { placementOf, planExtend, type ExtendPlacement, type ExtendPlan, type ExtendTarget, type Size } from '@shared/domain/extend-plan'
import type { EditFamily } from '@shared/domain/images'
import { problem, type Problem } from '../../problems'
import type { ExtendState } from './extend-store'

export type ExtendRead = { plan: Extract<ExtendPlan, { ok: true }>; extend: ExtendPlacement } | { problem: Problem } | { off: true }

/** The target as typed: pixels must be whole numbers. */
export function targetOf(choice: ExtendState['choice']): ExtendTarget | Problem {
  if (choice.kind === 'ratio') return choice
  const width = readWhole(choice.width)
  const height = readWhole(choice.height)
  if (typeof width !== 'number' || typeof height !== 'number' || width < 1 || height < 1) return problem('wholeNumber')
  return { kind: 'pixels', width, height }
}

export function readExtend(s: Pick<ExtendState, 'on' | 'choice' | 'share'>, source: Size, family: EditFamily): ExtendRead {
  if (!s.on) return { off: true }
  const target = targetOf(s.choice)
  if (!('kind' in target)) return { problem: target }
  const plan = planExtend(source, target, family)
  if (!plan.ok) {
    const shown: RuleShown = plan.problem.values ? { rule: plan.problem.key, values: plan.problem.values } : { rule: plan.problem.key }
    return { problem: shown }
  }
  return { plan, extend: placementOf(plan, s.share) }
}
