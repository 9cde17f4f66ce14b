import type { GatewayNames } from '@shared/domain/gateway-names'
import {
  editFamilyOfRequest,
  editProblems,
  generateFamilyProblems,
  generateProblems,
  isHttpUrl,
  nativeModelOf,
  nativeModelProblems,
  nativeProblems,
  parseDims
} from '@shared/domain/image-rules'
import {
  NATIVE_PROMPT_RECOMMENDED_MAX,
  type EditFamily,
  type EditRequest,
  type GenerateRequest,
  type NativeTaskRequest
} from '@shared/domain/images'
import { ruleError } from '@shared/domain/rule-english'
import type { RuleProblem } from '@shared/domain/rule-problems'
import { StudioError } from '@shared/errors'

/**
 * Refuses a request that breaks a rule of the spec before it is built (RELIABILITY.md promise 4): the
 * rules are the domain's (image-rules.ts, which the forms apply too); the first problem becomes a
 * coded INVALID_INPUT at its field, and nothing reaches the gateway. Soft limits become warnings
 * the job carries to the form. File checks (type, size, mask dimensions) live in edit-inputs.ts
 * because they need the grant table.
 */

export function invalid(field: string, message: string, details?: Record<string, unknown>): StudioError {
  return new StudioError('INVALID_INPUT', message, { field, ...(details ? { details } : {}) })
}

function refuse(problems: readonly RuleProblem[]): void {
  if (problems.length > 0) throw ruleError(problems[0])
}

/** The request's edit family: as sent, else as the profile's names assign the model. */
export function editFamilyFor(req: Pick<EditRequest, 'model' | 'family'>, names: GatewayNames | undefined): EditFamily {
  const family = editFamilyOfRequest(req, names)
  if (!family) throw ruleError({ field: 'model', key: 'editFamilyUnknown', values: { model: req.model } })
  return family
}

export function checkGenerateFamily(
  req: Pick<GenerateRequest, 'family' | 'model'>,
  names: GatewayNames | undefined
): void {
  refuse(generateFamilyProblems(req, names))
}

/** The native task's model: as sent, else the first the profile's names give the native task. */
export function nativeModelFor(req: Pick<NativeTaskRequest, 'model'>, names: GatewayNames | undefined): string {
  refuse(nativeModelProblems(req, names))
  return nativeModelOf(req, names)!
}

export function checkGenerate(req: GenerateRequest): string[] {
  refuse(generateProblems(req))
  return []
}

export function checkNative(req: NativeTaskRequest): string[] {
  refuse(nativeProblems(req))
  const warnings: string[] = []
  if (req.prompt.length > NATIVE_PROMPT_RECOMMENDED_MAX) {
    warnings.push(
      `The prompt is ${req.prompt.length} characters; the native task recommends at most ${NATIVE_PROMPT_RECOMMENDED_MAX}. Longer prompts may render wrongly or be partly ignored.`
    )
  }
  if (req.size !== undefined)
    warnings.push(
      '`size` (an area in pixels) is deprecated for the native task; width/height or resolution say the same more precisely.'
    )
  if (req.size !== undefined && req.width !== undefined)
    warnings.push('Both the deprecated area `size` and width/height were given; the upstream decides which one wins.')
  return warnings
}

/** The edit's own parameters, per family (files are checked in edit-inputs.ts). */
export function checkEditParams(req: EditRequest, family: EditFamily, names: GatewayNames | undefined): string[] {
  refuse(editProblems({ ...req, family }, names))
  return []
}

export { isHttpUrl, parseDims }
export type { EditFamily }
