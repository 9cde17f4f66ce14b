import { access, open, opendir, rm, stat } from 'node:fs/promises'
import { join } from 'node:path'
import { magicFormat, sniffImage } from '@shared/media/sniff'
import type { Library } from '../store/library-db'
import type { StoredItem } from './gallery-index'
import { putItem } from './gallery-table'

/**
 * The gallery's repair pass against its folder, run after the studio is ready rather than at start
 * (its cost grows with the library: G3): leftovers of writes a crash cut off are removed, rows whose
 * file is gone are dropped, and result files without a row are added back without their prompts.
 * It works in bounded batches and yields between them, so the host keeps answering the page.
 *
 * Only what the previous sessions left is touched: a file this session made (a download under
 * way, a result whose row is about to be written) is stamped after `since` or carries an id this
 * session handed out.
 */

export interface ReconcileDeps {
  lib: Library
  dir: string
  /** mtime (same clock as the file system's) at which this session opened the gallery. */
  since: number
  /** Ids this session handed out: their files are this session's work, never leftovers. */
  issued: (id: string) => boolean
  signal: AbortSignal
  batch?: number
}

export interface ReconcileResult {
  leftovers: number
  /** Ids of rows dropped because their file is gone. */
  missing: string[]
  /** Ids of files added back. */
  adopted: string[]
}

const ORPHAN = /^([A-Za-z0-9_-]{1,64})\.(png|jpg|webp)$/
const BATCH = 500

const pause = () => new Promise<void>((resolve) => setImmediate(resolve))

function stem(name: string): string {
  const dot = name.indexOf('.')
  return dot < 0 ? name : name.slice(0, dot)
}

export async function reconcileGallery(d: ReconcileDeps): Promise<ReconcileResult> {
  const batch = d.batch ?? BATCH
  const out: ReconcileResult = { leftovers: 0, missing: [], adopted: [] }
  const older = async (name: string): Promise<boolean> => {
    if (d.issued(stem(name))) return false
    const info = await stat(join(d.dir, name)).catch(() => null)
    // Equal stamps (the same clock tick) count as older: a crash's leftovers must never survive the check.
    return !!info && info.mtimeMs <= d.since
  }

  // 1. The folder, streamed: leftovers removed, the rest remembered as candidates for step 3.
  const names = new Set<string>()
  let n = 0
  for await (const entry of await opendir(d.dir, { bufferSize: 128 })) {
    if (d.signal.aborted) return out
    const name = entry.name
    if (name.endsWith('.part') || name.includes('.tmp-')) {
      // Leftovers of a download or write cut off by a crash are never results (SECURITY.md §6.3).
      if (await older(name)) {
        await rm(join(d.dir, name), { force: true })
        out.leftovers++
      }
    } else if (entry.isFile()) names.add(name)
    if (++n % batch === 0) await pause()
  }

  // 2. The rows, by rowid in batches: each file a row names is known; a row whose file is gone is dropped.
  let last = 0
  for (;;) {
    if (d.signal.aborted) return out
    const rows = d.lib.all<{
      rowid: number
      id: string
      file: string
      mask_file: string | null
      source_file: string | null
    }>(
      'SELECT rowid, id, file, mask_file, source_file FROM gallery WHERE rowid > ? ORDER BY rowid LIMIT ?',
      last,
      batch
    )
    if (rows.length === 0) break
    last = rows[rows.length - 1].rowid
    const gone: Array<{ id: string; file: string }> = []
    for (const row of rows) {
      const listed = names.delete(row.file)
      for (const f of [row.mask_file, row.source_file]) if (f) names.delete(f)
      // A file made after the listing is not in `names`: ask the disk before calling it missing.
      if (!listed && !(await exists(join(d.dir, row.file)))) gone.push(row)
    }
    if (gone.length) {
      d.lib.tx(() => {
        for (const g of gone)
          if (d.lib.run('DELETE FROM gallery WHERE id = ? AND file = ?', g.id, g.file).changes) out.missing.push(g.id)
      })
    }
    await pause()
  }

  // 3. What is left of the folder is named by no row: result files become items again.
  for (const name of names) {
    if (d.signal.aborted) return out
    const m = ORPHAN.exec(name)
    if (!m || !(await older(name))) continue
    const item = await recovered(d.dir, name, m[1])
    if (!item) continue
    const added = d.lib.tx(() => {
      // The session may have written its row meanwhile; an item with its prompt is never overwritten.
      if (
        d.lib.get(
          'SELECT 1 FROM gallery WHERE id = ? OR file = ? OR mask_file = ? OR source_file = ? LIMIT 1',
          item.id,
          name,
          name,
          name
        )
      )
        return false
      putItem(d.lib, item)
      return true
    })
    if (added) out.adopted.push(item.id)
  }
  return out
}

async function exists(path: string): Promise<boolean> {
  return access(path).then(
    () => true,
    () => false
  )
}

/** A result file's item without its prompt, or null when the file is not a whole image. */
async function recovered(dir: string, name: string, id: string): Promise<StoredItem | null> {
  const path = join(dir, name)
  const head = await readHead(path).catch(() => null)
  if (!head) return null
  const image = sniffImage(head)
  if (!image || image.format === 'gif' || image.format !== magicFormat(head)) return null
  const info = await stat(path)
  return {
    id,
    file: name,
    width: image.width,
    height: image.height,
    format: image.format,
    bytes: info.size,
    createdAt: info.mtimeMs,
    origin: 'generate',
    profileId: '',
    model: 'unknown',
    prompt: '',
    params: { recovered: true },
    favorite: false
  }
}

async function readHead(path: string): Promise<Uint8Array> {
  const fh = await open(path, 'r')
  try {
    const buf = new Uint8Array(256 * 1024)
    const { bytesRead } = await fh.read(buf, 0, buf.byteLength, 0)
    return buf.subarray(0, bytesRead)
  } finally {
    await fh.close()
  }
}
