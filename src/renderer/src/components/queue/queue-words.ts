import type { useT } from '@renderer/i18n/use-t'
import type { QueueItem } from '@shared/contract/queue'
import { formatRaw } from '@shared/domain/balance-units'

type TFunction = ReturnType<typeof useT>['t']

export function ordinal(n: number, lang: string): string {
  if (lang.startsWith('zh')) return `第 ${n} 位`
  const s = ['th', 'st', 'nd', 'rd']
  const v = n % 100
  return `${n}${s[(v - 20) % 10] ?? s[v] ?? s[0]}`
}

/**
 * Why an item is held, in the page's language, from the host's data (QueueHold): the limit and
 * what was spent, what is left, the item's estimate, and how to let it go. A refusal keeps the
 * gateway's or host's own words; an item held before holds were data keeps the host's reason.
 */
export function holdWords(t: TFunction, lang: string, item: Pick<QueueItem, 'hold' | 'reason'>): string {
  const h = item.hold
  if (!h) return item.reason ?? ''
  if (h.kind === 'refused') return h.message
  // Its own profile gone or keyless: no figures and no "release" advice (a release is checked again).
  if (h.kind === 'profile-missing') return t('images.queue.hold.profile-missing')
  if (h.kind === 'no-key') return t('images.queue.hold.no-key', { profile: h.profile })
  const fmt = (v: number) => formatRaw(v, lang)
  const main =
    h.kind === 'daily-limit' || h.kind === 'weekly-limit'
      ? t(`images.queue.hold.${h.kind}`, { spent: fmt(h.spent), limit: fmt(h.limit) })
      : h.kind === 'below-threshold'
        ? h.threshold !== null
          ? t('images.queue.hold.below-threshold-of', { available: fmt(h.available), threshold: fmt(h.threshold) })
          : t('images.queue.hold.below-threshold', { available: fmt(h.available) })
        : t('images.queue.hold.below-cost', { available: fmt(h.available) })
  const expected =
    h.estimate !== null
      ? t('images.queue.hold.estimate', { estimate: fmt(h.estimate) })
      : t('images.queue.hold.noEstimate')
  // Chinese sentences follow each other without a space.
  return [main, expected, t('images.queue.hold.letGo')].join(lang.startsWith('zh') ? '' : ' ')
}

/** An item's state as its row says it: "waiting, 3rd", "held: …", "running". */
export function stateWords(t: TFunction, lang: string, i: QueueItem): string {
  if (i.state === 'waiting') return t('images.queue.waiting', { place: ordinal(i.place ?? 0, lang) })
  if (i.state === 'held') return t('images.queue.held', { reason: holdWords(t, lang, i) })
  return t(`images.queue.state.${i.state}`)
}
