import { existsSync, mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it, vi } from 'vitest'
import type { StoreNotice } from '../core/store/kv-store'

// electron-store reads `app` and `ipcMain` from the default export; the opener uses the named one.
const fakeIpcMain = vi.hoisted(() => {
  const channels = new Map<string, unknown[]>()
  return {
    on: (channel: string, fn: unknown) => channels.set(channel, [...(channels.get(channel) ?? []), fn]),
    removeAllListeners: (channel: string) => channels.delete(channel),
    listenerCount: (channel: string) => channels.get(channel)?.length ?? 0
  }
})
const userData = vi.hoisted(() => ({ dir: '/nonexistent' }))
vi.mock('electron', () => {
  const app = { getPath: () => userData.dir, getVersion: () => '0.1.0' }
  return { default: { app, ipcMain: fakeIpcMain, shell: {} }, app, ipcMain: fakeIpcMain }
})

const { createElectronStoreOpener } = await import('./store')

const fresh = () => {
  const dir = mkdtempSync(join(tmpdir(), 'studio-estore-'))
  userData.dir = join(dir, 'userData-should-not-be-used')
  return dir
}

describe('electron-store opener', () => {
  it('writes the store in the data dir, mode 0600, and reads it back', () => {
    const dir = fresh()
    const open = createElectronStoreOpener(dir)
    const s = open<{ app: { theme: string } }>('settings', { app: { theme: 'system' } })
    expect(s.path).toBe(join(dir, 'settings.json'))
    expect(s.get('app')).toEqual({ theme: 'system' })
    s.set('app', { theme: 'dark' })
    expect(JSON.parse(readFileSync(join(dir, 'settings.json'), 'utf8'))).toMatchObject({ app: { theme: 'dark' } })
    expect(statSync(join(dir, 'settings.json')).mode & 0o777).toBe(0o600)
    expect(open<{ app: { theme: string } }>('settings', { app: { theme: 'system' } }).get('app')).toEqual({
      theme: 'dark'
    })
    expect(existsSync(userData.dir)).toBe(false)
  })

  it('restores the last good copy of a corrupt file, keeps the damaged one, and says so', () => {
    const dir = fresh()
    const notices: StoreNotice[] = []
    const open = createElectronStoreOpener(dir, notices)
    open<{ profiles: string[] }>('profiles', { profiles: [] }).set('profiles', ['a', 'b'])
    // The next good load refreshes the backup; then the file is damaged.
    open<{ profiles: string[] }>('profiles', { profiles: [] })
    writeFileSync(join(dir, 'profiles.json'), '{"profiles": ["a",')
    const recovered = open<{ profiles: string[] }>('profiles', { profiles: [] })
    expect(recovered.get('profiles')).toEqual(['a', 'b'])
    expect(notices).toEqual([{ store: 'profiles', message: expect.stringContaining('restored the last good copy') }])
    const quarantined = readdirSync(dir).filter((f) => f.startsWith('profiles.json.corrupt-'))
    expect(quarantined).toHaveLength(1)
    expect(readFileSync(join(dir, quarantined[0]), 'utf8')).toBe('{"profiles": ["a",')
  })

  it('starts empty, with a notice and the damaged file kept, when there is no backup', () => {
    const dir = fresh()
    const notices: StoreNotice[] = []
    writeFileSync(join(dir, 'settings.json'), 'not json')
    const s = createElectronStoreOpener(dir, notices)<{ entries: Record<string, string> }>('settings', { entries: {} })
    expect(s.get('entries')).toEqual({})
    expect(notices[0].message).toContain('had no backup')
    expect(readdirSync(dir).some((f) => f.startsWith('settings.json.corrupt-'))).toBe(true)
  })

  it('deletes a damaged key file instead of keeping it (it may hold keys; core/store/kv-store.ts KEY_STORES)', () => {
    const dir = fresh()
    const notices: StoreNotice[] = []
    writeFileSync(join(dir, 'secrets.json'), 'not json')
    const s = createElectronStoreOpener(dir, notices)<{ entries: Record<string, string> }>('secrets', { entries: {} })
    expect(s.get('entries')).toEqual({})
    expect(notices[0].message).toContain('the damaged file was deleted')
    expect(readdirSync(dir).some((f) => f.includes('.corrupt-'))).toBe(false)
  })

  it("removes electron-store's sync IPC listener, which would tell any renderer the userData path", async () => {
    // A fresh electron-store module registers its listener on the first store it constructs.
    vi.resetModules()
    const { createElectronStoreOpener: freshOpener } = await import('./store')
    const registered = vi.spyOn(fakeIpcMain, 'on')
    freshOpener(fresh())('settings', { a: 1 })
    expect(registered).toHaveBeenCalledWith('electron-store-get-data', expect.any(Function))
    expect(fakeIpcMain.listenerCount('electron-store-get-data')).toBe(0)
  })
})
