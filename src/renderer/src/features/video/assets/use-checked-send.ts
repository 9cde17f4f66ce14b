import { useState, type FormEvent } from 'react'
import { hostFieldText, hostProblem, type HostProblem } from '@renderer/components/form/host-errors'
import { useT } from '@renderer/i18n/use-t'
import { videoProblemText, type VideoProblems } from '../problems'

interface Mutate<V, D> {
  (value: V, callbacks: { onSuccess: (data: D) => void; onError: (err: unknown) => void }): void
}

/**
 * A small asset form's submit: its own checks first (with a problem nothing is sent), then one
 * mutation; a refusal from the host shows under its field, or above the actions when it names none.
 */
export function useCheckedSend() {
  const { t } = useT()
  const [problems, setProblems] = useState<VideoProblems>({})
  const [host, setHost] = useState<HostProblem | null>(null)
  const errorFor = (field: string) => videoProblemText(t, problems[field]) ?? hostFieldText(t, host, field)
  const submit =
    <V, D>(check: () => VideoProblems, mutate: Mutate<V, D>, value: () => V, onSuccess: (data: D) => void) =>
    (e: FormEvent) => {
      e.preventDefault()
      setHost(null)
      const found = check()
      setProblems(found)
      if (Object.keys(found).length) return
      mutate(value(), { onSuccess, onError: (err) => setHost(hostProblem(err)) })
    }
  // A host problem that names a field is shown there by errorFor.
  const alert = host && !host.field ? host : null
  return { errorFor, submit, alert }
}
