import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import type { Asset } from '@shared/domain/video'
import { openLibrary } from '../store/library-db'
import { ASSETS_SCHEMA, findAsset, listAssets, loadAssets, putAsset, putGroup } from './asset-table'

const asset = (i: number, over: Partial<Asset> = {}): Asset => ({
  id: `a${i}`,
  taskId: `t${i}`,
  profileId: 'p',
  groupId: 'g1',
  name: `asset ${i}`,
  url: 'https://example.com/a.png',
  type: 'Image',
  state: 'active',
  rawStatus: 'Active',
  createdAt: i,
  updatedAt: i,
  ...over
})

describe('assets in the library database: read by query, never whole', () => {
  it('a start gets only the imports still being checked; lists and look-ups are per query', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'assets-'))
    const lib = openLibrary(dir)
    await loadAssets(lib, join(dir, 'video', 'assets.json'))
    putGroup(lib, { id: 'g1', profileId: 'p', name: 'Characters', createdAt: 1 })
    putGroup(lib, { id: 'g2', profileId: 'q', name: 'Props', createdAt: 2 })
    putAsset(lib, asset(1))
    putAsset(lib, asset(2, { state: 'processing', rawStatus: 'Processing' }))
    putAsset(lib, asset(3, { profileId: 'q', groupId: 'g2', state: 'unknown', rawStatus: 'Odd' }))
    putAsset(lib, asset(4, { state: 'failed' }))
    expect((await loadAssets(lib, join(dir, 'video', 'assets.json'))).map((a) => a.id)).toEqual(['a2', 'a3'])
    const p = listAssets(lib, 'p')
    expect(p.groups.map((g) => g.id)).toEqual(['g1'])
    expect(p.assets.map((a) => a.id)).toEqual(['a1', 'a2', 'a4'])
    expect(findAsset(lib, 'a3')?.profileId).toBe('q')
    expect(findAsset(lib, 't2', true)?.id).toBe('a2')
    // A check's answer moves the asset out of the start's set.
    putAsset(lib, asset(2, { state: 'active' }))
    expect((await loadAssets(lib, join(dir, 'video', 'assets.json'))).map((a) => a.id)).toEqual(['a3'])
    lib.release()
  })

  it('rows written before the query columns existed are found after the step that adds them', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'assets-'))
    const lib = openLibrary(dir)
    lib.schema('assets', ASSETS_SCHEMA.slice(0, 1))
    for (const a of [asset(1), asset(2, { state: 'processing' })])
      lib.run('INSERT INTO assets (id, profile_id, record) VALUES (?, ?, ?)', a.id, a.profileId, JSON.stringify(a))
    lib.run("INSERT INTO assets (id, profile_id, record) VALUES ('bad', 'p', 'not json')")
    expect((await loadAssets(lib, join(dir, 'video', 'assets.json'))).map((a) => a.id)).toEqual(['a2'])
    expect(findAsset(lib, 't1', true)?.id).toBe('a1')
    expect(listAssets(lib, 'p').assets.map((a) => a.id)).toEqual(['a1', 'a2'])
    lib.release()
  })
})
