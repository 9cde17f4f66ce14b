import type { TFunction } from 'i18next'
import type { FieldProblem } from './param-draft'

/** The localized sentence shown at a field for its problem. */
export function problemText(t: TFunction, problem: FieldProblem): string {
  switch (problem.code) {
    case 'range':
      return t('chat.params.errors.range', { min: problem.min, max: problem.max })
    case 'jsonSyntax':
      return t('chat.params.errors.jsonSyntax', { detail: problem.detail })
    case 'tooManyStops':
    case 'tooLong':
      return t(`chat.params.errors.${problem.code}`, { max: problem.max })
    default:
      return t(`chat.params.errors.${problem.code}`)
  }
}
