/** The words of a queue row, pure: a place as an ordinal, an item's state and its ETA. */
import type { useT } from '@renderer/i18n/use-t'
import type { QueueItem } from '@shared/contract/queue'

type T = ReturnType<typeof useT>['t']

export function ordinal(n: number, lang: string): string {
  if (lang.startsWith('zh')) return `第 ${n} 位`
  const s = ['th', 'st', 'nd', 'rd']
  const v = n % 100
  return `${n}${s[(v - 20) % 10] ?? s[v] ?? s[0]}`
}

/** When an item should end, as its row says it: "ends about 14:05 (by 14:12, from 6 runs)", or no estimate yet. */
export function etaText(t: T, lang: string, item: QueueItem): string {
  if (item.state === 'held' || item.eta === undefined) return ''
  if (item.eta === null) return t('images.queue.noEta')
  const time = new Intl.DateTimeFormat(lang, { hour: '2-digit', minute: '2-digit' })
  return t('images.queue.eta', { median: time.format(item.eta.median), p75: time.format(item.eta.p75), count: item.eta.runs })
}

/** "waiting, 3rd", "held: over the daily limit", "running". */
export function stateText(t: T, lang: string, i: QueueItem): string {
  if (i.state === 'waiting') return t('images.queue.waiting', { place: ordinal(i.place ?? 0, lang) })
  if (i.state === 'held') return t('images.queue.held', { reason: i.reason ?? '' })
  return t(`images.queue.state.${i.state}`)
}
