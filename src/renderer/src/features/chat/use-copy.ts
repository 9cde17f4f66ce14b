import { useCallback, useEffect, useRef, useState } from 'react'

export type CopyState = 'idle' | 'copied' | 'failed'

/** Copies text to the clipboard and reports the outcome for a couple of seconds (shown next to the button). */
export function useCopy(resetMs = 2000): [CopyState, (text: string) => void] {
  const [state, setState] = useState<CopyState>('idle')
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined)
  useEffect(() => () => clearTimeout(timer.current), [])
  const copy = useCallback(
    (text: string) => {
      const done = (next: CopyState) => {
        setState(next)
        clearTimeout(timer.current)
        timer.current = setTimeout(() => setState('idle'), resetMs)
      }
      const clipboard = typeof navigator === 'undefined' ? undefined : navigator.clipboard
      if (!clipboard) return done('failed')
      clipboard.writeText(text).then(
        () => done('copied'),
        () => done('failed')
      )
    },
    [resetMs]
  )
  return [state, copy]
}
