import { describe, expect, it } from 'vitest'
import { sandboxSuite } from '../testing/sandbox-suite'
import type { StoredItem } from './gallery-index'
import { imagesHarness, rectMask } from './testing/harness'
import { variationPlan, varyRequest } from './variations'

const item = (over: Partial<StoredItem>): StoredItem =>
  ({
    id: 'x',
    file: 'x.png',
    width: 8,
    height: 8,
    format: 'png',
    bytes: 1,
    createdAt: 0,
    profileId: 'p',
    model: 'm',
    prompt: 'p',
    favorite: false,
    ...over
  }) as StoredItem

describe('the request a variation sends', () => {
  it('a family whose body takes a seed gets a fresh one each time; the image families (no seed in the spec) get the same request', () => {
    const req = { model: 'm', prompt: 'a fox', seed: 7 }
    const seeded = new Set(['seeded'])
    let r = 0.25
    const a = varyRequest(req, 'seeded', () => r, seeded)
    r = 0.75
    const b = varyRequest(req, 'seeded', () => r, seeded)
    expect(a.seed).not.toBe(7)
    expect(b.seed).not.toBe(a.seed)
    // 0 or absent means "random" at the gateway: a fresh seed is never that.
    expect(varyRequest(req, 'seeded', () => 0, seeded).seed).toBeGreaterThan(0)
    expect({ ...a, seed: 7 }).toEqual(req)
    for (const family of ['imagegen', 'image2', 'native', 'editNative', 'editForm'])
      expect(varyRequest(req, family)).toEqual(req)
  })

  it('rebuilds each origin from what its item keeps, leaving out the variation marks; refuses what no request made', () => {
    const gen = variationPlan(
      item({
        origin: 'generate',
        params: {
          family: 'image2',
          model: 'image-model-2',
          prompt: 'a lake',
          watermark: 'absent',
          image: [{ kind: 'gallery', itemId: 'g1' }],
          variationOf: 'y',
          variationGroup: 'z'
        }
      })
    )
    expect(gen).toEqual({
      kind: 'generate',
      family: 'image2',
      request: {
        family: 'image2',
        model: 'image-model-2',
        prompt: 'a lake',
        watermark: 'absent',
        image: [{ kind: 'gallery', itemId: 'g1' }]
      }
    })
    const edit = variationPlan(
      item({
        origin: 'edit',
        maskFile: 'j.mask.png',
        params: {
          prompt: 'a hat',
          model: 'imagegen-4.0',
          watermark: 'false',
          source: { kind: 'gallery', itemId: 's1' },
          masked: true
        }
      })
    )
    expect(edit).toEqual({
      kind: 'edit',
      family: 'edit',
      request: {
        prompt: 'a hat',
        model: 'imagegen-4.0',
        watermark: 'false',
        source: { kind: 'gallery', itemId: 's1' }
      },
      maskFile: 'j.mask.png'
    })
    expect(() =>
      variationPlan(
        item({
          origin: 'generate',
          params: { family: 'image2', model: 'm', prompt: 'p', image: [{ kind: 'file', name: 'a.png' }] }
        })
      )
    ).toThrow(/local file/)
    expect(() =>
      variationPlan(
        item({ origin: 'edit', params: { prompt: 'p', model: 'm', source: { kind: 'file', name: 'a.png' } } })
      )
    ).toThrow(/local file/)
    expect(() => variationPlan(item({ origin: 'protect', params: {} }))).toThrow(/protected copy/)
    expect(() => variationPlan(item({ origin: 'frame', params: {} }))).toThrow(/video/)
  })
})

describe('"More like this" through the sandbox', () => {
  const { sb, h } = sandboxSuite(imagesHarness)
  const creates = (route: string) => sb.log().filter((e) => e.route === route && e.paid)

  it('sends N more generations with the same body, their items grouped and naming the image they vary', async () => {
    const first = await h.settled(
      (
        await h.call('images:generate', {
          family: 'image2',
          model: 'image-model-2',
          prompt: 'a calm lake',
          size: '1024x1024',
          quality: 'high',
          watermark: 'false'
        })
      ).jobId
    )
    const original = first.items[0]
    const before = creates('image.generate').length
    const sentBefore = h.sent.length
    const { groupId, jobIds } = await h.call('images:more-like-this', { id: original.id, count: 4 })
    expect(jobIds).toHaveLength(4)
    const done = await Promise.all(jobIds.map((j) => h.settled(j)))
    expect(done.map((j) => j.status)).toEqual(['done', 'done', 'done', 'done'])
    expect(creates('image.generate').length - before).toBe(4)
    const bodies = h.sent
      .slice(sentBefore)
      .filter((s) => s.url.endsWith('/v1/images/generations'))
      .map((s) => JSON.parse(String(s.init!.body)))
    expect(bodies).toHaveLength(4)
    for (const body of bodies)
      expect(body).toEqual({
        model: 'image-model-2',
        prompt: 'a calm lake',
        size: '1024x1024',
        quality: 'high',
        watermark: false
      })
    for (const j of done) expect(j.items[0].params).toMatchObject({ variationOf: original.id, variationGroup: groupId })
  })

  it('a variation of an edit is another edit of the same source with the same mask', async () => {
    const [source] = (await h.call('images:list-gallery', { filter: { origin: 'generate' } })).items
    const maskFileId = await h.grantBytes(
      await rectMask(source.width, source.height, { x: 10, y: 10, w: 40, h: 40 }),
      'mask.png'
    )
    const edit = await h.settled(
      (
        await h.call('images:edit', {
          source: { kind: 'gallery', itemId: source.id },
          maskFileId,
          prompt: 'a hat',
          model: 'imagegen-4.0'
        })
      ).jobId
    )
    const before = creates('image.edit').length
    const { jobIds } = await h.call('images:more-like-this', { id: edit.items[0].id, count: 2 })
    const done = await Promise.all(jobIds.map((j) => h.settled(j)))
    expect(creates('image.edit').length - before).toBe(2)
    for (const j of done) {
      expect(j.status).toBe('done')
      expect(j.items[0]).toMatchObject({ origin: 'edit', parentId: source.id, prompt: 'a hat' })
      expect(j.items[0].maskUrl).toBeDefined()
      expect(j.items[0].outsideMaskChange).toBe(0)
    }
  })

  it('refuses a count outside 1–8 and an item no request made, before anything is sent', async () => {
    const [any] = (await h.call('images:list-gallery', undefined)).items
    const sent = h.sent.length
    await expect(h.call('images:more-like-this', { id: any.id, count: 9 })).rejects.toThrow(
      /count[\s\S]*<=8|<=8[\s\S]*count/
    )
    await expect(h.call('images:more-like-this', { id: any.id, count: 0 })).rejects.toThrow(/>=1/)
    await expect(h.call('images:more-like-this', { id: 'no-such-item', count: 2 })).rejects.toMatchObject({
      code: 'NOT_FOUND'
    })
    expect(h.sent.length).toBe(sent)
  })
})
