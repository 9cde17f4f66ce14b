/**
 * Whole-mask work at the source's full size, pure (the mask worker runs it; so do tests): grow or
 * shrink the current mask, or read a mask from an image's pixels. Each returns one RunsOp for the
 * history, so undo and redo are the same as for a stroke.
 */
import type { MaskOp, RunsOp, SelectionMode } from '../model/mask-model'
import {
  chooseChannel,
  runsFromPixels,
  type MaskChannel,
  type MaskChannelChoice,
  type PixelImage
} from '../runs/mask-import'
import { growRuns, MORPH_MAX, shrinkRuns } from '../runs/mask-morph'
import { maskRuns, packRuns, subtract, union } from '../runs/mask-runs'

/** Grows (by > 0) or shrinks (by < 0) the mask the ops make, by |by| pixels. */
export function morphMask(ops: readonly MaskOp[], width: number, height: number, by: number): RunsOp {
  const n = Math.min(MORPH_MAX, Math.abs(Math.trunc(by)))
  const rows = maskRuns(ops, width, height)
  const out = by > 0 ? growRuns(rows, width, height, n) : shrinkRuns(rows, width, height, n)
  return packRuns(out, width, by > 0 ? 'grow' : 'shrink')
}

export interface ImageMask {
  op: RunsOp
  channel: MaskChannel
  /** The image itself marks nothing (an opaque picture, an all-black mask). */
  empty: boolean
}

/** What an image mask is combined with: the current mask, added to or cut from like a selection. */
export interface MaskBase {
  ops: readonly MaskOp[]
  mode: SelectionMode
}

export function maskFromPixels(
  img: PixelImage,
  choice: MaskChannelChoice,
  width: number,
  height: number,
  source: 'import' | 'transparency',
  base?: MaskBase
): ImageMask {
  const channel = source === 'transparency' ? 'alpha' : chooseChannel(img, choice)
  let rows = runsFromPixels(img, channel, width, height)
  const empty = rows.every((r) => r.length === 0)
  if (base && base.ops.length > 0) {
    const current = maskRuns(base.ops, width, height)
    rows = current.map((r, y) => (base.mode === 'add' ? union(r, rows[y]) : subtract(r, rows[y])))
  }
  return { op: packRuns(rows, width, source), channel, empty }
}

export type MaskWorkRequest =
  | { id: number; type: 'morph'; ops: readonly MaskOp[]; width: number; height: number; by: number }
  | {
      id: number
      type: 'pixels'
      image: ImageBitmap
      choice: MaskChannelChoice
      width: number
      height: number
      source: 'import' | 'transparency'
      base?: MaskBase
    }

export type MaskWorkReply =
  | { id: number; ok: true; op: RunsOp; channel?: MaskChannel; empty?: boolean }
  | { id: number; ok: false; message: string }
