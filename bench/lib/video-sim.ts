/**
 * Simulated minutes for the video poll benches (P1, P2): a fake clock, an in-process fake gateway
 * (a fetch function: no sockets, so the figures are the host's own work) and task records seeded in a
 * journal the real VideoService resumes from, exactly as after a restart.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { MediaLibrary } from '../../src/main/core/files/media'
import type { FetchLike } from '../../src/main/core/gateway/http'
import { EventHub } from '../../src/main/core/ipc/event-hub'
import { SecretGuard } from '../../src/main/core/ipc/secret-guard'
import { PollScheduler } from '../../src/main/core/tasks/scheduler'
import { FakeClock } from '../../src/main/core/tasks/testing/fake-clock'
import { TaskJournal } from '../../src/main/core/video/task-journal'
import { VideoService } from '../../src/main/core/video/video-service'
import type { VideoTask } from '../../src/shared/domain/video'

export const BASE = 'http://gateway.invalid'
export const KEY = 'sk-bench-video'

export interface GatewayStats {
  requests: number[]
  polls: number
  overCap: number
  retryAfters: Array<{ at: number; until: number }>
  /** Requests that arrived while a Retry-After given earlier had not passed. */
  retryAfterViolations: number
}

/**
 * The fake gateway: every task stays running (progress creeps up). With `capPerSecond` it counts
 * requests over the cap in a sliding second and answers them 429; every `retryAfterEvery`-th
 * request is answered 429 with Retry-After: 2 s.
 */
export function fakeGateway(
  clock: FakeClock,
  opts: { capPerSecond?: number; retryAfterEvery?: number } = {}
): { fetch: FetchLike; stats: GatewayStats } {
  const stats: GatewayStats = { requests: [], polls: 0, overCap: 0, retryAfters: [], retryAfterViolations: 0 }
  let window: number[] = []
  const fetch: FetchLike = async (input) => {
    const now = clock.now()
    stats.requests.push(now)
    if (stats.retryAfters.some((r) => now >= r.at && now < r.until)) stats.retryAfterViolations++
    if (opts.capPerSecond) {
      window = window.filter((t) => now - t < 1000)
      window.push(now)
      if (window.length > opts.capPerSecond) {
        stats.overCap++
        return new Response('', { status: 429 })
      }
    }
    if (opts.retryAfterEvery && stats.requests.length % opts.retryAfterEvery === 0) {
      stats.retryAfters.push({ at: now, until: now + 2000 })
      return new Response('', { status: 429, headers: { 'retry-after': '2' } })
    }
    const id = decodeURIComponent(String(input).split('/v1/videos/')[1] ?? 'x')
    stats.polls++
    const progress = Math.min(99, Math.floor((now / 1000) % 100))
    return new Response(
      JSON.stringify({
        id,
        object: 'video',
        model: 'Kl-2.6',
        status: 'in_progress',
        progress,
        created_at: 1,
        size: '1280x720'
      }),
      {
        status: 200,
        headers: { 'content-type': 'application/json' }
      }
    )
  }
  return { fetch, stats }
}

function seedTask(i: number, now: number): VideoTask {
  return {
    id: `vbench${String(i).padStart(6, '0')}`,
    taskId: `task_${String(i).padStart(32, '0')}`,
    profileId: 'bench',
    family: 'kl',
    kind: 'create',
    createRoute: 'POST /v1/videos',
    queryRoute: 'videos',
    model: 'Kl-2.6',
    state: 'running',
    rawStatus: 'in_progress',
    progress: 0,
    prompt: `bench task ${i}`,
    params: { model: 'Kl-2.6', prompt: `bench task ${i}` },
    createdAt: now,
    updatedAt: now,
    polls: 0,
    download: { state: 'none', attempts: 0 }
  }
}

export interface SimRun {
  clock: FakeClock
  service: VideoService
  stats: GatewayStats
  close(): Promise<void>
}

/** Seeds `tasks` running tasks and opens the real service over the fake gateway (simulated time). */
export async function openSim(
  tasks: number,
  gw: { capPerSecond?: number; retryAfterEvery?: number },
  ratePerSecond?: number
): Promise<SimRun> {
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-video-'))
  const clock = new FakeClock()
  const journal = await TaskJournal.open(dataDir, () => {})
  for (let i = 0; i < tasks; i++) await journal.put({ version: 1, task: seedTask(i, clock.now()), phase: 'polling' })
  await journal.flush()
  const { fetch, stats } = fakeGateway(clock, gw)
  const guard = new SecretGuard()
  guard.add(KEY)
  const hub = new EventHub(guard)
  let events = 0
  hub.addSink(() => void events++)
  const scheduler = new PollScheduler({ clock, sleepGapMs: 60_000, ...(ratePerSecond ? { ratePerSecond } : {}) })
  const service = await VideoService.open({
    dataDir,
    profiles: { activeId: async () => 'bench', connection: async () => ({ baseUrl: BASE, key: KEY }) },
    fetch,
    media: new MediaLibrary('/media/'),
    emit: (n, p) => hub.emit(n, p),
    scheduler
  })
  return {
    clock,
    service,
    stats,
    close: async () => {
      scheduler.dispose()
      await service.dispose()
      rmSync(dataDir, { recursive: true, force: true })
    }
  }
}

/** The baseline: one fixed 5 s timer per task, one fetch per poll, the answer parsed. */
export async function baselinePolling(
  tasks: number,
  simulatedMs: number,
  gw: { capPerSecond?: number }
): Promise<{ cpuMs: number; stats: GatewayStats }> {
  const clock = new FakeClock()
  const { fetch, stats } = fakeGateway(clock, gw)
  const poll = (i: number) => {
    clock.setTimeout(async () => {
      const res = await fetch(`${BASE}/v1/videos/task_${i}`, { headers: { Authorization: `Bearer ${KEY}` } })
      if (res.ok) JSON.parse(await res.text())
      else await res.text()
      poll(i)
    }, 5000)
  }
  for (let i = 0; i < tasks; i++) poll(i)
  const cpu0 = process.cpuUsage()
  await clock.advance(simulatedMs, () => Promise.resolve())
  const cpu = process.cpuUsage(cpu0)
  return { cpuMs: (cpu.user + cpu.system) / 1000, stats }
}

/** Runs the service for `simulatedMs` of fake time and returns the CPU it used. */
export async function subjectPolling(
  tasks: number,
  simulatedMs: number,
  gw: { capPerSecond?: number; retryAfterEvery?: number },
  ratePerSecond?: number
): Promise<{ cpuMs: number; stats: GatewayStats }> {
  const sim = await openSim(tasks, gw, ratePerSecond)
  try {
    const cpu0 = process.cpuUsage()
    await sim.clock.advance(simulatedMs, () => new Promise((r) => setImmediate(r)))
    const cpu = process.cpuUsage(cpu0)
    return { cpuMs: (cpu.user + cpu.system) / 1000, stats: sim.stats }
  } finally {
    await sim.close()
  }
}
