import {
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync
} from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import { SecretGuard } from '../ipc/secret-guard'
import { KeyVault, type SecretsFile } from '../profiles/key-vault'
import { noKeychain } from '../profiles/secret-backend'
import { createStudioCore } from '../studio-core'
import { openConfStore, type StoreNotice } from './kv-store'
import { createBackup, requestRestore } from './library-backup'
import { openLibrary } from './library-db'

const KEY_A = 'sk-first-key-0123456789'
const KEY_B = 'sk-second-key-9876543210'

const dirs: string[] = []
afterEach(() => {
  while (dirs.length) rmSync(dirs.pop()!, { recursive: true, force: true })
})
function tempDir(): string {
  const d = mkdtempSync(join(tmpdir(), 'studio-private-'))
  dirs.push(d)
  return d
}
const mode = (p: string) => statSync(p).mode & 0o777

/** POSIX modes only: on Windows the data folder's ACL (under the user's profile) is what protects it. */
describe.runIf(process.platform !== 'win32')('data at rest is private to its owner', () => {
  beforeAll(() => {
    // The common default, which would leave new files 0644 and folders 0755.
    process.umask(0o022)
  })

  it('a data folder made earlier with 0755 is made 0700 at start, and the library database, -wal and -shm are 0600', async () => {
    const dir = join(tempDir(), 'data')
    mkdirSync(dir, { mode: 0o755 })
    chmodSync(dir, 0o755)
    const core = await createStudioCore({
      shell: 'browser',
      secrets: noKeychain,
      dataDir: dir,
      appVersion: '0.0.0',
      platform: 'linux',
      sandbox: { enabled: false }
    })
    try {
      expect(mode(dir)).toBe(0o700)
      for (const f of ['library.db', 'library.db-wal', 'library.db-shm']) {
        expect(existsSync(join(dir, f)), f).toBe(true)
        expect(mode(join(dir, f)), f).toBe(0o600)
      }
    } finally {
      await core.dispose()
    }
  })

  it('a library database left 0644 by an earlier version is made 0600 when it opens', () => {
    const dir = tempDir()
    openLibrary(dir).release()
    for (const f of ['library.db', 'library.db-wal', 'library.db-shm'])
      if (existsSync(join(dir, f))) chmodSync(join(dir, f), 0o644)
    const lib = openLibrary(dir)
    lib.schema('t', ['CREATE TABLE t (v TEXT)'])
    lib.run('INSERT INTO t (v) VALUES (?)', 'x')
    for (const f of ['library.db', 'library.db-wal', 'library.db-shm'])
      if (existsSync(join(dir, f))) expect(mode(join(dir, f)), f).toBe(0o600)
    lib.release()
  })

  it("a backup's database is 0600, and so is the library put back from it", async () => {
    const dir = tempDir()
    const lib = openLibrary(dir)
    lib.schema('t', ['CREATE TABLE t (v TEXT)'])
    const backup = await createBackup(lib, dir)
    const copy = join(dir, 'backups', backup.name, 'library.db')
    expect(mode(copy)).toBe(0o600)
    expect(mode(join(dir, 'backups', backup.name))).toBe(0o700)
    await requestRestore(dir, backup.name)
    lib.release()
    chmodSync(copy, 0o644)
    openLibrary(dir).release()
    expect(mode(join(dir, 'library.db'))).toBe(0o600)
  })

  it("the key file's .bak follows every key change (no replaced or removed key stays in it) and is 0600", async () => {
    const dir = tempDir()
    const store = openConfStore<SecretsFile>(dir, 'secrets', { entries: {} })
    const vault = new KeyVault(store, noKeychain, new SecretGuard())
    await vault.set('p1', KEY_A, 'file')
    const bak = `${store.path}.bak`
    expect(readFileSync(bak, 'utf8')).toContain(KEY_A)
    expect(mode(bak)).toBe(0o600)
    await vault.set('p1', KEY_B, 'file')
    expect(readFileSync(bak, 'utf8')).not.toContain(KEY_A)
    expect(readFileSync(bak, 'utf8')).toContain(KEY_B)
    vault.remove('p1')
    expect(readFileSync(bak, 'utf8')).not.toContain(KEY_B)
    expect(mode(bak)).toBe(0o600)
  })

  it('a damaged key file is deleted, never kept aside, and copies kept by earlier versions are removed', () => {
    const dir = tempDir()
    writeFileSync(join(dir, 'secrets.json.corrupt-1700000000000'), `{"entries":{"p0":{"data":"${KEY_B}"`)
    writeFileSync(join(dir, 'secrets.json'), `{"entries":{"p1":{"v":1,"mode":"file","backend":"none","data":"${KEY_A}"`)
    const notices: StoreNotice[] = []
    openConfStore<SecretsFile>(dir, 'secrets', { entries: {} }, notices)
    const left = readdirSync(dir).map((n) => readFileSync(join(dir, n), 'utf8'))
    expect(left.join('\n')).not.toContain(KEY_A)
    expect(left.join('\n')).not.toContain(KEY_B)
    expect(readdirSync(dir).filter((n) => n.includes('corrupt'))).toEqual([])
    expect(notices.map((n) => n.message)).toEqual([
      'secrets.json was damaged and had no backup; started empty (the damaged file was deleted, as it may hold keys)'
    ])
  })

  it('a damaged key file with a good .bak is restored from it as 0600', () => {
    const dir = tempDir()
    const first = openConfStore<SecretsFile>(dir, 'secrets', { entries: {} })
    first.set('entries', { p1: { v: 1, mode: 'file', backend: 'none', data: KEY_A, createdAt: 1 } })
    writeFileSync(first.path, '{"entries": {')
    const notices: StoreNotice[] = []
    const again = openConfStore<SecretsFile>(dir, 'secrets', { entries: {} }, notices)
    expect(again.get('entries').p1?.data).toBe(KEY_A)
    expect(notices[0]?.message).toBe(
      'secrets.json was damaged; restored the last good copy (the damaged file was deleted, as it may hold keys)'
    )
    expect(mode(again.path)).toBe(0o600)
    expect(readdirSync(dir).filter((n) => n.includes('corrupt'))).toEqual([])
  })
})
