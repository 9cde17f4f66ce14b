import { createHash } from 'node:crypto'

/** A 32-bit hash of any parts, so every synthetic value can be derived from (seed, inputs) alone. */
export function hash32(...parts: Array<string | number | undefined | null>): number {
  const h = createHash('sha256')
  for (const p of parts) h.update(String(p ?? '')).update('\u0000')
  return h.digest().readUInt32BE(0)
}

export function sha256Hex(data: string | Buffer): string {
  return createHash('sha256').update(data).digest('hex')
}

/** mulberry32: tiny, fast and good enough for synthetic data; never used for secrets. */
export function prng(seed: number): () => number {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

const ALNUM = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789'
const HEX = '0123456789abcdef'

/** Sequential id source: the same seed and the same request order give the same ids. */
export class IdSource {
  private n = 0
  constructor(private readonly seed: number) {}

  private next(): () => number {
    this.n += 1
    return prng(hash32(this.seed, 'id', this.n))
  }

  alnum(len: number): string {
    const r = this.next()
    let s = ''
    for (let i = 0; i < len; i++) s += ALNUM[Math.floor(r() * ALNUM.length)]
    return s
  }

  hex(len: number): string {
    const r = this.next()
    let s = ''
    for (let i = 0; i < len; i++) s += HEX[Math.floor(r() * 16)]
    return s
  }

  uuid(): string {
    const h = this.hex(32)
    return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-a${h.slice(17, 20)}-${h.slice(20, 32)}`
  }

  /** A decimal id such as vendors' numeric task ids; never starts with 0. */
  digits(len: number): string {
    const r = this.next()
    let s = String(1 + Math.floor(r() * 9))
    for (let i = 1; i < len; i++) s += String(Math.floor(r() * 10))
    return s
  }

  int(max: number): number {
    return Math.floor(this.next()() * max)
  }
}
