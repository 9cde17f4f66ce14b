import { constants, openAsBlob } from 'node:fs'
import { lstat, mkdir, open, realpath, rm } from 'node:fs/promises'
import { basename, isAbsolute, join, relative, resolve, sep } from 'node:path'
import { FILE_RULES, type FileGrant, type FilePurpose } from '@shared/domain/files'
import { isOpaqueId, newOpaqueId } from './ids'
import { checkSize, displayName, inspectImage, uploadNameFor } from './inspect'
import type { MediaLibrary } from './media'
import { changed, insideDataDir, interrupted, notAFile, tooLarge, tooMany, unknownFile, unreadable } from './refusals'

export interface FileGrantsOptions {
  /** The studio's data dir: nothing inside it may be granted (stores, secrets, logs). */
  dataDir: string
  /** Where uploads are written; `<dataDir>/uploads` by default. Emptied when the table opens. */
  uploadsDir?: string
  /** Every grant gets a preview URL from here. */
  media: MediaLibrary
  maxLiveGrants?: number
  maxUploadBytes?: number
}

/** What host code (gateway clients) gets for a grant; the page only ever sees `grant`. */
export interface GrantedFile {
  grant: FileGrant
  /** The real path (symlinks resolved), re-checked before every read. */
  path: string
  purpose: FilePurpose
  /** The name to put in a multipart part: its extension matches the real content type. */
  uploadName: string
}

interface Entry extends GrantedFile {
  mediaId: string
  /** An upload the studio wrote itself: deleted on release. */
  owned: boolean
  size: number
  mtimeMs: number
  /** Device and inode at grant time: every later open must find the same file. */
  dev: number
  ino: number
}

export type UploadSource = Uint8Array | AsyncIterable<Uint8Array>

// No O_NOFOLLOW/O_NONBLOCK on Windows; there the lstat + realpath checks stand alone.
const OPEN_FLAGS = constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0) | (constants.O_NONBLOCK ?? 0)
const CASE_INSENSITIVE = process.platform === 'win32' || process.platform === 'darwin'

/**
 * The grant table (SECURITY.md D2/D3): the page knows a file only by an unguessable id; the
 * host keeps `{id -> real path, size, type}` and validates each file before granting it: a regular
 * file, outside the data dir, within the purpose's size limit, and by its content an accepted image.
 */
export class FileGrants {
  private readonly entries = new Map<string, Entry>()
  private readonly roots: string[]
  private readonly uploadsDir: string
  private readonly media: MediaLibrary
  private readonly maxLive: number
  private readonly maxUploadBytes: number

  private constructor(opts: FileGrantsOptions, realDataDir: string) {
    this.roots = [resolve(opts.dataDir), realDataDir]
    this.uploadsDir = opts.uploadsDir ?? join(opts.dataDir, 'uploads')
    this.media = opts.media
    this.maxLive = opts.maxLiveGrants ?? 1000
    this.maxUploadBytes = opts.maxUploadBytes ?? 2 * 1024 * 1024 * 1024
  }

  /** Opens the table and empties the uploads dir: grants do not outlive the process, so neither do their copies. */
  static async open(opts: FileGrantsOptions): Promise<FileGrants> {
    const realDataDir = await realpath(opts.dataDir)
    const grants = new FileGrants(opts, realDataDir)
    await rm(grants.uploadsDir, { recursive: true, force: true })
    await mkdir(grants.uploadsDir, { recursive: true, mode: 0o700 })
    return grants
  }

  /** A file on disk the user chose (dialog, or a drop in Electron). */
  async grantPath(path: string, purpose: FilePurpose): Promise<FileGrant> {
    if (typeof path !== 'string' || path === '' || path.includes('\0') || !isAbsolute(path)) throw unreadable('file')
    const name = displayName(basename(path), 'file')
    let real: string
    try {
      const link = await lstat(path)
      if (!link.isFile() && !link.isSymbolicLink()) throw notAFile(name)
      real = await realpath(path)
    } catch (e) {
      throw isRefusal(e) ? e : unreadable(name, e)
    }
    // Both forms: a symlink (or a path spelled through one) must not reach into the data dir.
    if (this.insideDataDir(resolve(path)) || this.insideDataDir(real)) throw insideDataDir(name)
    this.checkCapacity(0)
    return this.admit(real, name, purpose, false, newOpaqueId())
  }

  /**
   * Bytes without a file behind them (a paste, a generated blob, a browser upload), streamed to
   * `<uploads>/<id>`. The limit is enforced while streaming, so an endless body stops at the limit.
   */
  async grantUpload(source: UploadSource, rawName: string, purpose: FilePurpose): Promise<FileGrant> {
    const name = displayName(rawName, 'pasted image')
    const limit = FILE_RULES[purpose].maxBytes
    this.checkCapacity(limit)
    const id = newOpaqueId()
    const path = join(this.uploadsDir, id)
    try {
      const out = await open(path, 'wx', 0o600)
      let written = 0
      try {
        for await (const chunk of chunksOf(source, name)) {
          written += chunk.byteLength
          if (written > limit) throw tooLarge(name, written, purpose, true)
          await out.writeFile(chunk)
        }
      } finally {
        await out.close()
      }
      return await this.admit(path, name, purpose, true, id)
    } catch (e) {
      await rm(path, { force: true })
      throw e
    }
  }

  /** The grant behind an id; anything else (unknown, released, a path, `..`) is NOT_FOUND. */
  get(fileId: unknown): GrantedFile {
    const entry = this.entryOf(fileId)
    return { grant: entry.grant, path: entry.path, purpose: entry.purpose, uploadName: entry.uploadName }
  }

  /** A Blob that streams from disk (for FormData uploads: no 50 MB buffer in memory, PERFORMANCE B2). */
  async openAsBlob(fileId: unknown): Promise<Blob> {
    const entry = await this.current(fileId)
    return openAsBlob(entry.path, { type: entry.grant.mimeType })
  }

  async readBytes(fileId: unknown): Promise<Uint8Array> {
    const entry = await this.current(fileId)
    // Read through a handle opened without following links and checked again, so nothing is swapped in between.
    const file = await open(entry.path, OPEN_FLAGS).catch((e: unknown) =>
      Promise.reject(unreadable(entry.grant.name, e))
    )
    try {
      const info = await file.stat()
      if (!sameFile(entry, info)) throw changed(entry.grant.name)
      const bytes = new Uint8Array(
        await file.readFile().catch((e: unknown) => Promise.reject(unreadable(entry.grant.name, e)))
      )
      if (bytes.byteLength !== entry.size) throw changed(entry.grant.name)
      return bytes
    } finally {
      await file.close()
    }
  }

  /**
   * Copies the granted file to `dest` (created new, 0600) through a handle opened without following
   * links and without waiting (a FIFO swapped in is refused, never read), after checking on that
   * handle that it is the file that was granted: device, inode, size and modification time. The copy
   * must hold exactly the granted size and the file must be unchanged after it, so bytes written
   * while copying are refused too. Refusals are the grant's own (`changed`, `unreadable`); a
   * refused copy is removed.
   */
  async copyTo(fileId: unknown, dest: string): Promise<void> {
    const entry = await this.current(fileId)
    const name = entry.grant.name
    const file = await open(entry.path, OPEN_FLAGS).catch((e: unknown) => Promise.reject(unreadable(name, e)))
    try {
      if (!sameFile(entry, await file.stat())) throw changed(name)
      const out = await open(dest, 'wx', 0o600)
      try {
        const buf = Buffer.allocUnsafe(1024 * 1024)
        let copied = 0
        for (;;) {
          // One byte more than granted is enough to know the file grew.
          const want = Math.min(buf.byteLength, entry.size + 1 - copied)
          if (want <= 0) throw changed(name)
          const { bytesRead } = await file
            .read(buf, 0, want, copied)
            .catch((e: unknown) => Promise.reject(unreadable(name, e)))
          if (bytesRead === 0) break
          await out.write(buf, 0, bytesRead)
          copied += bytesRead
        }
        if (copied !== entry.size || !sameFile(entry, await file.stat())) throw changed(name)
        await out.sync()
      } catch (e) {
        await out.close().catch(() => {})
        await rm(dest, { force: true })
        throw e
      }
      await out.close()
    } finally {
      await file.close()
    }
  }

  async release(fileId: unknown): Promise<void> {
    const entry = this.entryOf(fileId)
    this.entries.delete(entry.grant.fileId)
    this.media.unregister(entry.mediaId)
    if (entry.owned) await rm(entry.path, { force: true })
  }

  async dispose(): Promise<void> {
    for (const id of [...this.entries.keys()]) await this.release(id)
  }

  get liveCount(): number {
    return this.entries.size
  }

  private entryOf(fileId: unknown): Entry {
    const entry = isOpaqueId(fileId) ? this.entries.get(fileId) : undefined
    if (!entry) throw unknownFile()
    return entry
  }

  /** Opens without following links, validates on the open handle (no swap between check and read), registers. */
  private async admit(
    path: string,
    name: string,
    purpose: FilePurpose,
    owned: boolean,
    fileId: string
  ): Promise<FileGrant> {
    let file
    try {
      file = await open(path, OPEN_FLAGS)
    } catch (e) {
      throw unreadable(name, e)
    }
    try {
      const info = await file.stat()
      if (!info.isFile()) throw notAFile(name)
      checkSize(info.size, name, purpose)
      const image = await inspectImage(file, info.size, name, purpose)
      const mediaId = this.media.register(path, image.mimeType, { dev: info.dev, ino: info.ino })
      const grant: FileGrant = {
        fileId,
        name,
        bytes: info.size,
        mimeType: image.mimeType,
        width: image.width,
        height: image.height,
        previewUrl: this.media.urlFor(mediaId)
      }
      const uploadName = uploadNameFor(name, image.format)
      this.entries.set(fileId, {
        grant,
        path,
        purpose,
        uploadName,
        mediaId,
        owned,
        size: info.size,
        mtimeMs: info.mtimeMs,
        dev: info.dev,
        ino: info.ino
      })
      return grant
    } finally {
      await file.close()
    }
  }

  /** The entry, after checking the file is still the one that was validated. */
  private async current(fileId: unknown): Promise<Entry> {
    const entry = this.entryOf(fileId)
    // lstat: a symlink put where the file was is a change, not something to follow.
    const info = await lstat(entry.path).catch((e: unknown) => Promise.reject(unreadable(entry.grant.name, e)))
    if (!sameFile(entry, info)) throw changed(entry.grant.name)
    return entry
  }

  private insideDataDir(candidate: string): boolean {
    const fold = (p: string) => (CASE_INSENSITIVE ? p.toLowerCase() : p)
    return this.roots.some((root) => {
      const rel = relative(fold(root), fold(candidate))
      // `..x` is a name inside the root; only `..` itself or `../…` leaves it.
      return rel === '' || (rel !== '..' && !rel.startsWith(`..${sep}`) && !isAbsolute(rel))
    })
  }

  private checkCapacity(incoming: number): void {
    if (this.entries.size >= this.maxLive) throw tooMany(this.maxLive)
    let owned = 0
    for (const e of this.entries.values()) if (e.owned) owned += e.size
    if (owned + incoming > this.maxUploadBytes) throw tooMany(this.maxLive, this.maxUploadBytes)
  }
}

/** The file validated at grant time: same device and inode, a regular file, same size and time. */
function sameFile(
  entry: Entry,
  info: { isFile(): boolean; dev: number; ino: number; size: number; mtimeMs: number }
): boolean {
  return (
    info.isFile() &&
    info.dev === entry.dev &&
    info.ino === entry.ino &&
    info.size === entry.size &&
    info.mtimeMs === entry.mtimeMs
  )
}

function isRefusal(e: unknown): boolean {
  return typeof e === 'object' && e !== null && (e as { field?: unknown }).field === 'file'
}

/** Normalises the source to chunks; a source that fails mid-way (client gone) is an interruption, not a host bug. */
async function* chunksOf(source: UploadSource, name: string): AsyncGenerator<Uint8Array> {
  if (source instanceof Uint8Array) {
    yield source
    return
  }
  try {
    for await (const chunk of source) yield chunk
  } catch {
    throw interrupted(name)
  }
}
