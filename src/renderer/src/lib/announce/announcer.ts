/**
 * What the screen reader is told, app-wide: two live regions (components/LiveRegions.tsx), a polite
 * one for job state changes and an assertive one for errors. A job's state is announced once per
 * change of phase (queued, running, done, failed), never per progress tick: the host sends an update
 * for every percent, and a region that spoke each one would drown everything else out.
 */
import { create } from 'zustand'

export type Politeness = 'polite' | 'assertive'
export type JobPhase = 'queued' | 'running' | 'done' | 'failed'

export interface Announcement {
  /** Increases with every announcement, so the same words said twice are still a change. */
  seq: number
  text: string
}

interface AnnouncerState {
  polite: Announcement | null
  assertive: Announcement | null
  announce(text: string, politeness?: Politeness): void
}

let seq = 0

export const useAnnouncer = create<AnnouncerState>()((set) => ({
  polite: null,
  assertive: null,
  announce: (text, politeness = 'polite') => set({ [politeness]: { seq: ++seq, text } })
}))

/** For tests: both regions empty. */
export function resetAnnouncer(): void {
  useAnnouncer.setState({ polite: null, assertive: null })
}

/**
 * Remembers each job's last announced phase; `update` says whether this update is a new phase.
 * An update with no phase (submitting, a download's progress, a pause) changes nothing.
 */
export class JobPhases {
  private readonly last = new Map<string, JobPhase>()

  update(key: string, phase: JobPhase | null): boolean {
    if (phase === null || this.last.get(key) === phase) return false
    this.last.set(key, phase)
    return true
  }

  forget(key: string): void {
    this.last.delete(key)
  }
}

/** An image job's status as a phase (an image job starts running; it has no queue of its own). */
export function imagePhase(status: string): JobPhase | null {
  return status === 'running' ? 'running' : status === 'done' ? 'done' : status === 'failed' ? 'failed' : null
}

/** A video task's state as a phase. */
export function videoPhase(state: string): JobPhase | null {
  if (state === 'queued') return 'queued'
  if (state === 'running') return 'running'
  if (state === 'succeeded') return 'done'
  if (state === 'failed') return 'failed'
  return null
}
