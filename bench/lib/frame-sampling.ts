/**
 * The frame-time metrics' one method: subject runs interleaved with idle windows of the same page
 * (so drift in the machine's load hits both alike), each compared by its median per-run p95.
 */
import type { Page } from 'playwright-core'
import { armFrames, disarmFrames, idleFrames, type FrameRecord } from './browser'
import { interleave, median, p95, round } from './stats'

export interface FrameRun {
  /** Before the frames are recorded (focus, a fresh conversation). */
  before?: () => Promise<void>
  /** What is measured: its frames are recorded from its start to its end. */
  measured: (k: number) => Promise<void>
  /** After the recording (an undo that puts the page back). */
  after?: () => Promise<void>
}

export interface FrameSamples {
  subject: FrameRecord[]
  idle: FrameRecord[]
}

export async function sampleFrames(page: Page, runs: number, idleMs: number, run: FrameRun): Promise<FrameSamples> {
  const subject: FrameRecord[] = []
  const idle: FrameRecord[] = []
  let k = 0
  await interleave(
    runs,
    {
      baseline: async () => {
        idle.push(await idleFrames(page, idleMs))
      },
      subject: async () => {
        await run.before?.()
        const t0 = await armFrames(page)
        await run.measured(k++)
        subject.push(await disarmFrames(page, t0))
        await run.after?.()
      }
    },
    0
  )
  return { subject, idle }
}

/** The median of the runs' p95 frame times, for the subject and its idle baseline. */
export function p95AgainstIdle(s: FrameSamples): { value: number; baseline: number } {
  return { value: median(s.subject.map((r) => p95(r.frames))), baseline: median(s.idle.map((r) => p95(r.frames))) }
}

/** Each run's p95, subject then idle: `a/b/c vs idle d/e/f`. */
export function perRunP95(s: FrameSamples): string {
  const each = (rs: FrameRecord[]) => rs.map((r) => round(p95(r.frames), 1)).join('/')
  return `per-run p95 ${each(s.subject)} vs idle ${each(s.idle)}`
}
