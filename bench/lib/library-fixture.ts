import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { MediaLibrary } from '../../src/main/core/files/media'
import type { StoredItem } from '../../src/main/core/images/gallery-index'
import { GalleryStore } from '../../src/main/core/images/gallery-store'

/**
 * A year of use for the G rows: a gallery of `n` images (tiny files: the rows are what is
 * measured, not image bytes) with varied prompts. `needles` items carry a rare word, the same
 * number at every size, so a search's answer is the same size whatever the library's.
 */
const WORDS =
  'fox whale lighthouse harbor neon city forest river mountain desert portrait studio cinematic watercolor sketch golden hour fog rain snow market night street garden castle robot dragon ocean wave'.split(
    ' '
  )
export const NEEDLE = 'zanzibarquartz'

let seq = 0

export function galleryItem(dir: string, i: number, prompt: string): StoredItem {
  const id = `bench${(seq++).toString(36)}x${i}`
  writeFileSync(join(dir, `${id}.png`), 'x')
  return {
    id,
    file: `${id}.png`,
    width: 8,
    height: 8,
    format: 'png',
    bytes: 1,
    createdAt: 1_700_000_000_000 + i * 1000,
    origin: 'generate',
    profileId: 'bench',
    model: 'bench-model',
    prompt,
    params: {},
    favorite: i % 13 === 0
  }
}

function prompt(i: number, needle: boolean): string {
  const w = (k: number) => WORDS[(i * 7 + k * 13 + (i >> k)) % WORDS.length]
  return `${w(1)} ${w(2)} in the ${w(3)}, ${w(4)} ${w(5)} light, number ${i}${needle ? ` ${NEEDLE}` : ''}`
}

export async function seedGallery(n: number, needles = 20): Promise<{ store: GalleryStore; dataDir: string }> {
  const dataDir = mkdtempSync(join(tmpdir(), `bench-library-${n}-`))
  const store = await GalleryStore.open({ dataDir, media: new MediaLibrary('/media/') })
  const every = Math.floor(n / needles)
  for (let start = 0; start < n; start += 5_000) {
    const batch: StoredItem[] = []
    for (let i = start; i < Math.min(n, start + 5_000); i++)
      batch.push(galleryItem(store.libraryDir, i, prompt(i, i % every === 0)))
    await store.add(batch)
  }
  return { store, dataDir }
}
