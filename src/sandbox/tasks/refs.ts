import type { SandboxContext } from '../context.js'
import { fail } from '../gate.js'
import { sniffImage } from '../media/index.js'
import type { SandboxRequest } from '../router.js'
import { settle } from './lifecycle.js'

const MAX_REF_BYTES = 50 * 1024 * 1024

/** An asset reference must name an asset of this key that has become Active. */
export function checkAssetRef(req: SandboxRequest, ctx: SandboxContext, ref: string, field: string): void {
  const id = ref.slice('asset://'.length)
  const asset = ctx.tasks
    .all()
    .find((t) => t.family === 'asset' && t.extra.assetId === id && t.owner === req.account.key)
  if (!asset) throw fail(req, `${field}: asset ${id} does not exist`)
  const snap = settle(ctx, asset)
  if (snap.stage !== 'succeeded') throw fail(req, `${field}: asset ${id} is not Active yet`)
}

/**
 * A reference image: a reachable URL, an asset reference, or Base64 (bare or data URL). Inline images
 * are checked for format, size and ratio; URLs cannot be fetched here and are taken as they are.
 */
export function checkImageRef(req: SandboxRequest, ctx: SandboxContext, v: unknown, field: string): void {
  if (typeof v !== 'string' || v === '') throw fail(req, `${field} must be a non-empty string`)
  if (v.startsWith('asset://')) return checkAssetRef(req, ctx, v, field)
  if (/^https?:\/\//i.test(v)) return
  const data = /^data:([^;,]+);base64,(.*)$/s.exec(v)
  const bytes = Buffer.from(data ? data[2] : v, 'base64')
  if (bytes.length > MAX_REF_BYTES) throw fail(req, `${field} must be at most 50 MB`)
  const s = sniffImage(bytes)
  if (!s) throw fail(req, `${field} must be a png, jpeg, jpg or webp image (URL or Base64)`)
  const ratio = s.width / s.height
  if (!(ratio > 1 / 4 && ratio < 4)) throw fail(req, `${field} aspect ratio must be between 1:4 and 4:1`)
}
