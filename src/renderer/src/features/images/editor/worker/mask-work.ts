/**
 * The page's side of whole-mask work: a worker per request (grow, shrink and imports are single
 * actions, not per-frame work), or in the page where there are no workers (tests). Images are
 * decoded here by the browser, without colour conversion or premultiplication so alpha and
 * luminance are read as stored, and handed to the worker as a transferable bitmap.
 */
import type { MaskOp, RunsOp } from '../model/mask-model'
import type { MaskChannel, MaskChannelChoice } from '../runs/mask-import'
import { morphMask, type MaskBase, type MaskWorkReply, type MaskWorkRequest } from './mask-work-core'

type Request = MaskWorkRequest extends infer R ? (R extends MaskWorkRequest ? Omit<R, 'id'> : never) : never

let nextId = 1

function inWorker(
  req: Request,
  transfer: Transferable[] = []
): Promise<{ op: RunsOp; channel?: MaskChannel; empty?: boolean }> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./mask-work.worker.ts', import.meta.url), { type: 'module' })
    const id = nextId++
    worker.onmessage = (e: MessageEvent<MaskWorkReply>) => {
      if (e.data.id !== id) return
      worker.terminate()
      if (e.data.ok) resolve({ op: e.data.op, channel: e.data.channel, empty: e.data.empty })
      else reject(new Error(e.data.message))
    }
    worker.onerror = (e) => {
      worker.terminate()
      reject(new Error(e.message || 'The mask worker failed'))
    }
    worker.postMessage({ ...req, id }, transfer)
  })
}

export interface DecodedImage {
  image: ImageBitmap
  width: number
  height: number
}

/** Decodes an image file for reading its pixels; rejects with the browser's reason when it cannot. */
export async function decodeForMask(from: Blob | HTMLImageElement): Promise<DecodedImage> {
  const image = await createImageBitmap(from, { premultiplyAlpha: 'none', colorSpaceConversion: 'none' })
  return { image, width: image.width, height: image.height }
}

export interface MaskWork {
  morph(ops: readonly MaskOp[], width: number, height: number, by: number): Promise<RunsOp>
  /** The image's mask combined with `base` (added or cut, as the selection mode says). */
  fromImage(
    image: ImageBitmap,
    choice: MaskChannelChoice,
    width: number,
    height: number,
    source: 'import' | 'transparency',
    base?: MaskBase
  ): Promise<{ op: RunsOp; channel: MaskChannel; empty: boolean }>
  decode(from: Blob | HTMLImageElement): Promise<DecodedImage>
}

/** The worker in use; tests (happy-dom has no Worker or image decoder) replace parts of it. */
export const maskWork: MaskWork = {
  morph: async (ops, width, height, by) => {
    if (typeof Worker === 'undefined') return morphMask(ops, width, height, by)
    return (await inWorker({ type: 'morph', ops, width, height, by })).op
  },
  fromImage: async (image, choice, width, height, source, base) => {
    const r = await inWorker({ type: 'pixels', image, choice, width, height, source, base }, [image])
    return { op: r.op, channel: r.channel ?? 'alpha', empty: r.empty ?? r.op.xs.length === 0 }
  },
  decode: decodeForMask
}
