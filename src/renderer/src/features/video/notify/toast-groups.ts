import type { Toast } from '../video-ui-store'

/** More toasts than this of one outcome are shown as one summary: four large toasts covered the board. */
export const SUMMARY_AFTER = 2

export type ToastEntry = { kind: 'one'; toast: Toast } | { kind: 'summary'; state: Toast['state']; toasts: Toast[] }

/**
 * What the toast stack shows, oldest first. Each outcome (ready, failed) with more than
 * SUMMARY_AFTER toasts becomes one summary, placed where its newest toast is, so a fresh arrival
 * still appears at the bottom of the stack.
 */
export function groupToasts(toasts: readonly Toast[]): ToastEntry[] {
  const byState = new Map<Toast['state'], Toast[]>()
  for (const t of toasts) byState.set(t.state, [...(byState.get(t.state) ?? []), t])
  const entries: ToastEntry[] = []
  for (const t of toasts) {
    const same = byState.get(t.state)!
    if (same.length <= SUMMARY_AFTER) entries.push({ kind: 'one', toast: t })
    else if (same[same.length - 1] === t) entries.push({ kind: 'summary', state: t.state, toasts: same })
  }
  return entries
}
