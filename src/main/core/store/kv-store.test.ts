import { mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { openConfStore, type StoreNotice } from './kv-store'

const fresh = () => mkdtempSync(join(tmpdir(), 'studio-kv-'))

describe('conf store with recovery', () => {
  it('writes mode 0600 and keeps a last-good backup after each good load', () => {
    const dir = fresh()
    openConfStore<{ n: number }>(dir, 'journal', { n: 0 }).set('n', 7)
    openConfStore<{ n: number }>(dir, 'journal', { n: 0 })
    expect(statSync(join(dir, 'journal.json')).mode & 0o777).toBe(0o600)
    expect(JSON.parse(readFileSync(join(dir, 'journal.json.bak'), 'utf8'))).toMatchObject({ n: 7 })
  })

  it('survives a truncated file: restores the backup, quarantines the damage, and says so', () => {
    const dir = fresh()
    const notices: StoreNotice[] = []
    openConfStore<{ n: number }>(dir, 'journal', { n: 0 }).set('n', 7)
    openConfStore<{ n: number }>(dir, 'journal', { n: 0 })
    writeFileSync(join(dir, 'journal.json'), '{"n": 8,')
    expect(openConfStore<{ n: number }>(dir, 'journal', { n: 0 }, notices).get('n')).toBe(7)
    expect(notices).toEqual([{ store: 'journal', message: expect.stringContaining('restored the last good copy') }])
    const [quarantined] = readdirSync(dir).filter((f) => f.startsWith('journal.json.corrupt-'))
    expect(readFileSync(join(dir, quarantined), 'utf8')).toBe('{"n": 8,')
  })
})
