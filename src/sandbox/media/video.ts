import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { portraitOf } from './portrait'
import { resolveResourcesDir } from './resources'

/**
 * Real H.264 MP4s (320x180, 2 s) shipped in resources/sandbox/; see its README for how they
 * were made. A fixed list rather than a directory scan, so seed -> sample never depends on
 * what else happens to sit in the folder.
 */
export const SAMPLE_VIDEOS = ['sample-1.mp4', 'sample-2.mp4', 'sample-3.mp4'] as const

// Keyed by absolute path so an override directory does not collide with the default one.
// Holds the promise, so concurrent first calls share a single read.
const cache = new Map<string, Promise<Buffer>>()

/** Which sample a seed picks: plain modulo, so seeds 0, 1, 2 are guaranteed to differ. */
export function sampleVideoIndex(seed: number): number {
  const n = SAMPLE_VIDEOS.length
  const s = Number.isFinite(seed) ? Math.trunc(seed) : 0
  return ((s % n) + n) % n
}

/**
 * A small real MP4 chosen deterministically by seed; `portrait` turns it upright (9:16, see
 * portrait.ts). Returns a copy, so callers may mutate it freely.
 */
export async function sampleVideo(
  seed: number,
  opts: { resourcesDir?: string; portrait?: boolean } = {}
): Promise<Buffer> {
  const file = join(resolveResourcesDir(opts.resourcesDir), 'sandbox', SAMPLE_VIDEOS[sampleVideoIndex(seed)])
  let pending = cache.get(file)
  if (!pending) {
    pending = load(file)
    cache.set(file, pending)
    // A failed read (say, resources not installed yet) must not poison the cache for later calls.
    pending.catch(() => cache.delete(file))
  }
  return opts.portrait ? portraitOf(await pending) : Buffer.from(await pending)
}

async function load(file: string): Promise<Buffer> {
  const bytes = await readFile(file)
  // A sample that is not an ISO-BMFF file (e.g. a Git LFS pointer checked out by mistake) would
  // be served as video/mp4 and fail far from here; catch it at the source.
  if (bytes.length < 12 || bytes.toString('latin1', 4, 8) !== 'ftyp') {
    throw new Error(`${file} is not an MP4 (no 'ftyp' box at offset 4)`)
  }
  return bytes
}
