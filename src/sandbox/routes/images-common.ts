import { setTimeout as sleep } from 'node:timers/promises'
import type { SandboxContext } from '../context.js'
import type { StoredFile } from '../files.js'
import { fail } from '../gate.js'
import { MAX_IMAGE_SIDE, type ImageFormat } from '../media/index.js'
import type { SandboxRequest } from '../router.js'

export const CONTENT_TYPES: Record<ImageFormat, string> = { png: 'image/png', jpeg: 'image/jpeg', webp: 'image/webp' }
const EXT: Record<ImageFormat, string> = { png: 'png', jpeg: 'jpeg', webp: 'webp' }

export function outputFormat(req: SandboxRequest, v: unknown, fallback: ImageFormat): ImageFormat {
  if (v === undefined || v === null || v === '') return fallback
  const s = String(v).toLowerCase()
  if (s === 'jpg' || s === 'jpeg') return 'jpeg'
  if (s === 'png' || s === 'webp') return s
  throw fail(req, 'field output_format must be one of png, jpeg, webp')
}

/** Keeps the aspect ratio while fitting the renderer's ceiling (the 4K presets exceed it). */
export function fitSide(w: number, h: number): { width: number; height: number } {
  const k = Math.min(1, MAX_IMAGE_SIDE / Math.max(w, h))
  return { width: Math.max(1, Math.round(w * k)), height: Math.max(1, Math.round(h * k)) }
}

/** A side from a ratio string and an area, rounded to a multiple of 8 as image models produce. */
export function sizeFromRatio(ratio: string, area: number): { width: number; height: number } {
  const [a, b] = ratio.split(':').map(Number)
  const w = Math.sqrt((area * a) / b)
  const round8 = (x: number) => Math.max(8, Math.round(x / 8) * 8)
  return fitSide(round8(w), round8((w * b) / a))
}

/** Registers a result file; `bytes` may be ready or made on first download. */
export function storeImage(
  ctx: SandboxContext,
  req: SandboxRequest,
  format: ImageFormat,
  load: () => Promise<Buffer>
): StoredFile {
  return ctx.files.put({
    id: ctx.ids.alnum(24),
    ext: EXT[format],
    contentType: CONTENT_TYPES[format],
    owner: req.account.key,
    faults: req.resultFaults.map((f) => ({ ...f })),
    load
  })
}

export function urlFor(ctx: SandboxContext, req: SandboxRequest, file: StoredFile): string {
  return ctx.files.url(file, { expired: req.faults.has('expired-url') })
}

/** Synchronous image routes take a few seconds of task time, like the real thing. */
export async function generationDelay(ctx: SandboxContext, taskSeconds = 3): Promise<void> {
  const ms = ctx.clock.realDelay(taskSeconds * 1000)
  if (ms >= 1) await sleep(ms)
}

/** The first image of an edit or reference, from any of the shapes the JSON form allows. */
export async function imageFromJson(ctx: SandboxContext, v: unknown): Promise<Buffer | null> {
  if (Array.isArray(v)) return v.length ? imageFromJson(ctx, v[0]) : null
  if (v && typeof v === 'object') {
    const o = v as Record<string, unknown>
    const inner = o.b64_json ?? o.url ?? o.image_url ?? o.data
    if (inner && typeof inner === 'object') return imageFromJson(ctx, (inner as Record<string, unknown>).url)
    return imageFromJson(ctx, inner)
  }
  if (typeof v !== 'string' || v === '') return null
  const data = /^data:[^;,]+;base64,(.*)$/s.exec(v)
  if (data) return Buffer.from(data[1], 'base64')
  if (/^https?:\/\//i.test(v)) return fetchLoopback(ctx, v)
  return Buffer.from(v, 'base64')
}

/** Our own result URLs resolve locally; other loopback URLs are fetched; the rest cannot be reached offline. */
async function fetchLoopback(ctx: SandboxContext, url: string): Promise<Buffer | null> {
  const u = new URL(url)
  if (url.startsWith(ctx.cdnUrl + '/files/')) {
    const q: Record<string, string> = {}
    u.searchParams.forEach((val, k) => (q[k] = val))
    const check = ctx.files.check(u.pathname, q)
    return check.ok ? ctx.files.bytes(check.file) : null
  }
  if (u.hostname !== '127.0.0.1' && u.hostname !== 'localhost' && u.hostname !== '[::1]') return null
  try {
    const res = await fetch(url, { redirect: 'error', signal: AbortSignal.timeout(10_000) })
    return res.ok ? Buffer.from(await res.arrayBuffer()) : null
  } catch {
    return null
  }
}
