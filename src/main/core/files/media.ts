import { isAbsolute } from 'node:path'
import { StudioError } from '@shared/errors'
import { isOpaqueId, newOpaqueId } from './ids'

export interface MediaEntry {
  /** Absolute, registered by the host itself (a grant's real path, a library file). */
  path: string
  /** From the file's content; served as-is with nosniff. */
  mimeType: string
  /**
   * Device and inode recorded when a file the user picked was granted: the preview is served only
   * while the path still names that same file (a file swapped in behind it is refused).
   */
  identity?: FileIdentity
}

export interface FileIdentity {
  dev: number
  ino: number
}

/** What the shells' media routes need: an id to a file, or nothing. */
export interface MediaSource {
  resolve(mediaId: unknown): MediaEntry | null
}

const MIME = /^[a-z]+\/[a-z0-9.+-]+$/

/**
 * The media table behind `studio-media://m/<id>` (Electron) and `/media/<id>` (browser host): the
 * page displays images and videos by URL, never as base64 over the bridge (PERFORMANCE B1), and
 * never learns a path (SECURITY.md D4). Ids are random, so a URL is a capability that only
 * the host hands out. In memory on purpose: the gallery keeps its own index and registers its
 * files again at start.
 */
export class MediaLibrary implements MediaSource {
  private readonly entries = new Map<string, MediaEntry>()

  /** `studio-media://m/` in Electron, `/media/` in the browser host. */
  constructor(private readonly urlPrefix: string) {}

  register(path: string, mimeType: string, identity?: FileIdentity): string {
    // Programming errors, not user errors: only host code registers.
    if (!isAbsolute(path) || path.includes('\0')) throw new Error('MediaLibrary.register needs an absolute path')
    if (!MIME.test(mimeType))
      throw new Error(`MediaLibrary.register got an odd content type ${JSON.stringify(mimeType)}`)
    const id = newOpaqueId()
    this.entries.set(id, identity ? { path, mimeType, identity } : { path, mimeType })
    return id
  }

  unregister(mediaId: string): void {
    this.entries.delete(mediaId)
  }

  urlFor(mediaId: string): string {
    if (!this.entries.has(mediaId)) throw new StudioError('NOT_FOUND', 'That media item is no longer available')
    return this.urlPrefix + mediaId
  }

  /** Anything that is not exactly a live id (a path, `..`, an encoded slash) finds nothing. */
  resolve(mediaId: unknown): MediaEntry | null {
    if (!isOpaqueId(mediaId)) return null
    return this.entries.get(mediaId) ?? null
  }

  get size(): number {
    return this.entries.size
  }
}
