import { existsSync, mkdirSync, mkdtempSync, readdirSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { MediaLibrary } from '../files/media'
import type { StoredItem } from '../images/gallery-index'
import { GalleryStore } from '../images/gallery-store'
import { killDuringImport } from './testing/kill-during-import'

const CHILD = join(import.meta.dirname, 'testing', 'migrate-child.ts')

/** An earlier version's gallery: `n` items in images/index.json, each with its (tiny) file. */
function legacyGallery(n: number): { dataDir: string; items: StoredItem[] } {
  const dataDir = mkdtempSync(join(tmpdir(), 'migrate-'))
  const lib = join(dataDir, 'library', 'images')
  mkdirSync(lib, { recursive: true })
  mkdirSync(join(dataDir, 'images'))
  const items: StoredItem[] = []
  for (let i = 0; i < n; i++) {
    const id = `legacy${String(i).padStart(6, '0')}`
    items.push({
      id,
      file: `${id}.png`,
      width: 8,
      height: 8,
      format: 'png',
      bytes: 1,
      createdAt: 1_700_000_000_000 + i,
      origin: 'generate',
      profileId: 'p',
      model: 'm',
      prompt: `prompt number ${i} of a lighthouse`,
      params: {},
      favorite: i % 7 === 0
    })
    writeFileSync(join(lib, `${id}.png`), 'x')
  }
  writeFileSync(join(dataDir, 'images', 'index.json'), JSON.stringify({ version: 1, items }))
  return { dataDir, items }
}

async function open(dataDir: string) {
  const notices: string[] = []
  const store = await GalleryStore.open({ dataDir, media: new MediaLibrary('/media/'), notice: (m) => notices.push(m) })
  return { store, notices }
}

describe('JSON store migration', () => {
  it('imports the gallery index in one go, keeps the original renamed, and a second start does nothing', async () => {
    const { dataDir, items } = legacyGallery(300)
    const a = await open(dataDir)
    expect(a.store.size).toBe(300)
    expect(a.store.get(items[42].id)).toMatchObject({ prompt: items[42].prompt, favorite: true })
    expect(a.store.list({ query: 'number 299 of' }).items.map((i) => i.id)).toEqual([items[299].id])
    expect(a.notices).toEqual([])
    const images = readdirSync(join(dataDir, 'images'))
    expect(images).toContain('index.json.migrated')
    expect(images).not.toContain('index.json')
    await a.store.delete(items[0].id)
    a.store.close()

    const b = await open(dataDir)
    expect(b.store.size).toBe(299)
    expect(b.notices).toEqual([])
    b.store.close()
  })

  it(
    'a migration killed at random moments (SIGKILL) resumes or restarts cleanly: every item exactly once',
    { timeout: 240_000 },
    async () => {
      let items: StoredItem[] = []
      const fresh = () => {
        const legacy = legacyGallery(5_000)
        items = legacy.items
        return legacy.dataDir
      }
      const { dataDir, outcomes, measured } = await killDuringImport(CHILD, fresh)
      expect(measured).toBe('finished')
      expect(outcomes[0]).toBe('killed')
      const { store, notices } = await open(dataDir)
      expect(store.size).toBe(items.length)
      expect(store.list({}, undefined, 1).items[0].id).toBe(items.at(-1)!.id)
      expect(notices).toEqual([])
      expect(existsSync(join(dataDir, 'images', 'index.json'))).toBe(false)
      expect(existsSync(join(dataDir, 'images', 'index.json.migrated'))).toBe(true)
      store.close()
    }
  )
})
