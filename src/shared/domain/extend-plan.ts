/**
 * Extend canvas (outpaint): the geometry both sides agree on. A target (a ratio, or the canvas's
 * width and height in pixels) gives the smallest canvas that holds the picture at its own size;
 * the edit family's size rules then snap that canvas to a size the family takes, scaling the
 * picture with it, or refuse it with a reason. The form shows the plan; the host checks the
 * request's canvas against the same rules before composing anything.
 */
import { z } from 'zod'
import type { EditFamily } from './images'
import { ruleProblem, type RuleProblem } from './rule-problems'

export const EXTEND_RATIOS = ['1:1', '4:3', '3:2', '16:9', '9:16', '21:9'] as const
export type ExtendRatio = (typeof EXTEND_RATIOS)[number]

export type ExtendTarget = { kind: 'ratio'; ratio: ExtendRatio } | { kind: 'pixels'; width: number; height: number }

export interface Size {
  width: number
  height: number
}

/**
 * Each family's size rules as data. The form family takes a few fixed sizes (the spec's
 * `<width>x<height>` tiers); the native family any size whose area is within the native image
 * range, up to its widest recommended shape (21:9, 6198x2656).
 */
export const EXTEND_RULES = {
  editForm: {
    kind: 'fixed',
    sizes: ['1024x1024', '1536x1024', '1024x1536', '1536x1152', '1920x1080', '1080x1920'],
    aspectTolerance: 0.05
  },
  editNative: { kind: 'area', minArea: 1024 * 1024, maxArea: 4096 * 4096, maxAspect: 21 / 9 + 0.01 }
} as const satisfies Record<EditFamily, unknown>

/** What the request carries: the canvas, and where the (possibly scaled) picture sits on it. */
export const ExtendSchema = z.strictObject({
  width: z.number().int().min(1).max(16384),
  height: z.number().int().min(1).max(16384),
  x: z.number().int().min(0),
  y: z.number().int().min(0),
  pictureWidth: z.number().int().min(1),
  pictureHeight: z.number().int().min(1)
})
export type ExtendPlacement = z.infer<typeof ExtendSchema>

export type ExtendPlan =
  | {
      ok: true
      canvas: Size
      picture: Size
      /** The canvas before the family's rules snapped it; absent when nothing was snapped. */
      snappedFrom?: Size
      /** picture / source, 1 when unscaled. */
      scale: number
    }
  | { ok: false; problem: RuleProblem }

export const sizeText = (s: Size): string => `${s.width}×${s.height}`

function ratioOf(r: ExtendRatio): number {
  const [a, b] = r.split(':').map(Number)
  return a / b
}

/** The smallest canvas of the target that holds the source unscaled, or why there is none. */
export function naturalCanvas(source: Size, target: ExtendTarget): Size | RuleProblem {
  if (target.kind === 'pixels') {
    if (target.width < source.width || target.height < source.height) {
      return ruleProblem('extend', 'extendSmaller', { canvas: sizeText(target), picture: sizeText(source) })
    }
    return { width: target.width, height: target.height }
  }
  const r = ratioOf(target.ratio)
  return source.width / source.height < r
    ? { width: Math.round(source.height * r), height: source.height }
    : { width: source.width, height: Math.round(source.width / r) }
}

function scaled(source: Size, natural: Size, canvas: Size): { picture: Size; scale: number } {
  const scale = Math.min(canvas.width / natural.width, canvas.height / natural.height)
  const picture = {
    width: Math.min(canvas.width, Math.max(1, Math.round(source.width * scale))),
    height: Math.min(canvas.height, Math.max(1, Math.round(source.height * scale)))
  }
  return { picture, scale }
}

const parse = (s: string): Size => {
  const [width, height] = s.split('x').map(Number)
  return { width, height }
}

function snapFixed(natural: Size, rule: (typeof EXTEND_RULES)['editForm']): Size | RuleProblem {
  const aspect = natural.width / natural.height
  const dist = (s: Size) => Math.abs(Math.log(s.width / s.height / aspect))
  const areaDist = (s: Size) => Math.abs(Math.log((s.width * s.height) / (natural.width * natural.height)))
  const best = rule.sizes.map(parse).sort((a, b) => dist(a) - dist(b) || areaDist(a) - areaDist(b))[0]
  if (dist(best) > Math.log(1 + rule.aspectTolerance)) {
    return ruleProblem('extend', 'extendNoSize', { canvas: sizeText(natural), sizes: rule.sizes.join(', ') })
  }
  return best
}

function snapArea(natural: Size, rule: (typeof EXTEND_RULES)['editNative']): Size | RuleProblem {
  const aspect = Math.max(natural.width / natural.height, natural.height / natural.width)
  if (aspect > rule.maxAspect) return ruleProblem('extend', 'extendTooWide', { canvas: sizeText(natural) })
  const area = natural.width * natural.height
  if (area >= rule.minArea && area <= rule.maxArea) return natural
  const f = Math.sqrt((area < rule.minArea ? rule.minArea : rule.maxArea) / area)
  let width = Math.round(natural.width * f)
  let height = Math.round(natural.height * f)
  // Rounding may step just outside the range: a pixel back in, on the side that keeps the shape.
  const wide = natural.width / natural.height
  while (width * height > rule.maxArea)
    if (width / height > wide) width--
    else height--
  while (width * height < rule.minArea)
    if (width / height < wide) width++
    else height++
  return { width, height }
}

/** The canvas the family takes for this source and target, with the picture's size on it. */
export function planExtend(source: Size, target: ExtendTarget, family: EditFamily): ExtendPlan {
  const natural = naturalCanvas(source, target)
  if ('key' in natural) return { ok: false, problem: natural }
  if (natural.width === source.width && natural.height === source.height) {
    return { ok: false, problem: ruleProblem('extend', 'extendNothing', { picture: sizeText(source) }) }
  }
  const rule = EXTEND_RULES[family]
  const canvas = rule.kind === 'fixed' ? snapFixed(natural, rule) : snapArea(natural, rule)
  if ('key' in canvas) return { ok: false, problem: canvas }
  const { picture, scale } = scaled(source, natural, canvas)
  const same = canvas.width === natural.width && canvas.height === natural.height
  return { ok: true, canvas, picture, scale, ...(same ? {} : { snappedFrom: natural }) }
}

/**
 * The picture's top-left corner for a position given as a share (0..1) of the free room on each
 * axis: a share survives a change of target or family, where pixels would not.
 */
export function placementOf(plan: Extract<ExtendPlan, { ok: true }>, share: { x: number; y: number }): ExtendPlacement {
  const clamp = (v: number) => Math.min(1, Math.max(0, Number.isFinite(v) ? v : 0.5))
  return {
    width: plan.canvas.width,
    height: plan.canvas.height,
    x: Math.round(clamp(share.x) * (plan.canvas.width - plan.picture.width)),
    y: Math.round(clamp(share.y) * (plan.canvas.height - plan.picture.height)),
    pictureWidth: plan.picture.width,
    pictureHeight: plan.picture.height
  }
}

/** The share for a top-left corner in canvas pixels (a drag or an arrow key), clamped to the canvas. */
export function shareOf(plan: Extract<ExtendPlan, { ok: true }>, x: number, y: number): { x: number; y: number } {
  const room = (c: number, p: number) => c - p
  const s = (v: number, r: number) => (r <= 0 ? 0.5 : Math.min(1, Math.max(0, v / r)))
  return {
    x: s(x, room(plan.canvas.width, plan.picture.width)),
    y: s(y, room(plan.canvas.height, plan.picture.height))
  }
}

/**
 * The host's check of a request's placement: a canvas the family takes, larger than the picture,
 * the picture inside it and shaped like the source (to a pixel of rounding).
 */
export function extendProblems(source: Size, p: ExtendPlacement, family: EditFamily): RuleProblem[] {
  const canvas = { width: p.width, height: p.height }
  const rule = EXTEND_RULES[family]
  if (rule.kind === 'fixed') {
    if (!(rule.sizes as readonly string[]).includes(`${p.width}x${p.height}`)) {
      return [ruleProblem('extend', 'extendNoSize', { canvas: sizeText(canvas), sizes: rule.sizes.join(', ') })]
    }
  } else {
    if (Math.max(p.width / p.height, p.height / p.width) > rule.maxAspect)
      return [ruleProblem('extend', 'extendTooWide', { canvas: sizeText(canvas) })]
    const area = p.width * p.height
    if (area < rule.minArea || area > rule.maxArea)
      return [ruleProblem('extend', 'areaRange', { width: p.width, height: p.height, area })]
  }
  const inside = p.x + p.pictureWidth <= p.width && p.y + p.pictureHeight <= p.height
  const bigger = p.pictureWidth < p.width || p.pictureHeight < p.height
  // Same shape as the source: the cross products differ by at most the rounding of one side.
  const shaped =
    Math.abs(p.pictureWidth * source.height - p.pictureHeight * source.width) <= Math.max(source.width, source.height)
  if (!inside || !bigger || !shaped) {
    return [
      ruleProblem('extend', 'extendPlacement', {
        canvas: sizeText(canvas),
        picture: `${p.pictureWidth}×${p.pictureHeight}`,
        x: p.x,
        y: p.y
      })
    ]
  }
  return []
}
