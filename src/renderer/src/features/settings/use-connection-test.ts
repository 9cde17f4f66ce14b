import { useCallback, useRef, useState } from 'react'
import { studio } from '@renderer/lib/studio'
import type { Invokes } from '@shared/contract'
import type { InvokeInput } from '@shared/contract-kit'
import type { ConnectionReport } from '@shared/domain/usage'

export type ConnectionTestInput = InvokeInput<Invokes, 'profiles:test-connection'>

export type ConnectionTestState =
  | { status: 'idle' }
  | { status: 'testing' }
  | { status: 'ok'; report: ConnectionReport }
  | { status: 'error'; error: unknown }

export type ConnectionTestOutcome = { ok: true; report: ConnectionReport } | { ok: false; error: unknown }

/**
 * One connection test at a time per place it is shown; a newer test (or a reset) makes the answer
 * of an older one irrelevant, so it is dropped instead of overwriting the newer state. Plain state,
 * not a mutation: an unsaved key must not linger in the mutation cache.
 */
export function useConnectionTest() {
  const [state, setState] = useState<ConnectionTestState>({ status: 'idle' })
  const generation = useRef(0)

  const run = useCallback(async (input: ConnectionTestInput): Promise<ConnectionTestOutcome | null> => {
    const mine = ++generation.current
    setState({ status: 'testing' })
    try {
      const report = await studio.profiles.testConnection(input)
      if (mine !== generation.current) return null
      setState({ status: 'ok', report })
      return { ok: true, report }
    } catch (error) {
      if (mine !== generation.current) return null
      setState({ status: 'error', error })
      return { ok: false, error }
    }
  }, [])

  const reset = useCallback(() => {
    generation.current++
    setState({ status: 'idle' })
  }, [])

  return { state, run, reset }
}
