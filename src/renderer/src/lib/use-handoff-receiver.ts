import { useEffect, useRef } from 'react'
import { useHandoff, type Handoff, type HandoffKind } from '@renderer/store/handoff'

/**
 * Takes every hand-off of `kinds` addressed to the mounted area: one waiting when it mounts, and
 * each one sent while it is on screen. `receive` may change between renders; the latest is used.
 */
export function useHandoffReceiver<K extends HandoffKind>(
  kinds: readonly K[],
  receive: (h: Extract<Handoff, { kind: K }>) => void
): void {
  const latest = useRef(receive)
  useEffect(() => {
    latest.current = receive
  })
  const key = kinds.join(',')
  useEffect(() => {
    const list = key.split(',') as K[]
    const takeOne = () => {
      const h = useHandoff.getState().take(...list)
      if (h) latest.current(h)
    }
    takeOne()
    return useHandoff.subscribe((s, prev) => {
      if (s.pending && s.pending !== prev.pending) takeOne()
    })
  }, [key])
}
