import { randomBytes } from 'node:crypto'
import { open, readdir, rename, rm, unlink } from 'node:fs/promises'
import { join } from 'node:path'

/**
 * Writes a whole file so a crash leaves either the old or the new content, never a mix: temp file
 * in the same directory, fsync, rename. Mode 0600 because conversations are private.
 */
export async function writeFileAtomic(path: string, data: string): Promise<void> {
  const tmp = `${path}.tmp-${process.pid}-${randomBytes(4).toString('hex')}`
  const fh = await open(tmp, 'w', 0o600)
  try {
    await fh.writeFile(data, 'utf8')
    await fh.sync()
  } catch (e) {
    await fh.close().catch(() => {})
    await unlink(tmp).catch(() => {})
    throw e
  }
  await fh.close()
  try {
    await rename(tmp, path)
  } catch (e) {
    await unlink(tmp).catch(() => {})
    throw e
  }
}

interface Slot {
  next: string | null
  waiters: Array<{ resolve(): void; reject(e: unknown): void }>
  running: Promise<void> | null
}

/**
 * Serialises writes per file and coalesces bursts: while one write runs, only the newest pending
 * content is kept, so a fast stream of checkpoints costs at most two writes in flight per file.
 */
export class AtomicWriter {
  private readonly slots = new Map<string, Slot>()

  constructor(private readonly write: (path: string, data: string) => Promise<void> = writeFileAtomic) {}

  /** Resolves once this content (or newer) is durable on disk. */
  save(path: string, data: string): Promise<void> {
    let slot = this.slots.get(path)
    if (!slot) {
      slot = { next: null, waiters: [], running: null }
      this.slots.set(path, slot)
    }
    slot.next = data
    const p = new Promise<void>((resolve, reject) => slot.waiters.push({ resolve, reject }))
    if (!slot.running) slot.running = this.pump(path, slot)
    return p
  }

  /** Resolves when no write of this file is pending (before deleting it, say). */
  async settled(path: string): Promise<void> {
    await this.slots.get(path)?.running
  }

  async flush(): Promise<void> {
    await Promise.all([...this.slots.values()].map((s) => s.running))
  }

  private async pump(path: string, slot: Slot): Promise<void> {
    while (slot.next !== null) {
      const data = slot.next
      const waiters = slot.waiters
      slot.next = null
      slot.waiters = []
      try {
        await this.write(path, data)
        for (const w of waiters) w.resolve()
      } catch (e) {
        for (const w of waiters) w.reject(e)
      }
    }
    slot.running = null
    this.slots.delete(path)
  }
}

/**
 * Temp files of atomic writes cut off by a crash (a SIGKILL between write and rename). The real
 * file is intact; the temp is debris (SECURITY.md §6.3). Only at start, before any writer runs.
 */
export async function removeTempLeftovers(dir: string): Promise<void> {
  const names = await readdir(dir).catch(() => [] as string[])
  await Promise.all(names.filter((n) => /\.tmp-\d+-[0-9a-f]+$/.test(n)).map((n) => rm(join(dir, n), { force: true })))
}
