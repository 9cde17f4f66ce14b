import type { ReactNode } from 'react'

export type MarkRuns = ReadonlyArray<readonly [number, number]>

/**
 * A search excerpt with the matched runs in `<mark>` (the host's FTS5 snippets, chat and video).
 * Runs come from the host: out-of-range, overlapping or non-integer ones are ignored, never thrown on.
 */
export function MarkedText({ text, marks }: { text: string; marks: MarkRuns }) {
  const pieces: ReactNode[] = []
  let at = 0
  for (const [start, end] of validRuns(text.length, marks)) {
    if (start > at) pieces.push(text.slice(at, start))
    pieces.push(<mark key={start}>{text.slice(start, end)}</mark>)
    at = end
  }
  if (at < text.length) pieces.push(text.slice(at))
  return <>{pieces}</>
}

export function validRuns(length: number, marks: MarkRuns): Array<[number, number]> {
  const out: Array<[number, number]> = []
  let last = 0
  for (const [start, end] of [...marks].sort((a, b) => a[0] - b[0])) {
    if (!Number.isInteger(start) || !Number.isInteger(end) || start < last || end <= start || end > length) continue
    out.push([start, end])
    last = end
  }
  return out
}
