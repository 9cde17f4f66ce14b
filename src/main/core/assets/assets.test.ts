import { describe, expect, it } from 'vitest'
import { sandboxSuite } from '../testing/sandbox-suite'
import { ok, videoHarness } from '../video/testing/harness'

describe('assets: group, import by URL, followed to Active, used as asset://', () => {
  const { sb, h } = sandboxSuite(videoHarness)

  const until = async (id: string, states: string[]) => {
    for (let i = 0; i < 500; i++) {
      const a = h.assets.find(id)
      if (a && states.includes(a.state)) return a
      await new Promise((r) => setTimeout(r, 10))
    }
    throw new Error('asset did not settle')
  }

  it('imports, turns Active, and a create with asset://id is accepted', async () => {
    const group = await h.call('video:assets-create-group', { name: 'Characters' })
    expect(group.id).toMatch(/^group-/)
    const asset = await h.call('video:assets-import', {
      groupId: group.id,
      url: `${sb.cdnUrl}/hero.png`,
      type: 'Image',
      name: 'Hero'
    })
    expect(asset.state).toBe('processing')
    // Not Active yet: refused by the host before any request.
    sb.clearLog()
    const early = await h.fail('video:create', {
      family: 'unified2',
      model: 'vo3.1-fast-components',
      prompt: 'hero',
      images: [{ kind: 'asset', assetId: asset.id }]
    })
    expect(early).toMatchObject({ code: 'INVALID_INPUT', field: 'images.0' })
    expect(sb.log().filter((e) => e.route === 'video.create')).toEqual([])
    const active = await until(asset.id, ['active', 'failed'])
    expect(active.state).toBe('active')
    expect(active.rawStatus).toBe('Active')
    const t = await h.call('video:create', {
      family: 'unified2',
      model: 'vo3.1-fast-components',
      prompt: 'hero',
      images: [{ kind: 'asset', assetId: asset.id }]
    })
    await h.until(t.id, ok)
    const sent = h.sent.filter((s) => s.url.endsWith('/v1/video/create')).at(-1)!
    expect(JSON.parse(String(sent.init!.body)).images).toEqual([`asset://${asset.id}`])
    const list = await h.call('video:assets-list', undefined)
    expect(list.groups.map((g) => g.id)).toEqual([group.id])
    expect(list.assets.map((a) => a.id)).toEqual([asset.id])
    expect(h.events.some((e) => e.name === 'video:assets-changed')).toBe(true)
  })

  it('a failing import ends failed with the gateway message; a plain-http URL is refused before sending', async () => {
    const group = await h.call('video:assets-create-group', { name: 'Broken' })
    const asset = await h.call('video:assets-import', {
      groupId: group.id,
      url: 'https://example.com/sandbox:fail.png',
      type: 'Image',
      name: 'Bad'
    })
    const failed = await until(asset.id, ['active', 'failed'])
    expect(failed.state).toBe('failed')
    expect(failed.error?.message).toMatch(/could not be downloaded/)
    const refused = await h.fail('video:assets-import', {
      groupId: group.id,
      url: 'http://example.com/a.png',
      type: 'Image',
      name: 'x'
    })
    expect(refused).toMatchObject({ code: 'INVALID_INPUT', field: 'url' })
  })
})
