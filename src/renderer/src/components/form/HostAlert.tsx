import { useT } from '@renderer/i18n/use-t'
import { errorTitle } from '@renderer/lib/error-text'
import { FormAlert } from './FormAlert'
import { hostText, type HostProblem } from './host-errors'

/**
 * A host refusal above the form. A rule's text is written to be read at its field, so away from
 * the field it is prefixed with the field's name, as the host's own message is.
 */
export function HostAlert({ problem }: { problem: HostProblem }) {
  const { t } = useT()
  const text = hostText(t, problem)
  return (
    <FormAlert
      title={errorTitle(t, problem.error)}
      detail={problem.rule && problem.field ? `${problem.field}: ${text}` : text}
    />
  )
}
