import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { copyFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { MediaLibrary } from '../files/media'
import { imageBytes } from '../files/testing/images'
import { openLibrary } from '../store/library-db'
import { GalleryActions, suggestedName } from './gallery-actions'
import { reconcileGallery } from './gallery-reconcile'
import { GalleryStore } from './gallery-store'
import { writeResultBytes } from './result-files'
import { addGalleryItem } from './testing/gallery-items'

async function openStore(dataDir: string, notices: string[] = []) {
  const media = new MediaLibrary('/media/')
  const store = await GalleryStore.open({ dataDir, media, notice: (m) => notices.push(m) })
  return { store, media, notices }
}

const newDir = () => mkdtempSync(join(tmpdir(), 'gallery-'))

describe('gallery store', () => {
  it('survives a new store instance: items, metadata, favourites and fresh media URLs', async () => {
    const dataDir = newDir()
    const a = await openStore(dataDir)
    const item = await addGalleryItem(a.store, {
      revisedPrompt: 'a red fox in deep snow',
      requestedSize: '1024x1024',
      parentId: 'p1'
    })
    await a.store.setFavorite(item.id, true)
    await a.store.flush()

    const b = await openStore(dataDir)
    const view = b.store.get(item.id)
    expect(view).toMatchObject({
      id: item.id,
      prompt: 'a fox in snow',
      revisedPrompt: 'a red fox in deep snow',
      favorite: true,
      width: 40,
      height: 30,
      parentId: 'p1',
      requestedSize: '1024x1024'
    })
    expect(view).not.toHaveProperty('file')
    expect(b.media.resolve(view.url.slice('/media/'.length))?.path).toBe(join(dataDir, 'library', 'images', item.file))
    expect(b.notices).toEqual([])
  })

  it('restores a corrupt index from its .bak, keeps the damaged file, and says so', async () => {
    // The JSON index of earlier versions is now migration input: a damaged one is still recovered from its .bak.
    const dataDir = newDir()
    const a = await openStore(mkdtempSync(join(tmpdir(), 'gallery-src-')))
    const first = await addGalleryItem(a.store)
    const second = await addGalleryItem(a.store)
    const lib = join(dataDir, 'library', 'images')
    mkdirSync(lib, { recursive: true })
    mkdirSync(join(dataDir, 'images'))
    for (const i of [first, second]) await copyFile(join(a.store.libraryDir, i.file), join(lib, i.file))
    const index = join(dataDir, 'images', 'index.json')
    writeFileSync(`${index}.bak`, JSON.stringify({ version: 1, items: [first, second] }))
    writeFileSync(index, '{"version":1,"items":[{"id":')

    const b = await openStore(dataDir)
    expect(b.notices.join(' ')).toMatch(/gallery index was damaged; the last good copy was restored/)
    expect(b.store.size).toBe(2)
    expect(b.store.get(first.id).prompt).toBe('a fox in snow')
    expect(b.store.get(second.id).prompt).toBe('a fox in snow')
    expect(readdirSync(join(dataDir, 'images')).some((n) => n.startsWith('index.json.corrupt-'))).toBe(true)
    expect(JSON.parse(readFileSync(`${index}.bak.migrated`, 'utf8')).items).toHaveLength(2)
  })

  it('re-adds result files the index does not know and removes leftover .part files', async () => {
    const dataDir = newDir()
    const a = await openStore(dataDir)
    const known = await addGalleryItem(a.store)
    await a.store.flush()
    const lib = a.store.libraryDir
    await copyFile(join(lib, known.file), join(lib, 'orphanOrphanOrphan0001.png'))
    writeFileSync(join(lib, 'half.png.part'), 'partial')
    writeFileSync(join(lib, 'notes.txt'), 'not an image')

    const b = await openStore(dataDir)
    // The folder check is not on the start path: it runs when the host asks (once the studio is ready).
    expect(b.store.size).toBe(1)
    expect(await b.store.reconcile()).toMatchObject({ leftovers: 1, missing: [], adopted: ['orphanOrphanOrphan0001'] })
    expect(b.store.size).toBe(2)
    expect(b.store.get('orphanOrphanOrphan0001')).toMatchObject({
      prompt: '',
      model: 'unknown',
      params: { recovered: true },
      width: 40
    })
    expect(b.notices.join(' ')).toMatch(/1 image was found in the library folder and added back/)
    expect(existsSync(join(lib, 'half.png.part'))).toBe(false)
  })

  it('drops rows whose file is gone, in batches, and says how many', async () => {
    const dataDir = newDir()
    const a = await openStore(dataDir)
    const items = []
    for (let i = 0; i < 7; i++) items.push(await addGalleryItem(a.store, { prompt: `image ${i}` }))
    a.store.close()
    for (const i of [items[1], items[4], items[6]]) rmSync(join(a.store.libraryDir, i.file))

    const b = await openStore(dataDir)
    expect(b.store.size).toBe(7)
    expect(b.notices).toEqual([])
    const r = await reconcileGallery({
      lib: openLibrary(dataDir),
      dir: b.store.libraryDir,
      since: Date.now() + 1000,
      issued: () => false,
      signal: new AbortController().signal,
      batch: 2
    })
    expect(r.missing.sort()).toEqual([items[1].id, items[4].id, items[6].id].sort())
    expect(b.store.size).toBe(4)
    expect(await b.store.reconcile()).toMatchObject({ missing: [], adopted: [] })
  })

  it("leaves this session's work alone: a download under way and a result whose row is not written yet", async () => {
    const dataDir = newDir()
    const { store, notices } = await openStore(dataDir)
    const id = store.newId()
    // Made by this session after it opened: a .part being downloaded, and a finished file awaiting its row.
    writeFileSync(join(store.libraryDir, `${id}.png.part`), 'downloading')
    // Past the file system's clock tick of the open (a file stamped in the same tick counts as older).
    await new Promise((r) => setTimeout(r, 30))
    await writeResultBytes(store.libraryDir, 'madeAfterOpen0000001', await imageBytes('png', 10, 10))
    writeFileSync(join(store.libraryDir, 'late.png.part'), 'another download')
    expect(await store.reconcile()).toEqual({ leftovers: 0, missing: [], adopted: [] })
    expect(readdirSync(store.libraryDir).sort()).toEqual(
      [`${id}.png.part`, 'late.png.part', 'madeAfterOpen0000001.png'].sort()
    )
    expect(notices).toEqual([])
  })

  it('filters by prompt text (also the revised prompt), model, origin and favourite, newest first, with paging', async () => {
    const { store } = await openStore(newDir())
    const t = Date.now()
    await addGalleryItem(store, { prompt: 'Blue whale', createdAt: t - 3000, model: 'image-model-2' })
    await addGalleryItem(store, { prompt: 'red fox', createdAt: t - 2000, favorite: true })
    await addGalleryItem(store, {
      prompt: 'a lighthouse',
      revisedPrompt: 'a WHALE-shaped lighthouse',
      createdAt: t - 1000,
      origin: 'native'
    })
    await addGalleryItem(store, { prompt: 'edit of fox', createdAt: t, origin: 'edit', model: 'image-model-1' })

    expect(store.list({ query: 'whale' }).items.map((i) => i.prompt)).toEqual(['a lighthouse', 'Blue whale'])
    expect(store.list({ model: 'image-model-2' }).items.map((i) => i.prompt)).toEqual(['Blue whale'])
    expect(store.list({ origin: 'edit' }).items.map((i) => i.prompt)).toEqual(['edit of fox'])
    expect(store.list({ favorite: true }).items.map((i) => i.prompt)).toEqual(['red fox'])
    const page1 = store.list({}, undefined, 2)
    expect(page1).toMatchObject({ total: 4 })
    expect(page1.items.map((i) => i.prompt)).toEqual(['edit of fox', 'a lighthouse'])
    const page2 = store.list({}, page1.items.at(-1)!.createdAt, 2)
    expect(page2.items.map((i) => i.prompt)).toEqual(['red fox', 'Blue whale'])
  })

  it('deletes the entry and its file, and the edit copies only when no other item uses them', async () => {
    const { store, media } = await openStore(newDir())
    await writeResultBytes(store.libraryDir, 'job1.mask', await imageBytes('png', 40, 30))
    await writeResultBytes(store.libraryDir, 'job1.source', await imageBytes('png', 40, 30))
    const edit = await addGalleryItem(store, {
      origin: 'edit',
      maskFile: 'job1.mask.png',
      sourceFile: 'job1.source.png'
    })
    const protect = await addGalleryItem(store, {
      origin: 'protect',
      parentId: edit.id,
      maskFile: 'job1.mask.png',
      sourceFile: 'job1.source.png'
    })
    const maskUrl = store.get(edit.id).maskUrl!
    await store.delete(edit.id)
    expect(existsSync(join(store.libraryDir, edit.file))).toBe(false)
    expect(existsSync(join(store.libraryDir, 'job1.mask.png'))).toBe(true)
    await store.delete(protect.id)
    expect(readdirSync(store.libraryDir)).toEqual([])
    expect(media.resolve(maskUrl.slice('/media/'.length))).toBeNull()
    expect(() => store.get(edit.id)).toThrow(/no longer in the gallery/)
  })
})

describe('gallery actions', () => {
  it('export: the browser host gets the media URL with a download hint', async () => {
    const { store } = await openStore(newDir())
    const item = await addGalleryItem(store, { prompt: 'A fox / in "snow"?' })
    const actions = new GalleryActions({ gallery: store, emit: () => {} })
    const out = await actions.export(item.id)
    expect(out.saved).toBe(false)
    expect(out.fileName).toBe(`A-fox-in-snow-${item.id.slice(0, 8)}.png`)
    expect(out.downloadUrl).toBe(`${store.get(item.id).url}?download=${encodeURIComponent(out.fileName)}`)
  })

  it('export: Electron saves through the injected dialog adapter', async () => {
    const { store } = await openStore(newDir())
    const item = await addGalleryItem(store)
    const calls: Array<[string, string]> = []
    const actions = new GalleryActions({
      gallery: store,
      emit: () => {},
      saveFile: async (name, path) => (calls.push([name, path]), true)
    })
    expect(await actions.export(item.id)).toEqual({ saved: true, fileName: suggestedName({ ...item }) })
    expect(calls).toEqual([[suggestedName({ ...item }), join(store.libraryDir, item.file)]])
  })

  it('favourite and delete announce the change', async () => {
    const { store } = await openStore(newDir())
    const item = await addGalleryItem(store)
    const events: unknown[] = []
    const actions = new GalleryActions({ gallery: store, emit: (name, payload) => events.push([name, payload]) })
    expect((await actions.setFavorite(item.id, true)).favorite).toBe(true)
    await actions.delete(item.id)
    expect(events).toEqual([
      ['images:gallery-changed', { ids: [item.id] }],
      ['images:gallery-changed', { ids: [item.id] }]
    ])
  })

  it('deletes a selection in one call: rows and files gone, ids already gone skipped, one change event', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'gallery-'))
    const { store } = await openStore(dataDir)
    const events: unknown[] = []
    const actions = new GalleryActions({
      gallery: store,
      emit: ((_name: string, payload: unknown) => events.push(payload)) as never
    })
    const [a, b, c] = [await addGalleryItem(store), await addGalleryItem(store), await addGalleryItem(store)]
    expect(await actions.deleteMany([a.id, c.id, a.id, 'AAAAAAAAAAAAAAAAAAAAAA'])).toEqual({ deleted: 2 })
    expect(store.size).toBe(1)
    expect(store.get(b.id).id).toBe(b.id)
    // The files go after the rows' commit; flush waits for them.
    await store.flush()
    expect(readdirSync(store.libraryDir).sort()).toEqual([b.file])
    expect(events).toEqual([{ ids: [a.id, c.id, 'AAAAAAAAAAAAAAAAAAAAAA'] }])
    expect(await actions.deleteMany([a.id])).toEqual({ deleted: 0 })
    expect(events).toHaveLength(1)
    store.close()
  })

  it('suggested names survive prompts with no letters and non-Latin text', () => {
    expect(suggestedName({ id: 'abcdefghij', prompt: '!!!', format: 'jpeg' })).toBe('image-abcdefgh.jpg')
    expect(suggestedName({ id: 'abcdefghij', prompt: '雪中的狐狸', format: 'webp' })).toBe('雪中的狐狸-abcdefgh.webp')
  })
})
