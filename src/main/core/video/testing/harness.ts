// Test harness for the video host: a real VideoService + AssetService over the sandbox, real grants
// and media, events captured, calls parsed by the contract like the dispatcher does.
import type { z } from 'zod'
import { type invokes } from '@shared/contract'
import type { VideoTask } from '@shared/domain/video'
import type { StudioErrorData } from '@shared/errors'
import type { SandboxHandle } from '../../../../sandbox/index'
import { AssetService } from '../../assets/asset-service'
import { type FileGrants } from '../../files/grants'
import { type MediaLibrary } from '../../files/media'
import type { FetchLike } from '../../gateway/http'
import type { Handlers } from '../../ipc/dispatcher'
import { PollScheduler, type SchedulerOptions } from '../../tasks/scheduler'
import { contractCall, contractFail, hostBase, pollUntil } from '../../testing/host-harness'
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
  call<C extends VideoChannel>(
    channel: C,
    input: z.input<(typeof invokes)[C]['input']>
  ): Promise<z.output<(typeof invokes)[C]['output']>>
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

export const FAST = {
  timing: { pollScale: 0.004, downloadRetryMs: [40, 80, 120] },
  scheduler: { ratePerSecond: 500, maxInFlight: 8 }
}

export async function videoHarness(opts: HarnessOptions = {}): Promise<VideoHarness> {
  const log = (line: string) => (process.env.VIDEO_TEST_LOG ? console.log(line) : undefined)
  const { sb, dataDir, gateway, hub, events, media, grants } = await hostBase({
    ...opts,
    dirPrefix: 'video-host-',
    log
  })
  const taskUpdates: VideoTask[] = []
  hub.on('video:task-updated', (task) => taskUpdates.push(task))
  const sent: VideoHarness['sent'] = []
  const base: FetchLike = opts.fetch ?? ((i, init) => fetch(i, init))
  const profiles = { activeId: async () => 'sandbox', connection: async () => ({ ...gateway }) }
  const scheduler = new PollScheduler({ sleepGapMs: 60_000, ...FAST.scheduler, ...opts.scheduler })
  const assets = await AssetService.open({
    dataDir,
    profiles,
    fetch: base,
    scheduler,
    emit: (n, p) => hub.emit(n, p),
    followMs: [20, 40]
  })
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
    log,
    notify: opts.notify,
    asset: (id) => assets.find(id),
    scheduler,
    timing: FAST.timing,
    ...opts.deps
  })
  const handlers = createVideoHandlers(video, assets, profiles.activeId) as Pick<Handlers, VideoChannel>
  const call = contractCall(handlers)
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
    fail: contractFail(call),
    until: async (id, done, timeoutMs = 15_000) => {
      // What the page was told (after the journal write), not the record being changed.
      const last = () => taskUpdates.filter((t) => t.id === id).at(-1)
      const reached = await pollUntil(
        () => [last()].find((t) => t !== undefined && done(t)),
        timeoutMs,
        () => `task ${id} did not get there in time: ${JSON.stringify(last())}`
      )
      await new Promise((r) => setTimeout(r, 5))
      return reached
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
