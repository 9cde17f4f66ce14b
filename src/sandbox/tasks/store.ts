import type { SandboxClock } from '../clock.js'
import type { Fault } from '../faults.js'
import type { StoredFile } from '../files.js'
import { hash32 } from '../rng.js'

/**
 * Which state machine and which wire shape a task follows. The video tags name the upstream
 * behaviour the sandbox plays (some become the `<tag>:` prefix of a task id, as the spec allows), so
 * two tags can share one body family; the studio's own family names are VIDEO_FAMILY in
 * src/shared/domain/video-models.ts.
 */
export type Family =
  | 'vidq' // unified create, first family
  | 'vo3' // unified create, second family (prefix kept, ms timestamps, integer progress)
  | 'jm' // unified create, second family (prefix dropped by the query, "N%" progress)
  | 'kl' // /v1/videos JSON family (vanilla mapping: queued → in_progress)
  | 'gk' // /v1/videos multipart family (reseller passthrough: queued → processing)
  | 'remix' // POST /v1/videos/{id}/remix
  | 'uremix' // POST /v1/video/remix
  | 'img' // native image task
  | 'asset' // asset import

export type Stage = 'queued' | 'running' | 'succeeded' | 'failed' | 'cancelled'
export type Outcome = 'succeeded' | 'failed' | 'cancelled'

export interface Task {
  id: string
  bareId: string
  family: Family
  owner: string
  model: string
  prompt: string
  /** The request body, echoed in `detail.input` and used for sizes, durations and the like. */
  input: Record<string, unknown>
  createdWallMs: number
  createdTaskMs: number
  queueMs: number
  runMs: number
  outcome: Outcome
  failure?: { message: string; code: string }
  cost: number
  refunded: boolean
  seed: number
  files: StoredFile[]
  resultFaults: Fault[]
  expiredUrls: boolean
  /** Family-specific values fixed at creation (size, seconds, billed model, source task …). */
  extra: Record<string, string | number | boolean | null>
}

export interface Snapshot {
  stage: Stage
  /** 0-100. */
  progress: number
  /** Task time the current stage began. */
  stageSinceTaskMs: number
  done: boolean
}

const DURATIONS: Record<Family, { queue: [number, number]; run: [number, number] }> = {
  vidq: { queue: [1, 4], run: [30, 90] },
  vo3: { queue: [3, 10], run: [40, 100] },
  jm: { queue: [3, 10], run: [30, 80] },
  kl: { queue: [5, 20], run: [60, 120] },
  gk: { queue: [2, 8], run: [30, 60] },
  remix: { queue: [0, 0], run: [30, 60] },
  uremix: { queue: [0, 0], run: [30, 60] },
  img: { queue: [1, 3], run: [4, 12] },
  asset: { queue: [0, 0], run: [5, 20] }
}

function within(seed: number, salt: string, [lo, hi]: [number, number]): number {
  if (hi <= lo) return lo * 1000
  return Math.round((lo + ((hash32(seed, salt) % 1000) / 1000) * (hi - lo)) * 1000)
}

/**
 * The echo keeps the request's shape but not megabytes of inline Base64: long strings are shortened,
 * so a task holds little memory and a poll answer stays small.
 */
export function trimEcho(v: unknown): unknown {
  if (typeof v === 'string') return v.length > 4096 ? `${v.slice(0, 64)}…(${v.length} chars)` : v
  if (Array.isArray(v)) return v.map(trimEcho)
  if (v && typeof v === 'object') return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, trimEcho(x)]))
  return v
}

export type NewTask = Omit<
  Task,
  'createdWallMs' | 'createdTaskMs' | 'queueMs' | 'runMs' | 'refunded' | 'files' | 'bareId'
> & {
  bareId?: string
}

/** Every task of every family, advancing with task time. */
export class TaskStore {
  private readonly byId = new Map<string, Task>()

  constructor(private readonly clock: SandboxClock) {}

  create(t: NewTask): Task {
    const d = DURATIONS[t.family]
    const task: Task = {
      ...t,
      input: trimEcho(t.input) as Record<string, unknown>,
      bareId: t.bareId ?? t.id.replace(/^[^:]+:/, ''),
      createdWallMs: this.clock.wallMs(),
      createdTaskMs: this.clock.taskMs(),
      queueMs: within(t.seed, 'queue', d.queue),
      runMs: within(t.seed, 'run', d.run),
      refunded: false,
      files: []
    }
    this.byId.set(task.id, task)
    if (task.bareId !== task.id) this.byId.set(task.bareId, task)
    return task
  }

  /** Finds by the id as returned, or without (or with a different) `<family>:` prefix. */
  find(id: string, owner: string | null): Task | undefined {
    const t = this.byId.get(id) ?? this.byId.get(id.replace(/^[^:]+:/, ''))
    if (!t || (owner !== null && t.owner !== owner)) return undefined
    return t
  }

  snapshot(t: Task): Snapshot {
    const elapsed = this.clock.taskMs() - t.createdTaskMs
    if (elapsed < t.queueMs) return { stage: 'queued', progress: 0, stageSinceTaskMs: t.createdTaskMs, done: false }
    const runEnd = t.queueMs + t.runMs
    if (elapsed < runEnd) {
      const frac = (elapsed - t.queueMs) / Math.max(1, t.runMs)
      // Failing tasks stop early, as real ones tend to.
      const progress = Math.max(1, Math.min(99, Math.floor(frac * 100)))
      return { stage: 'running', progress, stageSinceTaskMs: t.createdTaskMs + t.queueMs, done: false }
    }
    return { stage: t.outcome, progress: 100, stageSinceTaskMs: t.createdTaskMs + runEnd, done: true }
  }

  /**
   * Wall-clock ms of a task-time instant of this task: its creation plus the scaled span, never in the
   * future (a manual `advance` makes task time run ahead of wall time).
   */
  wallOf(t: Task, taskMs: number): number {
    const wall = t.createdWallMs + this.clock.realDelay(taskMs - t.createdTaskMs)
    return Math.round(Math.min(this.clock.wallMs(), Math.max(t.createdWallMs, wall)))
  }

  all(): Task[] {
    return [...new Set(this.byId.values())]
  }
}
