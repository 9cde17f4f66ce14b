import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import type { ImageJob } from '@shared/domain/images'
import type { LineageNode, ResultRef } from '@shared/domain/lineage'
import type { VideoTask } from '@shared/domain/video'
import { frameLink, imageLinks, videoLinks } from './derive'
import { LineageStore } from './lineage-store'

const newDir = () => mkdtempSync(join(tmpdir(), 'lineage-'))
const gallery = (itemId: string) => ({ kind: 'gallery', itemId })

function task(p: Partial<VideoTask> & Pick<VideoTask, 'id'>): VideoTask {
  return { kind: 'create', family: 'vidq', params: {}, prompt: '', model: 'm', state: 'submitting', ...p } as VideoTask
}

/** Every result exists, named by its id, except those listed as deleted. */
const resolver =
  (deleted: string[] = []) =>
  (ref: ResultRef): LineageNode | null =>
    deleted.includes(ref.id)
      ? null
      : { kind: ref.kind, id: ref.id, exists: true, prompt: `prompt of ${ref.id}`, model: 'model-x' }

describe('lineage derived from requests', () => {
  it('a first-family create links its gallery images as first and last frame; URLs and files link nothing', () => {
    expect(videoLinks(task({ id: 'v1', params: { images: [gallery('a'), gallery('b')] } }))).toEqual([
      { child: { kind: 'video', id: 'v1' }, parent: { kind: 'image', id: 'a' }, relation: 'first-frame' },
      { child: { kind: 'video', id: 'v1' }, parent: { kind: 'image', id: 'b' }, relation: 'last-frame' }
    ])
    expect(
      videoLinks(
        task({
          id: 'v2',
          params: {
            images: [
              { kind: 'url', url: 'https://x/y.png' },
              { kind: 'file', name: 'f.png' }
            ]
          }
        })
      )
    ).toEqual([])
  })

  it('the other families: image and last_frame, repeated references', () => {
    const kl = videoLinks(task({ id: 'k', family: 'kl', params: { image: gallery('a'), last_frame: gallery('b') } }))
    expect(kl.map((l) => [l.parent.id, l.relation])).toEqual([
      ['a', 'first-frame'],
      ['b', 'last-frame']
    ])
    const gk = videoLinks(task({ id: 'g', family: 'gk', params: { references: [gallery('a'), gallery('c')] } }))
    expect(gk.map((l) => [l.parent.id, l.relation])).toEqual([
      ['a', 'reference'],
      ['c', 'reference']
    ])
  })

  it('a remix links to the task it remixes; damaged parameters link nothing and never throw', () => {
    expect(videoLinks(task({ id: 'r', kind: 'remix', remixOf: { id: 'v1', taskId: 'gw-1' } }))).toEqual([
      { child: { kind: 'video', id: 'r' }, parent: { kind: 'video', id: 'v1' }, relation: 'remix' }
    ])
    expect(videoLinks(task({ id: 'x', params: { images: 'nope' } }))).toEqual([])
    expect(videoLinks(task({ id: 'x', params: { images: [null, 3, { kind: 'gallery', itemId: 7 }] } }))).toEqual([])
  })

  it('an edit (and a protected copy) of a gallery image links each result to its source', () => {
    const items = [
      { id: 'e1', origin: 'edit', parentId: 'src' },
      { id: 'g1', origin: 'generate' },
      { id: 'p1', origin: 'protect', parentId: 'e1' }
    ] as ImageJob['items']
    expect(imageLinks(items)).toEqual([
      { child: { kind: 'image', id: 'e1' }, parent: { kind: 'image', id: 'src' }, relation: 'edit' },
      { child: { kind: 'image', id: 'p1' }, parent: { kind: 'image', id: 'e1' }, relation: 'protect' }
    ])
  })
})

describe('lineage store', () => {
  it('image → video (first frame) → remix → frame: the chain up from the frame and the children of the image, after a restart', () => {
    const dir = newDir()
    const a = new LineageStore(dir)
    a.observe('video:task-updated', task({ id: 'v1', params: { images: [gallery('img')] } }))
    a.observe('video:task-updated', task({ id: 'v2', kind: 'remix', remixOf: { id: 'v1', taskId: 'gw' } }))
    a.link([frameLink('frame', 'v2', 1.25)])
    a.close()

    const b = new LineageStore(dir)
    const up = b.lineage({ kind: 'image', id: 'frame' }, resolver())
    expect(up.self).toMatchObject({ id: 'frame', exists: true })
    expect(up.ancestors.map((e) => [e.depth, e.relation, e.node.kind, e.node.id, e.child.id])).toEqual([
      [1, 'frame', 'video', 'v2', 'frame'],
      [2, 'remix', 'video', 'v1', 'v2'],
      [3, 'first-frame', 'image', 'img', 'v1']
    ])
    expect(up.ancestors[0].atSeconds).toBe(1.25)
    const down = b.lineage({ kind: 'image', id: 'img' }, resolver())
    expect(down.ancestors).toEqual([])
    expect(down.children.map((e) => [e.relation, e.node.id])).toEqual([['first-frame', 'v1']])
    b.close()
  })

  it('a task observed many times (every progress update) is linked once; a deleted parent says so', () => {
    const s = new LineageStore(newDir())
    for (let i = 0; i < 5; i++)
      s.observe('video:task-updated', task({ id: 'v1', params: { images: [gallery('img')] } }))
    expect(
      s.link([{ child: { kind: 'video', id: 'v1' }, parent: { kind: 'image', id: 'img' }, relation: 'first-frame' }])
    ).toBe(0)
    const l = s.lineage({ kind: 'video', id: 'v1' }, resolver(['img']))
    expect(l.ancestors).toHaveLength(1)
    expect(l.ancestors[0].node).toEqual({ kind: 'image', id: 'img', exists: false, prompt: '', model: '' })
    s.close()
  })

  it('a finished edit job links its items; a running one does not yet', () => {
    const s = new LineageStore(newDir())
    const job = { status: 'running', items: [{ id: 'e1', origin: 'edit', parentId: 'src' }] } as unknown as ImageJob
    s.observe('images:job-updated', job)
    expect(s.lineage({ kind: 'image', id: 'e1' }, resolver()).ancestors).toEqual([])
    s.observe('images:job-updated', { ...job, status: 'done' })
    expect(s.lineage({ kind: 'image', id: 'e1' }, resolver()).ancestors.map((e) => [e.relation, e.node.id])).toEqual([
      ['edit', 'src']
    ])
    s.close()
  })

  it('a cycle (links written outside the app) ends the walk instead of looping', () => {
    const s = new LineageStore(newDir())
    s.link([
      { child: { kind: 'video', id: 'a' }, parent: { kind: 'video', id: 'b' }, relation: 'remix' },
      { child: { kind: 'video', id: 'b' }, parent: { kind: 'video', id: 'a' }, relation: 'remix' }
    ])
    expect(s.lineage({ kind: 'video', id: 'a' }, resolver()).ancestors.map((e) => e.node.id)).toEqual(['b'])
    s.close()
  })
})
