/**
 * What "Apply edit" sends for extend canvas: the placement of the current plan, or the reason
 * there is none (a side that is no whole number, or the family's refusal), shown at the panel.
 */
import type { RuleShown } from '@renderer/lib/rule-text'
import { readWhole } from '@renderer/lib/rule-text'
import {
  placementOf,
  planExtend,
  type ExtendPlacement,
  type ExtendPlan,
  type ExtendTarget,
  type Size
} from '@shared/domain/extend-plan'
import type { EditFamily } from '@shared/domain/images'
import { problem, type Problem } from '../../problems'
import type { ExtendState } from './extend-store'

export type ExtendRead =
  { plan: Extract<ExtendPlan, { ok: true }>; extend: ExtendPlacement } | { problem: Problem } | { off: true }

/** Pixels added per side as typed: whole numbers from 0 (an empty side adds nothing). */
function sidesOf(
  choice: Extract<ExtendState['choice'], { kind: 'sides' }>
): { left: number; top: number; right: number; bottom: number } | Problem {
  const out = { left: 0, top: 0, right: 0, bottom: 0 }
  for (const side of ['left', 'top', 'right', 'bottom'] as const) {
    const text = choice[side].trim()
    if (text === '') continue
    const n = readWhole(text)
    if (typeof n !== 'number' || n < 0) return problem('wholeNumber')
    out[side] = n
  }
  return out
}

/** The target as typed: pixels must be whole numbers. Sides give the canvas the picture plus them. */
export function targetOf(choice: ExtendState['choice'], source: Size): ExtendTarget | Problem {
  if (choice.kind === 'ratio') return choice
  if (choice.kind === 'sides') {
    const sides = sidesOf(choice)
    if (!('left' in sides)) return sides
    return {
      kind: 'pixels',
      width: source.width + sides.left + sides.right,
      height: source.height + sides.top + sides.bottom
    }
  }
  const width = readWhole(choice.width)
  const height = readWhole(choice.height)
  if (typeof width !== 'number' || typeof height !== 'number' || width < 1 || height < 1) return problem('wholeNumber')
  return { kind: 'pixels', width, height }
}

export function readExtend(
  s: Pick<ExtendState, 'on' | 'choice' | 'share'>,
  source: Size,
  family: EditFamily
): ExtendRead {
  if (!s.on) return { off: true }
  const target = targetOf(s.choice, source)
  if (!('kind' in target)) return { problem: target }
  const plan = planExtend(source, target, family)
  if (!plan.ok) {
    const shown: RuleShown = plan.problem.values
      ? { rule: plan.problem.key, values: plan.problem.values }
      : { rule: plan.problem.key }
    return { problem: shown }
  }
  return { plan, extend: placementOf(plan, s.choice.kind === 'sides' ? sidesShare(s.choice, s.share) : s.share) }
}

/**
 * Where sides typed per side put the picture: the left side's share of the added width (and the
 * top's of the height); an axis with nothing added keeps the dragged share.
 */
export function sidesShare(
  choice: Extract<ExtendState['choice'], { kind: 'sides' }>,
  dragged: { x: number; y: number }
): { x: number; y: number } {
  const sides = sidesOf(choice)
  if (!('left' in sides)) return dragged
  const across = sides.left + sides.right
  const down = sides.top + sides.bottom
  return { x: across > 0 ? sides.left / across : dragged.x, y: down > 0 ? sides.top / down : dragged.y }
}
