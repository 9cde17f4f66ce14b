import { createHmac } from 'node:crypto'
import type { SandboxClock } from './clock.js'
import type { Fault } from './faults.js'

/** A result the "CDN" origin serves: bytes made on demand, owned by the key that paid for them. */
export interface StoredFile {
  id: string
  ext: string
  contentType: string
  owner: string | null
  /** Faults scoped `result:` on the request that produced this file; they apply to its downloads. */
  faults: Fault[]
  load(): Promise<Buffer>
}

export type UrlCheck = { ok: true; file: StoredFile } | { ok: false; status: 403 | 404; code: string; message: string }

/**
 * Result files with signed, expiring URLs, like a vendor CDN's presigned links. Expiry is measured in
 * wall time, from a lifetime given in task time (so it shrinks with speed).
 */
/** Benchmarks make many results: old objects expire from the store like a CDN's lifecycle rule. */
const MAX_FILES = 10_000
const MAX_CACHED = 64

export class FileStore {
  private readonly files = new Map<string, StoredFile>()
  private readonly cache = new Map<string, Promise<Buffer>>()
  cdnUrl = ''

  constructor(
    private readonly clock: SandboxClock,
    private readonly secret: string,
    private readonly ttlTaskSeconds: number
  ) {}

  put(file: StoredFile): StoredFile {
    this.files.set(file.id, file)
    if (this.files.size > MAX_FILES) {
      const oldest = this.files.keys().next().value as string
      this.files.delete(oldest)
      this.cache.delete(oldest)
    }
    return file
  }

  get(id: string): StoredFile | undefined {
    return this.files.get(id)
  }

  /** Bytes are made once and cached; the media functions are deterministic, so this is only a speed-up. */
  bytes(file: StoredFile): Promise<Buffer> {
    let p = this.cache.get(file.id)
    if (!p) {
      p = file.load()
      this.cache.set(file.id, p)
      if (this.cache.size > MAX_CACHED) this.cache.delete(this.cache.keys().next().value as string)
      p.catch(() => this.cache.delete(file.id))
    }
    return p
  }

  /** Wall-clock Unix seconds at which a URL made now expires. */
  expiryFromNow(): number {
    return Math.floor((this.clock.wallMs() + this.clock.realDelay(this.ttlTaskSeconds * 1000)) / 1000)
  }

  url(file: StoredFile, opts: { expired?: boolean } = {}): string {
    const expires = opts.expired ? this.clock.wallSec() - 60 : this.expiryFromNow()
    const sig = this.sign(file.id, expires)
    return `${this.cdnUrl}/files/${file.id}.${file.ext}?expires=${expires}&sig=${sig}`
  }

  check(pathName: string, query: Record<string, string>): UrlCheck {
    const m = /^\/files\/([A-Za-z0-9_-]+)\.[a-z0-9]+$/.exec(pathName)
    const file = m ? this.files.get(m[1]) : undefined
    if (!file) return { ok: false, status: 404, code: 'NoSuchKey', message: 'The specified key does not exist.' }
    const expires = Number(query.expires)
    if (!Number.isFinite(expires) || query.sig !== this.sign(file.id, expires)) {
      return {
        ok: false,
        status: 403,
        code: 'SignatureDoesNotMatch',
        message: 'The request signature we calculated does not match.'
      }
    }
    if (this.clock.wallMs() >= expires * 1000) {
      return { ok: false, status: 403, code: 'AccessDenied', message: 'Request has expired' }
    }
    return { ok: true, file }
  }

  private sign(id: string, expires: number): string {
    return createHmac('sha256', this.secret).update(`${id}:${expires}`).digest('hex').slice(0, 32)
  }
}
