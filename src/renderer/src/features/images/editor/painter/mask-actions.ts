/**
 * The whole-mask actions that take a moment: grow and shrink, import a mask PNG, the source's
 * transparency, export. Each ends in ONE history op (so undo takes it back whole) or in a notice
 * saying why nothing changed; none leaves the painter half-changed.
 */
import { downloadUrl } from '@renderer/lib/download'
import type { EditorSource } from '../../images-ui-store'
import { mayHavePaint, type MaskOp, type RunsOp } from '../model/mask-model'
import { usePainterStore, type PainterNotice } from '../state/painter-store'
import { maskExport } from '../worker/mask-export'
import { maskWork } from '../worker/mask-work'

const store = () => usePainterStore.getState()
const notice = (tone: PainterNotice['tone'], key: string, values?: PainterNotice['values']) =>
  store().setNotice({ tone, key, values })

/**
 * Runs `work` on the current ops and commits its op only if the mask did not change meanwhile
 * (a stroke drawn during a grow would otherwise vanish under its result).
 */
async function whole(work: (ops: readonly MaskOp[]) => Promise<RunsOp | null>): Promise<void> {
  if (store().busy) return
  const before = store().history.ops
  store().setBusy(true)
  store().setNotice(null)
  try {
    const op = await work(before)
    if (!op) return
    if (store().history.ops !== before) return notice('error', 'changed')
    store().commit(op)
  } catch (err) {
    notice('error', 'failed', { message: err instanceof Error ? err.message : String(err) })
  } finally {
    store().setBusy(false)
  }
}

/** Grows (direction 1) or shrinks (-1) the mask by the toolbar's amount. */
export function morphMask(source: EditorSource, direction: 1 | -1): Promise<void> {
  const n = store().amount
  if (n <= 0) {
    notice('error', 'amountZero')
    return Promise.resolve()
  }
  return whole(async (ops) => {
    const op = await maskWork.morph(ops, source.width, source.height, direction * n)
    notice('info', direction > 0 ? 'grown' : 'shrunk', { amount: n })
    return op
  })
}

const isPng = (file: Blob) => file.type === 'image/png'

/**
 * Reads a mask PNG (alpha or luminance, as the toolbar says), scaled to the source's size, and
 * adds it to the mask (or cuts it out, in subtract mode), as a selection would.
 */
export function importMaskFile(file: Blob & { name?: string }, source: EditorSource): Promise<void> {
  const name = file.name ?? 'mask.png'
  // Checked before anything is decoded: a JPEG has no alpha, and a renamed file is not a mask.
  if (!isPng(file)) {
    notice('error', 'notPng', { name, type: file.type || 'unknown' })
    return Promise.resolve()
  }
  return whole(async (ops) => {
    const decoded = await maskWork.decode(file).catch(() => null)
    if (!decoded) {
      notice('error', 'unreadable', { name })
      return null
    }
    const from = `${decoded.width}×${decoded.height}`
    const { op, channel } = await maskWork.fromImage(
      decoded.image,
      store().channel,
      source.width,
      source.height,
      'import',
      { ops, mode: store().selectMode }
    )
    const want = `${source.width}×${source.height}`
    if (from !== want) notice('info', 'scaled', { got: from, want, channel })
    else notice('info', 'imported', { name, channel })
    return op
  })
}

/** Decodes the source as it is stored (the file the page holds, or the gallery image). */
async function sourceImage(source: EditorSource): Promise<Blob | HTMLImageElement> {
  if (source.local) return source.local
  const img = new Image()
  img.decoding = 'async'
  img.src = source.url
  await img.decode()
  return img
}

/**
 * The source's own transparent pixels (the gateway's convention for edits without a mask), added
 * to or cut from the mask as the selection mode says, like an import.
 */
export function maskFromTransparency(source: EditorSource): Promise<void> {
  return whole(async (ops) => {
    const decoded = await sourceImage(source)
      .then((img) => maskWork.decode(img))
      .catch(() => null)
    if (!decoded) {
      notice('error', 'sourceUnreadable')
      return null
    }
    const { op, empty } = await maskWork.fromImage(
      decoded.image,
      'alpha',
      source.width,
      source.height,
      'transparency',
      { ops, mode: store().selectMode }
    )
    if (empty) {
      notice('info', 'noTransparency')
      return null
    }
    notice('info', 'fromTransparency')
    return op
  })
}

/** Saves the mask exactly as it would be sent: the source's size, binary alpha. */
export async function exportMaskFile(source: EditorSource): Promise<void> {
  const ops = store().history.ops
  if (!mayHavePaint(ops)) return notice('error', 'nothingToExport')
  try {
    const mask = await maskExport.run(ops, source.width, source.height)
    const name = `mask-${mask.width}x${mask.height}.png`
    const url = URL.createObjectURL(mask.blob)
    downloadUrl(url, name)
    setTimeout(() => URL.revokeObjectURL(url), 1000)
    notice('info', 'exported', { name })
  } catch (err) {
    notice('error', 'failed', { message: err instanceof Error ? err.message : String(err) })
  }
}
