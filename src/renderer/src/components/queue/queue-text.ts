/** The ETA words of a queue row, pure (its place and state words: ./queue-words.ts). */
import type { useT } from '@renderer/i18n/use-t'
import type { QueueItem } from '@shared/contract/queue'

type T = ReturnType<typeof useT>['t']

/** When an item should end, as its row says it: "ends about 14:05 (by 14:12, from 6 runs)", or no estimate yet. */
export function etaText(t: T, lang: string, item: QueueItem): string {
  if (item.state === 'held' || item.eta === undefined) return ''
  if (item.eta === null) return t('images.queue.noEta')
  const time = new Intl.DateTimeFormat(lang, { hour: '2-digit', minute: '2-digit' })
  return t('images.queue.eta', {
    median: time.format(item.eta.median),
    p75: time.format(item.eta.p75),
    count: item.eta.runs
  })
}
