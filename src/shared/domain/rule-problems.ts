/**
 * A refused request as data: the field, a key and the values its text needs. The key names a text
 * under `rules` in the renderer's i18n resources (the forms show it translated, at the field) and
 * a template of the host's English wording (rule-english.ts, for its INVALID_INPUT errors). So each
 * rule is written once, in the domain, and both sides say it from the same problem.
 */
import type { z } from 'zod'

export const RULE_KEYS = [
  // What the contract's own schema refuses, by kind of issue (issueProblems below).
  'required',
  'tooLong',
  'tooShort',
  'tooMany',
  'tooFew',
  'tooBig',
  'tooSmall',
  'notWhole',
  'notAllowed',
  'url',
  'format',
  'invalid',
  'modelRequired',
  'modelName',
  // Video.
  'promptRequired',
  'promptTooLong',
  'unifiedFirstPromptOrImage',
  'unifiedFirstImages',
  'refsTooMany',
  'refKind',
  'refUrl',
  'aspectRatio',
  'videoResolution',
  'videoSize',
  'durationRange',
  'payloadTooLong',
  'metaJson',
  'upsampleLandscape',
  'needsImage',
  'needsLastFrame',
  'sceneMotion',
  'secondsWhole',
  'sizeWxH',
  // Images.
  'imagePromptRequired',
  'promptOrReference',
  'countRange',
  'sizeStar',
  'sizeX',
  'sizeEdit',
  'imagegenUrlOnly',
  'httpUrl',
  'nativeUrl',
  'nativeUrlsTooMany',
  'nativeModelMissing',
  'areaSize',
  'areaRange',
  'bothDims',
  'modelInFirstFamily',
  'modelInSecondFamily',
  'editFamilyUnknown',
  'nativeEditOnly',
  'editQuality',
  'ratioFormat',
  // Extend canvas (extend-plan.ts).
  'extendNothing',
  'extendSmaller',
  'extendNoSize',
  'extendTooWide',
  'extendPlacement',
  'extendTooBig'
] as const
export type RuleKey = (typeof RULE_KEYS)[number]

export type RuleValues = Readonly<Record<string, string | number>>

export interface RuleProblem {
  /** The request's field, dotted for nested and listed values (`images.0`, `output_config.duration`). */
  field: string
  key: RuleKey
  values?: RuleValues
}

export function ruleProblem(field: string, key: RuleKey, values?: RuleValues): RuleProblem {
  return values ? { field, key, values } : { field, key }
}

const isRuleKey = (k: unknown): k is RuleKey => typeof k === 'string' && (RULE_KEYS as readonly string[]).includes(k)

/** A custom check of a schema that carries its rule's key (`refine(…, { params: ruleParams('refUrl') })`). */
export function ruleParams(key: RuleKey, values?: RuleValues): { key: RuleKey; values?: RuleValues } {
  return values ? { key, values } : { key }
}

type Issue = z.core.$ZodIssue

function keyed(issue: Issue): Omit<RuleProblem, 'field'> {
  const last = issue.path.at(-1)
  // Model names are typed into a combobox in every form, so their two mistakes get their own words.
  if (last === 'model') return { key: issue.code === 'too_small' ? 'modelRequired' : 'modelName' }
  switch (issue.code) {
    case 'custom': {
      const p = issue.params as { key?: unknown; values?: RuleValues } | undefined
      return isRuleKey(p?.key)
        ? { key: p.key, ...(p.values ? { values: p.values } : {}) }
        : { key: 'invalid', values: { text: issue.message } }
    }
    case 'too_big': {
      const max = Number(issue.maximum)
      if (issue.origin === 'string') return { key: 'tooLong', values: { max } }
      return { key: issue.origin === 'array' ? 'tooMany' : 'tooBig', values: { max } }
    }
    case 'too_small': {
      const min = Number(issue.minimum)
      if (issue.origin === 'string') return min <= 1 ? { key: 'required' } : { key: 'tooShort', values: { min } }
      return { key: issue.origin === 'array' ? 'tooFew' : 'tooSmall', values: { min } }
    }
    case 'invalid_type':
      return issue.expected === 'int' ? { key: 'notWhole' } : { key: 'invalid', values: { text: issue.message } }
    case 'invalid_value':
      return { key: 'notAllowed', values: { allowed: issue.values.map(String).join(', ') } }
    case 'invalid_format':
      return issue.format === 'url' ? { key: 'url' } : { key: 'format', values: { text: issue.message } }
    default:
      return { key: 'invalid', values: { text: issue.message } }
  }
}

/**
 * The contract's refusals as problems, the same for the form and the host: checks that carry a
 * rule's key keep it; the rest are named by the kind of issue (too long, not one of, …).
 */
export function issueProblems(issues: readonly Issue[]): RuleProblem[] {
  return issues.map((issue) => ({ field: fieldOf(issue.path), ...keyed(issue) }))
}

/** A reference's own parts (its address, its id) are its problem: the field is the reference (`images.0`). */
const REFERENCE_PARTS = ['url', 'fileId', 'itemId', 'assetId']

function fieldOf(path: readonly PropertyKey[]): string {
  const parts = path.length > 1 && REFERENCE_PARTS.includes(String(path.at(-1))) ? path.slice(0, -1) : path
  return parts.map(String).join('.') || 'form'
}
