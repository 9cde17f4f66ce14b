/**
 * Low-balance alerts: fired once when the available quota crosses below the threshold, armed
 * again only after it is back at or above it (a top-up), so a low key does not alert on every check.
 */

export interface CrossingState {
  /** True while the balance is (last seen) at or above the threshold. */
  armed: boolean
}

export function checkCrossing(
  state: CrossingState,
  available: number,
  threshold: number | null,
  unlimited: boolean
): { fire: boolean; next: CrossingState } {
  if (threshold === null || unlimited) return { fire: false, next: { armed: true } }
  if (available < threshold) return { fire: state.armed, next: { armed: false } }
  return { fire: false, next: { armed: true } }
}

/** What the shell shows as an OS notification (Electron `Notification`, injected as an adapter). */
export interface OsNotification {
  title: string
  body: string
}
export type Notify = (n: OsNotification) => void

export type AlertLanguage = 'en' | 'zh'

export function lowBalanceText(
  lang: AlertLanguage,
  profileName: string,
  available: string,
  threshold: string
): OsNotification {
  return lang === 'zh'
    ? { title: `余额偏低：${profileName}`, body: `可用额度 ${available}，低于提醒阈值 ${threshold}。` }
    : {
        title: `Low balance: ${profileName}`,
        body: `${available} available, below your alert threshold of ${threshold}.`
      }
}

export function limitHoldText(
  lang: AlertLanguage,
  profileName: string,
  kind: 'daily' | 'weekly',
  limit: string,
  spent: string
): OsNotification {
  if (lang === 'zh')
    return {
      title: `已暂停：${profileName} 的${kind === 'daily' ? '每日' : '每周'}限额`,
      body: `已花费 ${spent}，限额 ${limit}。任务已暂停，等待你放行或提高限额。`
    }
  return {
    title: `Held by the ${kind} limit: ${profileName}`,
    body: `${spent} spent of your ${kind} limit of ${limit}. The job waits until you let it go or raise the limit.`
  }
}
