// Test harness for the images host: a real ImageService over the sandbox (or a scripted server),
// real grants and media, events captured, calls parsed by the contract like the dispatcher does.
import sharp from 'sharp'
import type { z } from 'zod'
import { type invokes } from '@shared/contract'
import type { ImageJob } from '@shared/domain/images'
import type { StudioErrorData } from '@shared/errors'
import type { SandboxHandle } from '../../../../sandbox/index'
import { type FileGrants } from '../../files/grants'
import { type MediaLibrary } from '../../files/media'
import type { FetchLike } from '../../gateway/http'
import type { Handlers } from '../../ipc/dispatcher'
import { QueueService, type QueueDeps } from '../../queue/queue-service'
import { PollScheduler } from '../../tasks/scheduler'
import { contractCall, contractFail, hostBase, pollUntil } from '../../testing/host-harness'
import type { SaveFile } from '../gallery-actions'
import { createImageHandlers } from '../image-handlers'
import { ImageService, type ImageServiceDeps } from '../image-service'
import { queueImagesPort } from '../queue-port'
import type { ImageTiming } from '../timing'

type ImageChannel = Extract<keyof typeof invokes, `images:${string}`>

export interface SentRequest {
  url: string
  init?: RequestInit
  /** A copy of a streamed body, as it was sent. */
  body?: ReadableStream<Uint8Array>
}

export const FAST_TIMING: Partial<ImageTiming> = { poll: { delaysMs: [15, 25, 40], jitter: 0 }, downloadRetryMs: 5 }

export interface ImagesHarness {
  sb: SandboxHandle
  dataDir: string
  images: ImageService
  /** The local queue in front of it ("More like this" goes through it). */
  queue: QueueService
  grants: FileGrants
  media: MediaLibrary
  events: Array<{ name: string; payload: unknown }>
  /** Every request the service made (URL and init), before it left. */
  sent: SentRequest[]
  call<C extends ImageChannel>(
    channel: C,
    input: z.input<(typeof invokes)[C]['input']>
  ): Promise<z.output<(typeof invokes)[C]['output']>>
  fail<C extends ImageChannel>(channel: C, input: z.input<(typeof invokes)[C]['input']>): Promise<StudioErrorData>
  /** The job's terminal state, from its events. */
  settled(jobId: string, timeoutMs?: number): Promise<ImageJob>
  jobEvents(jobId: string): ImageJob[]
  grantBytes(bytes: Uint8Array, name: string): Promise<string>
  /** Reopens the service on the same data dir (a restart). */
  restart(): Promise<ImagesHarness>
  close(): Promise<void>
}

export interface HarnessOptions {
  sandbox?: SandboxHandle
  /** Point the profile at another gateway (a scripted server) instead of the sandbox. */
  gateway?: { baseUrl: string; key: string }
  dataDir?: string
  timing?: Partial<ImageTiming>
  /** The host's one scheduler, when the test shares it with other services (the harness's own otherwise). */
  scheduler?: PollScheduler
  saveFile?: SaveFile
  fetch?: FetchLike
  /** Replaces the real grant table for the service (e.g. a grant too big to make on disk). */
  files?: Pick<FileGrants, 'get' | 'readBytes' | 'copyTo'>
  /** Replaces the fixed profile (e.g. one whose key changes). */
  profiles?: ImageServiceDeps['profiles']
  /** More of the queue's deps (e.g. its check of an item's own profile). */
  queue?: Pick<QueueDeps, 'profileHold' | 'limitReason'>
}

export async function imagesHarness(opts: HarnessOptions = {}): Promise<ImagesHarness> {
  const { sb, dataDir, gateway, hub, events, media, grants } = await hostBase({ ...opts, dirPrefix: 'images-host-' })
  const sent: SentRequest[] = []
  const base: FetchLike = opts.fetch ?? ((i, init) => fetch(i, init))
  // Fast enough for many short polls; Retry-After holds and back-off as in the product.
  const owned = opts.scheduler ? null : new PollScheduler({ ratePerSecond: 100 })
  const scheduler = opts.scheduler ?? owned!
  const profiles = opts.profiles ?? { activeId: async () => 'sandbox', connection: async () => gateway }
  const images = await ImageService.open({
    dataDir,
    scheduler,
    profiles,
    fetch: (input, init) => {
      // A streamed body (the edit's multipart) is read by the request: keep a copy to inspect.
      if (init?.body instanceof ReadableStream) {
        const [out, kept] = init.body.tee()
        init = { ...init, body: out }
        sent.push({ url: String(input), init, body: kept })
      } else sent.push({ url: String(input), init })
      return base(input, init)
    },
    files: opts.files ?? grants,
    media,
    emit: (n, p) => hub.emit(n, p),
    saveFile: opts.saveFile,
    timing: { ...FAST_TIMING, ...opts.timing }
  })
  const queue = await QueueService.open({
    dataDir,
    images: queueImagesPort(images),
    activeId: () => profiles.activeId(),
    emit: () => {},
    ...opts.queue
  })
  hub.addSink((...event) => queue.observe(...event))
  queue.pump()
  const handlers = createImageHandlers(images, queue) as Pick<Handlers, ImageChannel>

  const call = contractCall(handlers)
  const jobUpdates: ImageJob[] = []
  hub.on('images:job-updated', (job) => jobUpdates.push(job))
  const jobEvents = (jobId: string) => jobUpdates.filter((job) => job.jobId === jobId)
  const h: ImagesHarness = {
    sb,
    dataDir,
    images,
    queue,
    grants,
    media,
    events,
    sent,
    call,
    fail: contractFail(call),
    settled: (jobId, timeoutMs = 15_000) =>
      pollUntil(
        () => jobEvents(jobId).find((j) => j.status !== 'running'),
        timeoutMs,
        () => `job ${jobId} did not settle; last: ${JSON.stringify(jobEvents(jobId).at(-1))}`
      ),
    jobEvents,
    grantBytes: async (bytes, name) => (await grants.grantUpload(bytes, name, 'image-edit')).fileId,
    restart: async () => {
      await queue.dispose()
      await images.dispose()
      owned?.dispose()
      await grants.dispose()
      return imagesHarness({ ...opts, sandbox: sb, dataDir })
    },
    close: async () => {
      await queue.dispose()
      await images.dispose()
      owned?.dispose()
      await grants.dispose()
      if (!opts.sandbox) await sb.close()
    }
  }
  return h
}

/** A PNG of the given size: a smooth gradient, so any repaint is visible. */
export async function gradientPng(width: number, height: number): Promise<Buffer> {
  const px = Buffer.alloc(width * height * 3)
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const o = (y * width + x) * 3
      px[o] = (x * 255) / width
      px[o + 1] = (y * 255) / height
      px[o + 2] = 128
    }
  }
  return sharp(px, { raw: { width, height, channels: 3 } })
    .png()
    .toBuffer()
}

/** The painter's mask: opaque (keep) everywhere except a transparent rectangle (may change). */
export async function rectMask(
  width: number,
  height: number,
  r: { x: number; y: number; w: number; h: number }
): Promise<Buffer> {
  const px = Buffer.alloc(width * height * 4, 255)
  for (let y = r.y; y < r.y + r.h; y++) for (let x = r.x; x < r.x + r.w; x++) px[(y * width + x) * 4 + 3] = 0
  return sharp(px, { raw: { width, height, channels: 4 } })
    .png()
    .toBuffer()
}

/** RGB pixels of an image file or buffer. */
export async function rgbOf(input: string | Buffer): Promise<{ data: Buffer; width: number; height: number }> {
  const { data, info } = await sharp(input).removeAlpha().raw().toBuffer({ resolveWithObject: true })
  return { data, width: info.width, height: info.height }
}
