import { MarkedText, validRuns } from '@renderer/components/MarkedText'
import { useT } from '@renderer/i18n/use-t'

export interface MatchExcerptProps {
  text: string
  /** [start, end) runs the host's search matched; out-of-range or overlapping runs are ignored. */
  marks?: ReadonlyArray<readonly [number, number]>
}

/** Where a search found a conversation: the excerpt, with the matched words marked. */
export function MatchExcerpt({ text, marks }: MatchExcerptProps) {
  const { t } = useT()
  if (validRuns(text.length, marks ?? []).length === 0) return <>{t('chat.list.matchedIn', { text })}</>
  return (
    <>
      {t('chat.list.matchedLabel')}
      <MarkedText text={text} marks={marks ?? []} />
    </>
  )
}
