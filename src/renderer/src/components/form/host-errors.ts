/**
 * A host refusal that names a field is shown at that field; anything else above the form. A refusal
 * by one of the domain's rules carries the rule's key and values (`details.rule`, `details.values`),
 * so it is said in the user's language like the form's own problems; any other refusal is shown in
 * the host's words (they say what to do).
 */
import type { TFunction } from 'i18next'
import { errorMessage } from '@renderer/lib/error-text'
import { ruleOfError, ruleText, type RuleShown } from '@renderer/lib/rule-text'
import { isStudioError } from '@shared/error-core'

export interface HostProblem {
  field: string | null
  message: string
  error: unknown
  /** The domain rule the host refused by, when it names one. */
  rule: RuleShown | null
}

export function hostProblem(error: unknown): HostProblem {
  const field = isStudioError(error) && error.field ? error.field : null
  return { field, message: errorMessage(error), error, rule: ruleOfError(error) }
}

/** The refusal's text in the user's language where it is a rule, else the host's own message. */
export function hostText(t: TFunction, p: HostProblem): string {
  return p.rule ? ruleText(t, p.rule) : p.message
}

/** The refusal's text for one field (or one row of a list field, `image.2`). */
export function hostFieldText(t: TFunction, p: HostProblem | null, field: string): string | null {
  return p && p.field === field ? hostText(t, p) : null
}
