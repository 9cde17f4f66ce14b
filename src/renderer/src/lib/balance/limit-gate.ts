import { useState } from 'react'
import { studio } from '@renderer/lib/studio'
import type { Preflight } from '@shared/domain/balance'
import { priceKey } from '@shared/domain/estimate'
import type { EstimateAsk } from './estimate'

/** A job a spending limit holds: the request it was for (model and price fields) and the figures. */
export interface HeldJob {
  key: string
  model: string
  preflight: Preflight
}

/**
 * Spending limits before a paid send: the host is asked (fresh, never a cached estimate) whether the
 * job would cross the profile's daily or weekly limit. A held job is not sent; the next send of the
 * same request lets it go. A failed check never holds a job.
 */
export function useLimitGate() {
  const [held, setHeld] = useState<HeldJob | null>(null)
  const [checking, setChecking] = useState(false)
  /** `send(letGo)`: true when the user let a held job go ("Send anyway"), so a queue does not hold it again. */
  const gate = (ask: EstimateAsk, send: (letGo: boolean) => void) => {
    const params = priceKey(ask.params)
    const key = JSON.stringify([ask.profileId ?? '', ask.kind, ask.model.trim(), params])
    if (held?.key === key) {
      setHeld(null)
      send(true)
      return
    }
    setChecking(true)
    studio.balance
      .preflight({
        model: ask.model.trim(),
        kind: ask.kind,
        params,
        ...(ask.profileId ? { profileId: ask.profileId } : {})
      })
      .then(
        (p) => {
          setChecking(false)
          if (p.limit) setHeld({ key, model: ask.model.trim(), preflight: p })
          else {
            setHeld(null)
            send(false)
          }
        },
        () => {
          setChecking(false)
          setHeld(null)
          send(false)
        }
      )
  }
  return { held, checking, gate, clear: () => setHeld(null) }
}
