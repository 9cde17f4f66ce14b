import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

/**
 * Image files for the C and B metrics, written once per metric into a temp folder removed
 * afterwards. Built with sharp (already a dependency of the host) so they are real PNGs that the
 * studio's content checks accept, with fixed content so every run measures the same bytes.
 */

export interface FixtureDir {
  dir: string
  close(): void
}

export function fixtureDir(prefix: string): FixtureDir {
  const dir = mkdtempSync(join(tmpdir(), `bench-${prefix}-`))
  return { dir, close: () => rmSync(dir, { recursive: true, force: true }) }
}

/**
 * A 4096² (by default) PNG like a photo's smooth areas plus texture: a gradient with a fine
 * deterministic ripple, so decoding it is real work (not a run of identical rows).
 */
export async function writeEditorSource(path: string, side = 4096): Promise<number> {
  const { default: sharp } = await import('sharp')
  const raw = Buffer.alloc(side * side * 3)
  for (let y = 0; y < side; y++) {
    for (let x = 0; x < side; x++) {
      const i = (y * side + x) * 3
      const ripple = ((x >> 2) ^ (y >> 2)) & 7
      raw[i] = (x >> 4) + ripple
      raw[i + 1] = (y >> 4) + (ripple >> 1)
      raw[i + 2] = 128 + ((x + y) & 31)
    }
  }
  const info = await sharp(raw, { raw: { width: side, height: side, channels: 3 } })
    .png({ compressionLevel: 6 })
    .toFile(path)
  return info.size
}

/**
 * A PNG of about `bytes` (noise does not compress, so the file is ~ its pixel bytes): for the
 * transfer metrics, where the size of the file is what is measured.
 */
export async function writeNoisePng(
  path: string,
  bytes: number
): Promise<{ size: number; width: number; height: number }> {
  const { default: sharp } = await import('sharp')
  // Noise PNGs come out ~5% over their pixel bytes (filter bytes, zlib's stored blocks).
  const side = Math.ceil(Math.sqrt((bytes * 0.95) / 3))
  // One seeded pseudo-random block (xorshift32), repeated at shifting offsets: still incompressible
  // for zlib's 32 KB window, and the same bytes every run.
  const block = Buffer.alloc(1 << 20)
  let x = 0x9e3779b9
  for (let i = 0; i < block.length; i++) {
    x ^= x << 13
    x ^= x >>> 17
    x ^= x << 5
    block[i] = x & 0xff
  }
  const raw = Buffer.alloc(side * side * 3)
  for (let off = 0, k = 0; off < raw.length; off += block.length, k++) block.copy(raw, off, (k * 7919) % 4096)
  const info = await sharp(raw, { raw: { width: side, height: side, channels: 3 } })
    .png({ compressionLevel: 1 })
    .toFile(path)
  return { size: info.size, width: side, height: side }
}
