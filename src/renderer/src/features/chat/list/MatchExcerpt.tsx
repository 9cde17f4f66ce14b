import type { ReactNode } from 'react'
import { useT } from '@renderer/i18n/use-t'

export interface MatchExcerptProps {
  text: string
  /** [start, end) runs the host's search matched; out-of-range or overlapping runs are ignored. */
  marks?: ReadonlyArray<readonly [number, number]>
}

/** Where a search found a conversation: the excerpt, with the matched words marked. */
export function MatchExcerpt({ text, marks }: MatchExcerptProps) {
  const { t } = useT()
  const runs = validRuns(text.length, marks ?? [])
  if (runs.length === 0) return <>{t('chat.list.matchedIn', { text })}</>
  const pieces: ReactNode[] = []
  let at = 0
  for (const [start, end] of runs) {
    if (start > at) pieces.push(text.slice(at, start))
    pieces.push(<mark key={start}>{text.slice(start, end)}</mark>)
    at = end
  }
  if (at < text.length) pieces.push(text.slice(at))
  return (
    <>
      {t('chat.list.matchedLabel')}
      {pieces}
    </>
  )
}

function validRuns(length: number, marks: ReadonlyArray<readonly [number, number]>): Array<[number, number]> {
  const out: Array<[number, number]> = []
  let last = 0
  for (const [start, end] of [...marks].sort((a, b) => a[0] - b[0])) {
    if (!Number.isInteger(start) || !Number.isInteger(end) || start < last || end <= start || end > length) continue
    out.push([start, end])
    last = end
  }
  return out
}
