// Test harness for the video host: a real VideoService + AssetService over the sandbox, real grants
// and media, events captured, calls parsed by the contract like the dispatcher does.
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { z } from 'zod'
import { invokes } from '@shared/contract'
import type { VideoTask } from '@shared/domain/video'
import { StudioError, type StudioErrorData } from '@shared/errors'
import { startSandbox, type SandboxHandle } from '../../../../sandbox/index'
import { AssetService } from '../../assets/asset-service'
import { FileGrants } from '../../files/grants'
import { MediaLibrary } from '../../files/media'
import type { FetchLike } from '../../gateway/http'
import type { Handlers } from '../../ipc/dispatcher'
import { EventHub } from '../../ipc/event-hub'
import { SecretGuard } from '../../ipc/secret-guard'
import { PollScheduler, type SchedulerOptions } from '../../tasks/scheduler'
import type { Notify } from '../task-book'
import { createVideoHandlers } from '../video-handlers'
import { VideoService, type VideoServiceDeps } from '../video-service'

type VideoChannel = Extract<keyof typeof invokes, `video:${string}`>

export interface VideoHarness {
  sb: SandboxHandle
  dataDir: string
  video: VideoService
  assets: AssetService
  grants: FileGrants
  media: MediaLibrary
  events: Array<{ name: string; payload: unknown }>
  sent: Array<{ url: string; init?: RequestInit }>
  gateway: { baseUrl: string; key: string }
  call<C extends VideoChannel>(channel: C, input: z.input<(typeof invokes)[C]['input']>): Promise<z.output<(typeof invokes)[C]['output']>>
  fail<C extends VideoChannel>(channel: C, input: z.input<(typeof invokes)[C]['input']>): Promise<StudioErrorData>
  /** Waits until the task satisfies `done` (checked on every update). */
  until(id: string, done: (t: VideoTask) => boolean, timeoutMs?: number): Promise<VideoTask>
  restart(more?: Partial<HarnessOptions>): Promise<VideoHarness>
  close(): Promise<void>
}

export interface HarnessOptions {
  sandbox?: SandboxHandle
  dataDir?: string
  fetch?: FetchLike
  notify?: Notify
  /** Mutable: tests swap the key to simulate a profile update. */
  gateway?: { baseUrl: string; key: string }
  deps?: Partial<VideoServiceDeps>
  /** The harness's one scheduler (shared by video and assets, as in studio-core); FAST.scheduler by default. */
  scheduler?: SchedulerOptions
}

export const FAST = { timing: { pollScale: 0.004, downloadRetryMs: [40, 80, 120] }, scheduler: { ratePerSecond: 500, maxInFlight: 8 } }

export async function videoHarness(opts: HarnessOptions = {}): Promise<VideoHarness> {
  const sb = opts.sandbox ?? (await startSandbox({ speed: 1000, quiet: true }))
  const dataDir = opts.dataDir ?? mkdtempSync(join(tmpdir(), 'video-host-'))
  const gateway = opts.gateway ?? { baseUrl: sb.url, key: sb.key }
  const guard = new SecretGuard()
  guard.add(gateway.key)
  const hub = new EventHub(guard, (line) => (process.env.VIDEO_TEST_LOG ? console.log(line) : undefined))
  const events: Array<{ name: string; payload: unknown }> = []
  hub.addSink((name, payload) => events.push({ name, payload }))
  const media = new MediaLibrary('/media/')
  const grants = await FileGrants.open({ dataDir, media })
  const sent: VideoHarness['sent'] = []
  const base: FetchLike = opts.fetch ?? ((i, init) => fetch(i, init))
  const profiles = { activeId: async () => 'sandbox', connection: async () => ({ ...gateway }) }
  const scheduler = new PollScheduler({ sleepGapMs: 60_000, ...FAST.scheduler, ...opts.scheduler })
  const assets = await AssetService.open({ dataDir, profiles, fetch: base, scheduler, emit: (n, p) => hub.emit(n, p), followMs: [20, 40] })
  const video = await VideoService.open({
    dataDir,
    profiles,
    fetch: (input, init) => {
      sent.push({ url: String(input), init })
      return base(input, init)
    },
    files: grants,
    media,
    emit: (n, p) => hub.emit(n, p),
    log: (line) => (process.env.VIDEO_TEST_LOG ? console.log(line) : undefined),
    notify: opts.notify,
    asset: (id) => assets.find(id),
    scheduler,
    timing: FAST.timing,
    ...opts.deps
  })
  const handlers = createVideoHandlers(video, assets, profiles.activeId) as Pick<Handlers, VideoChannel>
  const call: VideoHarness['call'] = async (channel, input) => {
    const parsed = invokes[channel].input.parse(input)
    const out = await (handlers[channel] as (i: unknown, c: unknown) => unknown)(parsed, { shell: 'browser' })
    return invokes[channel].output.parse(out) as never
  }
  const h: VideoHarness = {
    sb,
    dataDir,
    video,
    assets,
    grants,
    media,
    events,
    sent,
    gateway,
    call,
    fail: async (channel, input) => {
      try {
        await call(channel, input)
      } catch (e) {
        if (e instanceof StudioError) return e.toData()
        if (e && typeof e === 'object' && 'issues' in e) {
          const issue = (e as z.ZodError).issues[0]
          return { code: 'INVALID_INPUT', message: issue?.message ?? String(e), retryable: false, field: issue?.path.join('.') }
        }
        throw e
      }
      throw new Error(`${channel} was expected to fail`)
    },
    until: async (id, done, timeoutMs = 15_000) => {
      const deadline = Date.now() + timeoutMs
      for (;;) {
        // What the page was told (after the journal write), not the record being changed.
        const last = events.filter((e) => e.name === 'video:task-updated' && (e.payload as VideoTask).id === id).at(-1)?.payload as VideoTask | undefined
        if (last && done(last)) {
          await new Promise((r) => setTimeout(r, 5))
          return last
        }
        if (Date.now() > deadline) throw new Error(`task ${id} did not get there in time: ${JSON.stringify(last)}`)
        await new Promise((r) => setTimeout(r, 10))
      }
    },
    restart: async (more = {}) => {
      scheduler.dispose()
      await video.dispose()
      await assets.flush()
      await grants.dispose()
      return videoHarness({ ...opts, ...more, sandbox: sb, dataDir, gateway })
    },
    close: async () => {
      scheduler.dispose()
      await video.dispose()
      await assets.flush()
      await grants.dispose()
      if (!opts.sandbox) await sb.close()
    }
  }
  return h
}

export const ok = (t: VideoTask) => t.state === 'succeeded' && t.download.state === 'done'
export const ended = (t: VideoTask) => ['failed', 'cancelled', 'lost', 'outcome-unknown'].includes(t.state) || ok(t)
