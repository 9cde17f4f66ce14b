import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import type { Snapshot } from '@shared/domain/balance'
import { tempDirs } from '../testing/temp-dirs'
import { KEEP_RECENT, MAX_SNAPSHOTS, SnapshotStore, thinSnapshots } from './snapshot-store'

const tempDir = tempDirs()

const s = (at: number, used = at): Snapshot => ({ at, used, available: 1e9 - used, granted: 1e9, unlimited: false })

describe('thinSnapshots', () => {
  it('bounds a long series, keeping its span and every recent point', () => {
    const list = Array.from({ length: 5000 }, (_, i) => s(i))
    const out = thinSnapshots(list)
    expect(out.length).toBeLessThanOrEqual(MAX_SNAPSHOTS)
    expect(out[0].at).toBe(0)
    expect(out.slice(-KEEP_RECENT).map((x) => x.at)).toEqual(list.slice(-KEEP_RECENT).map((x) => x.at))
    expect(out.every((x, i) => i === 0 || x.at > out[i - 1].at)).toBe(true)
  })

  it('leaves a short series alone', () => {
    const list = Array.from({ length: 10 }, (_, i) => s(i))
    expect(thinSnapshots(list)).toEqual(list)
  })
})

describe('SnapshotStore', () => {
  it('collapses runs of equal values to their first and latest point, and persists', async () => {
    const dir = tempDir('snaps-')
    const store = await SnapshotStore.open(dir, () => {})
    for (const at of [1, 2, 3, 4]) await store.add('p', s(at, 5))
    await store.add('p', s(5, 9))
    expect(store.list('p').map((x) => x.at)).toEqual([1, 4, 5])
    await store.add('p', s(3, 1)) // older than the last: ignored
    const again = await SnapshotStore.open(dir, () => {})
    expect(again.list('p').map((x) => x.at)).toEqual([1, 4, 5])
    expect(again.list('other')).toEqual([])
  })

  it('reads a series when asked, never at start, and thins a full series in the database', async () => {
    const dir = tempDir('snaps-')
    const first = await SnapshotStore.open(dir, () => {})
    // Opened before anything was written: it holds no copy, so it sees what the other writes.
    const second = await SnapshotStore.open(dir, () => {})
    for (let at = 1; at <= MAX_SNAPSHOTS + 50; at++) await first.add('p', s(at))
    const series = second.list('p')
    expect(series.length).toBeLessThanOrEqual(MAX_SNAPSHOTS)
    expect(series[0].at).toBe(1)
    expect(series.slice(-KEEP_RECENT).map((x) => x.at)).toEqual(
      Array.from({ length: KEEP_RECENT }, (_, i) => MAX_SNAPSHOTS + 50 - KEEP_RECENT + 1 + i)
    )
    expect(second.last('p')?.at).toBe(MAX_SNAPSHOTS + 50)
    await second.remove('p')
    expect(first.list('p')).toEqual([])
    expect(first.last('p')).toBeUndefined()
    first.close()
    second.close()
  })

  it('drops invalid entries and recovers a damaged file of an earlier version from its backup', async () => {
    const legacy = (value: string, bak?: string) => {
      const dir = tempDir('snaps-')
      mkdirSync(join(dir, 'balance'))
      writeFileSync(join(dir, 'balance', 'snapshots.json'), value)
      if (bak) writeFileSync(join(dir, 'balance', 'snapshots.json.bak'), bak)
      return dir
    }
    const notices: string[] = []
    const again = await SnapshotStore.open(
      legacy('not json', JSON.stringify({ version: 1, profiles: { p: [s(1)] } })),
      (m) => notices.push(m)
    )
    expect(again.list('p')).toHaveLength(1)
    expect(notices).toHaveLength(1)
    again.close()
    const mixed = await SnapshotStore.open(
      legacy(JSON.stringify({ version: 1, profiles: { p: [s(1), { at: 'x' }] } })),
      () => {}
    )
    expect(mixed.list('p')).toHaveLength(1)
    mixed.close()
  })
})
