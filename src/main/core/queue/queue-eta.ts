import type { HostEventArgs } from '@shared/contract'
import { durationStats, ETA_SAMPLE, type DurationStats } from '@shared/domain/eta'
import type { Library } from '../store/library-db'

/** What an ETA is about: image jobs and video tasks keep separate durations (and caps). */
export type RunKind = 'image' | 'video'

/** Writes one finished run's duration (a ref once: the same end told twice counts once). */
export function recordRun(
  lib: Library,
  run: { ref: string; kind: RunKind; model: string; ms: number; at: number }
): void {
  // A run with no duration (a clock set back between start and end) is no evidence: left out.
  if (!Number.isFinite(run.ms) || run.ms < 0 || !run.model) return
  lib.run(
    'INSERT OR IGNORE INTO run_durations (ref, kind, model, ms, at) VALUES (?, ?, ?, ?, ?)',
    run.ref,
    run.kind,
    run.model,
    run.ms,
    run.at
  )
}

/** Every finished run, queued or not: an image job done (from its creation), a video succeeded (from its submission). */
export function recordRunOf(lib: Library, event: HostEventArgs, now: number): void {
  if (event[0] === 'images:job-updated') {
    const job = event[1]
    const model = job.model ?? job.items[0]?.model
    if (job.status === 'done' && model)
      recordRun(lib, { ref: job.jobId, kind: 'image', model, ms: now - job.createdAt, at: now })
  } else if (event[0] === 'video:task-updated') {
    const t = event[1]
    if (t.state === 'succeeded' && t.completedAt !== undefined)
      recordRun(lib, {
        ref: t.id,
        kind: 'video',
        model: t.model,
        ms: t.completedAt - (t.submittedAt ?? t.createdAt),
        at: t.completedAt
      })
  }
}

/** A model's duration stats from its latest runs (one indexed read), or null with none. */
export function modelDurations(lib: Library, kind: RunKind, model: string): DurationStats | null {
  const rows = lib.all<{ ms: number }>(
    'SELECT ms FROM run_durations WHERE kind = ? AND model = ? ORDER BY at DESC LIMIT ?',
    kind,
    model,
    ETA_SAMPLE
  )
  return durationStats(rows.map((r) => r.ms).reverse())
}

export interface EtaInput {
  kind: RunKind
  model: string
  state: 'waiting' | 'sending' | 'running' | 'held'
  /** When it was sent (running and sending items). */
  sentAt: number | null
}

export interface ItemEta {
  /** When it should end (ms since the epoch): at the median, and by the 75th percentile. */
  median: number
  p75: number
  /** How many runs of its model that rests on. */
  runs: number
}

/**
 * When each item should end. A running item: its send time plus its model's median (and p75); one
 * past its median is taken to end now. A waiting item starts when the earliest of its kind's `cap`
 * places frees (the items in flight and those before it, each by its own model's median), so the
 * queue ahead of it counts. Held items, and items whose model has no runs yet, get null: a waiting
 * item behind one with no estimate still gets one from what is known (that place counts as free now).
 */
export function queueEtas(
  items: readonly EtaInput[],
  caps: Record<RunKind, number>,
  stats: (kind: RunKind, model: string) => DurationStats | null,
  now: number
): Array<ItemEta | null> {
  const free: Record<RunKind, number[]> = { image: [], video: [] }
  const out: Array<ItemEta | null> = items.map(() => null)
  // In flight first (their places), then the waiting ones in queue order.
  items.forEach((it, i) => {
    if (it.state !== 'running' && it.state !== 'sending') return
    const s = stats(it.kind, it.model)
    const start = it.sentAt ?? now
    if (!s) {
      free[it.kind].push(now)
      return
    }
    out[i] = { median: Math.max(now, start + s.median), p75: Math.max(now, start + s.p75), runs: s.runs }
    free[it.kind].push(Math.max(now, start + s.median))
  })
  items.forEach((it, i) => {
    if (it.state !== 'waiting') return
    const places = free[it.kind]
    const cap = Math.max(1, caps[it.kind])
    while (places.length < cap) places.push(now)
    places.sort((a, b) => a - b)
    // More in flight than the cap (it was lowered): a place opens only once enough of them ended.
    if (places.length > cap) places.splice(0, places.length - cap)
    const start = places[0]
    const s = stats(it.kind, it.model)
    if (!s) {
      places[0] = start
      return
    }
    out[i] = { median: start + s.median, p75: start + s.p75, runs: s.runs }
    places[0] = start + s.median
  })
  return out
}
