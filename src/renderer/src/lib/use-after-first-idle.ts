import { useEffect, useState } from 'react'

/**
 * False on the first render, true once the browser has been idle after it (or `timeoutMs` passed,
 * however busy the page is). For what the first screen can show a moment later: work begun then
 * stays out of the start-up, so the window is ready and painted first (T1).
 */
export function useAfterFirstIdle(timeoutMs = 1000): boolean {
  const [idle, setIdle] = useState(false)
  useEffect(() => {
    if (idle) return
    const done = () => setIdle(true)
    if (typeof requestIdleCallback === 'function') {
      const handle = requestIdleCallback(done, { timeout: timeoutMs })
      return () => cancelIdleCallback(handle)
    }
    const handle = setTimeout(done, 0)
    return () => clearTimeout(handle)
  }, [idle, timeoutMs])
  return idle
}
