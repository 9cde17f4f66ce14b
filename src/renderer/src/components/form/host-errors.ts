/**
 * A host refusal that names a field is shown at that field; anything else above the form. The
 * host's message is the precise one (it says what to do), so it is shown as is.
 */
import { errorMessage } from '@renderer/lib/error-text'
import { isStudioError } from '@shared/error-core'

export interface HostProblem {
  field: string | null
  message: string
  error: unknown
}

export function hostProblem(error: unknown): HostProblem {
  const field = isStudioError(error) && error.field ? error.field : null
  return { field, message: errorMessage(error), error }
}

/** The host's message for one field (or one row of a list field, `image.2`). */
export function hostFieldText(p: HostProblem | null, field: string): string | null {
  return p && p.field === field ? p.message : null
}
