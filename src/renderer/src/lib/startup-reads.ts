import type { Invokes } from '@shared/contract'
import type { InvokeOutput } from '@shared/contract-kit'
import { StudioError, type Result } from '@shared/error-core'
import { STARTUP_READS_GLOBAL, type StartupRead } from '@shared/startup-reads'

const taken = new Set<string>()

/**
 * The result of a start-up read the bridge already sent (see shared/startup-reads.ts), once: later
 * calls (refetches) go to the host. Undefined when the shell sent none (the Electron preload).
 */
export function takeStartupRead<C extends StartupRead>(channel: C): Promise<InvokeOutput<Invokes, C>> | undefined {
  if (typeof window === 'undefined' || taken.has(channel)) return undefined
  const reads = (window as unknown as Record<string, Record<string, Promise<Result<unknown>>> | undefined>)[
    STARTUP_READS_GLOBAL
  ]
  const pending = reads?.[channel]
  if (!pending) return undefined
  taken.add(channel)
  return pending.then((r) => {
    if (r.ok) return r.value as InvokeOutput<Invokes, C>
    throw StudioError.fromData(r.error)
  })
}
