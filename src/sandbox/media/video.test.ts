import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { RESOURCES_ENV, resolveResourcesDir, sampleVideo, SAMPLE_VIDEOS } from './index'

const repoResources = resolve(dirname(fileURLToPath(import.meta.url)), '../../../resources')
const tempDirs: string[] = []

/** A resources/ folder with a sandbox/ inside, holding the given sample files. */
async function fakeResources(files: Record<string, Buffer>): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'studio-res-'))
  tempDirs.push(dir)
  await mkdir(join(dir, 'sandbox'))
  for (const [name, bytes] of Object.entries(files)) await writeFile(join(dir, 'sandbox', name), bytes)
  return dir
}

// Hermetic: a developer's own $STUDIO_RESOURCES_DIR must not redirect these tests.
beforeEach(() => {
  vi.stubEnv(RESOURCES_ENV, '')
})

afterEach(async () => {
  vi.unstubAllEnvs()
  await Promise.all(tempDirs.splice(0).map((d) => rm(d, { recursive: true, force: true })))
})

describe('sampleVideo', () => {
  it.each([0, 1, 2])('seed %i gives a small real MP4', async (seed) => {
    const bytes = await sampleVideo(seed)
    expect(bytes.toString('latin1', 4, 8)).toBe('ftyp')
    expect(bytes.length).toBeGreaterThan(1024)
    expect(bytes.length).toBeLessThan(60 * 1024)
    // Shipped as H.264: the avcC box only appears in AVC sample descriptions.
    expect(bytes.includes(Buffer.from('avcC'))).toBe(true)
  })

  it('is deterministic by seed and spreads seeds over every sample', async () => {
    const picks = await Promise.all([0, 1, 2].map((s) => sampleVideo(s)))
    expect(new Set(picks.map((b) => b.toString('base64'))).size).toBe(SAMPLE_VIDEOS.length)
    expect((await sampleVideo(1)).equals(picks[1])).toBe(true)
    expect((await sampleVideo(1 + SAMPLE_VIDEOS.length)).equals(picks[1])).toBe(true)
    expect((await sampleVideo(-2)).equals(picks[1])).toBe(true)
  })

  it('accepts any number as a seed', async () => {
    for (const seed of [Number.MAX_SAFE_INTEGER, -Number.MAX_SAFE_INTEGER, 2.7, Number.NaN, Infinity]) {
      expect((await sampleVideo(seed)).toString('latin1', 4, 8)).toBe('ftyp')
    }
  })

  it('hands out copies, so a caller mutating its buffer cannot corrupt the cache', async () => {
    const first = await sampleVideo(0)
    first.fill(0)
    expect((await sampleVideo(0)).toString('latin1', 4, 8)).toBe('ftyp')
  })

  it('reads from an explicit resources directory', async () => {
    const fake = Buffer.concat([Buffer.from('\0\0\0\x18ftypisom', 'latin1'), Buffer.alloc(20)])
    const dir = await fakeResources({ 'sample-1.mp4': fake })
    expect((await sampleVideo(0, { resourcesDir: dir })).equals(fake)).toBe(true)
  })

  it('refuses a sample that is not an MP4 (e.g. a Git LFS pointer)', async () => {
    const dir = await fakeResources({ 'sample-1.mp4': Buffer.from('version https://git-lfs.github.com/spec/v1\n') })
    await expect(sampleVideo(0, { resourcesDir: dir })).rejects.toThrow(/not an MP4/)
  })

  it('does not cache a failed read', async () => {
    const dir = await fakeResources({})
    await expect(sampleVideo(0, { resourcesDir: dir })).rejects.toThrow()
    const fake = Buffer.concat([Buffer.from('\0\0\0\x18ftypmp42', 'latin1'), Buffer.alloc(20)])
    await writeFile(join(dir, 'sandbox', 'sample-1.mp4'), fake)
    expect((await sampleVideo(0, { resourcesDir: dir })).equals(fake)).toBe(true)
  })
})

describe('resolveResourcesDir', () => {
  it('finds <repo>/resources by walking up to package.json', async () => {
    expect(resolveResourcesDir()).toBe(repoResources)
    const pkg = JSON.parse(await readFile(join(repoResources, '..', 'package.json'), 'utf8')) as { name: string }
    expect(pkg.name).toBe('generation-studio')
  })

  it(`prefers $${RESOURCES_ENV}, and an explicit option over both`, async () => {
    const dir = await fakeResources({})
    vi.stubEnv(RESOURCES_ENV, dir)
    expect(resolveResourcesDir()).toBe(dir)
    expect(resolveResourcesDir('/somewhere/else')).toBe(resolve('/somewhere/else'))
  })

  it('serves samples from the env directory', async () => {
    const fake = Buffer.concat([Buffer.from('\0\0\0\x18ftypiso5', 'latin1'), Buffer.alloc(30)])
    vi.stubEnv(RESOURCES_ENV, await fakeResources({ 'sample-2.mp4': fake }))
    expect((await sampleVideo(1)).equals(fake)).toBe(true)
  })
})
