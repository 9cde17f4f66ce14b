import { useEffect, useRef, useState, type RefObject } from 'react'
import { hostFieldText, hostProblem, type HostProblem } from '@renderer/components/form/host-errors'
import { useT } from '@renderer/i18n/use-t'
import { problemText, type FieldProblems } from './problems'

/** Focus the first field that needs attention after a refused submit. */
export function useFocusFirstInvalid(formRef: RefObject<HTMLFormElement | null>, attempt: number): void {
  useEffect(() => {
    if (attempt === 0) return
    formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus()
  }, [attempt, formRef])
}

/**
 * A request form's checks and the host's refusal: each submit replaces the problems found, clears the
 * last refusal and moves focus to the first field that needs attention; a refusal naming a field is
 * shown there, any other above the actions (`alert`).
 */
export function useCheckedForm() {
  const { t } = useT()
  const [problems, setProblems] = useState<FieldProblems>({})
  const [host, setHost] = useState<HostProblem | null>(null)
  const [attempt, setAttempt] = useState(0)
  const formRef = useRef<HTMLFormElement>(null)
  useFocusFirstInvalid(formRef, attempt)
  return {
    formRef,
    errorFor: (field: string) => problemText(t, problems[field]) ?? hostFieldText(t, host, field),
    checked: (found: FieldProblems) => {
      setProblems(found)
      setHost(null)
      setAttempt((n) => n + 1)
    },
    refused: (err: unknown) => setHost(hostProblem(err)),
    reset: () => {
      setProblems({})
      setHost(null)
    },
    alert: host && !host.field ? host : null
  }
}
