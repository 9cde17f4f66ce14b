import { existsSync, mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import type { ImageJob } from '@shared/domain/images'
import { MediaLibrary } from '../files/media'
import { imageBytes } from '../files/testing/images'
import type { StoredItem } from '../images/gallery-index'
import { GalleryStore } from '../images/gallery-store'
import { writeResultBytes } from '../images/result-files'
import { addGalleryItem } from '../images/testing/gallery-items'
import { createLineageHandlers, resolveNode } from './lineage-handlers'
import { LineageStore } from './lineage-store'

const ctx = { shell: 'browser' as const }
const newDir = () => mkdtempSync(join(tmpdir(), 'versions-'))

/** A finished edit job as the host announces it: its items name their source. */
const editDone = (items: Array<{ id: string; parentId: string; origin?: 'edit' | 'protect' }>) =>
  ({ status: 'done', items: items.map((i) => ({ origin: 'edit', ...i })) }) as unknown as ImageJob

/** Every result exists, made in the order listed. */
const made = (order: string[]) => (ref: { kind: 'image' | 'video'; id: string }) => ({
  kind: ref.kind,
  id: ref.id,
  exists: true,
  prompt: ref.id,
  model: 'm',
  createdAt: order.indexOf(ref.id)
})

describe('versions of one picture', () => {
  it('source → edit → edit is a chain; an edit of an older version is a branch; the same tree from any version, after a restart', () => {
    const dir = newDir()
    const a = new LineageStore(dir)
    a.observe('images:job-updated', editDone([{ id: 'e1', parentId: 'root' }]))
    a.observe('images:job-updated', editDone([{ id: 'e2', parentId: 'e1' }]))
    // A second edit of the first version: a branch beside e2.
    a.observe('images:job-updated', editDone([{ id: 'b1', parentId: 'e1' }]))
    // A video made from e2 is lineage, not a version.
    a.observe('video:task-updated', {
      id: 'v1',
      kind: 'create',
      family: 'vidq',
      params: { images: [{ kind: 'gallery', itemId: 'e2' }] }
    } as never)
    a.close()

    const b = new LineageStore(dir)
    const exists = made(['root', 'e1', 'e2', 'b1'])
    const tree = b.versions('e2', exists)
    expect(tree.rootId).toBe('root')
    expect(tree.currentId).toBe('e2')
    expect(tree.nodes.map((n) => [n.id, n.parentId ?? null, n.depth, n.relation ?? null])).toEqual([
      ['root', null, 0, null],
      ['e1', 'root', 1, 'edit'],
      ['e2', 'e1', 2, 'edit'],
      ['b1', 'e1', 2, 'edit']
    ])
    expect(b.versions('root', exists).nodes.map((n) => n.id)).toEqual(['root', 'e1', 'e2', 'b1'])
    expect(b.versions('b1', exists).rootId).toBe('root')
    b.close()
  })

  it('a picked variation becomes a version of the picture it varies, once; an edit variation is already one', () => {
    const s = new LineageStore(newDir())
    const exists = made(['root', 'v1', 'e1'])
    expect(s.versions('v1', exists).nodes.map((n) => n.id)).toEqual(['v1'])
    expect(s.pickVariation('v1', 'root')).toBe(true)
    expect(s.pickVariation('v1', 'root')).toBe(false)
    s.observe('images:job-updated', editDone([{ id: 'e1', parentId: 'root' }]))
    expect(s.pickVariation('e1', 'other')).toBe(false)
    const tree = s.versions('v1', exists)
    expect(tree.nodes.map((n) => [n.id, n.relation ?? null])).toEqual([
      ['root', null],
      ['v1', 'variation'],
      ['e1', 'edit']
    ])
    s.close()
  })

  it('deleting a version never removes a file another version or gallery item uses', async () => {
    const dir = newDir()
    const g = await GalleryStore.open({ dataDir: dir, media: new MediaLibrary('/media/') })
    const lineage = new LineageStore(dir)
    let at = 1_000
    const put = (g2: GalleryStore, over: Partial<StoredItem>) => addGalleryItem(g2, { createdAt: (at += 1), ...over })
    const root = await put(g, {})
    // Edit job j1 of the root gave two results sharing the job's source and mask copies.
    await writeResultBytes(g.libraryDir, 'j1.source', await imageBytes('png', 24, 16))
    await writeResultBytes(g.libraryDir, 'j1.mask', await imageBytes('png', 24, 16))
    const shared = { origin: 'edit' as const, parentId: root.id, sourceFile: 'j1.source.png', maskFile: 'j1.mask.png' }
    const e1 = await put(g, shared)
    const e1b = await put(g, shared)
    // A protected copy of e1 keeps the same source and mask; e2 edits e1 with its own copies.
    const p1 = await put(g, {
      origin: 'protect',
      parentId: e1.id,
      sourceFile: 'j1.source.png',
      maskFile: 'j1.mask.png'
    })
    await writeResultBytes(g.libraryDir, 'j2.source', await imageBytes('png', 24, 16))
    const e2 = await put(g, { origin: 'edit', parentId: e1.id, sourceFile: 'j2.source.png' })
    lineage.observe(
      'images:job-updated',
      editDone([
        { id: e1.id, parentId: root.id },
        { id: e1b.id, parentId: root.id }
      ])
    )
    lineage.observe(
      'images:job-updated',
      editDone([
        { id: p1.id, parentId: e1.id, origin: 'protect' },
        { id: e2.id, parentId: e1.id }
      ])
    )
    const file = (name: string) => existsSync(join(g.libraryDir, name))

    await g.delete(e1.id)
    await g.flush()
    expect(file(e1.file)).toBe(false)
    for (const name of [root.file, e1b.file, p1.file, e2.file, 'j1.source.png', 'j1.mask.png', 'j2.source.png'])
      expect(file(name), name).toBe(true)

    await g.deleteMany([e1b.id, root.id])
    await g.flush()
    // The protected copy still uses j1's source and mask.
    for (const name of [p1.file, e2.file, 'j1.source.png', 'j1.mask.png', 'j2.source.png'])
      expect(file(name), name).toBe(true)

    // The tree keeps its shape with the deleted versions marked gone.
    const tree = lineage.versions(e2.id, (r) =>
      resolveNode(
        {
          gallery: g,
          video: {
            get: () => {
              throw new Error('no video')
            }
          }
        },
        r
      )
    )
    expect(tree.rootId).toBe(root.id)
    expect(Object.fromEntries(tree.nodes.map((n) => [n.id, [n.parentId ?? null, n.exists]]))).toEqual({
      [root.id]: [null, false],
      [e1.id]: [root.id, false],
      [e1b.id]: [root.id, false],
      [p1.id]: [e1.id, true],
      [e2.id]: [e1.id, true]
    })
    await g.delete(p1.id)
    await g.flush()
    expect(file('j1.source.png')).toBe(false)
    expect(file('j1.mask.png')).toBe(false)
    expect(file('j2.source.png')).toBe(true)
    lineage.close()
    await g.stop()
    g.close()
  })

  it('"Use this": the pick is linked as a version of the image it varies, announced; an image no variation made is refused', async () => {
    const dir = newDir()
    const g = await GalleryStore.open({ dataDir: dir, media: new MediaLibrary('/media/') })
    const lineage = new LineageStore(dir)
    const emitted: unknown[] = []
    const h = createLineageHandlers({
      lineage,
      gallery: g,
      video: {
        get: () => {
          throw new Error('no video')
        }
      },
      files: {} as never,
      emit: (name, payload) => void emitted.push([name, payload])
    })
    const original = await addGalleryItem(g, { createdAt: 1 })
    const variation = await addGalleryItem(g, {
      createdAt: 2,
      params: { variationOf: original.id, variationGroup: 'grp' }
    })
    const tree = await h['lineage:pick-version']({ id: variation.id }, ctx)
    expect(tree.rootId).toBe(original.id)
    expect(tree.nodes.map((n) => [n.id, n.relation ?? null, n.exists])).toEqual([
      [original.id, null, true],
      [variation.id, 'variation', true]
    ])
    expect(emitted).toEqual([['images:gallery-changed', { ids: [variation.id] }]])
    expect((await h['lineage:versions']({ id: original.id }, ctx)).nodes).toHaveLength(2)
    expect(() => h['lineage:pick-version']({ id: original.id }, ctx)).toThrow(/More like this/)
    expect(() => h['lineage:versions']({ id: 'no-such-image' }, ctx)).toThrow(/no longer in the gallery/)
    lineage.close()
    await g.stop()
    g.close()
  })
})
