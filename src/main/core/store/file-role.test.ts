import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import sharp from 'sharp'
import { afterEach, describe, expect, it } from 'vitest'
import { noKeychain } from '../profiles/secret-backend'
import { createStudioCore } from '../studio-core'
import { withoutPaths } from './file-role'
import { openConfStore, type StoreNotice } from './kv-store'
import { createBackup, requestRestore } from './library-backup'
import { openLibrary } from './library-db'

const dirs: string[] = []
afterEach(() => {
  while (dirs.length) rmSync(dirs.pop()!, { recursive: true, force: true })
})
function tempDir(): string {
  const d = mkdtempSync(join(tmpdir(), 'studio-file-role-'))
  dirs.push(d)
  return d
}

describe('notices name files by their role, never by absolute path', () => {
  it('a repaired store names the damaged copy by its file name only', () => {
    const dir = tempDir()
    writeFileSync(join(dir, 'profiles.json'), '{"profiles": [')
    const notices: StoreNotice[] = []
    openConfStore(dir, 'profiles', { profiles: [] }, notices)
    expect(notices).toHaveLength(1)
    expect(notices[0].message).toMatch(
      /^profiles\.json was damaged and had no backup; started empty \(damaged file kept as profiles\.json\.corrupt-\d+\)$/
    )
    expect(notices[0].message).not.toContain(dir)
  })

  it('app:get-notices of a full core started on damaged stores carries no path of this machine', async () => {
    const dir = tempDir()
    writeFileSync(join(dir, 'profiles.json'), '{"profiles": [')
    writeFileSync(join(dir, 'settings.json'), 'not json')
    mkdirSync(join(dir, 'images'), { recursive: true })
    writeFileSync(join(dir, 'images', 'jobs.json'), '{"v":1,"jobs":[{"jobId"')
    const core = await createStudioCore({
      shell: 'browser',
      secrets: noKeychain,
      dataDir: dir,
      appVersion: '0.0.0',
      platform: 'linux',
      sandbox: { enabled: false }
    })
    try {
      const served = await core.dispatch('app:get-notices', undefined, { shell: 'browser' })
      if (!served.ok) throw new Error(served.error.message)
      const { notices } = served.value as { notices: Array<{ store: string; message: string }> }
      expect(notices.length).toBeGreaterThanOrEqual(2)
      for (const n of notices) {
        expect(n.message).not.toContain(dir)
        expect(n.message).not.toMatch(/(^|[\s(])\//)
      }
      expect(notices.map((n) => n.message).join('\n')).toMatch(/kept as profiles\.json\.corrupt-\d+/)
    } finally {
      await core.dispose()
    }
  })

  it('the last line turns any absolute path left in a text into its file name, and leaves URLs and ratios alone', () => {
    expect(withoutPaths('kept as /home/u/.config/studio/chat/c-1.json.corrupt-5.')).toBe('kept as c-1.json.corrupt-5.')
    expect(withoutPaths('(damaged file kept as C:\\Users\\u\\AppData\\jobs.json.corrupt-1)')).toBe(
      '(damaged file kept as jobs.json.corrupt-1)'
    )
    expect(withoutPaths('"/etc/passwd" and \\\\server\\share\\x')).toBe('"passwd" and x')
    expect(withoutPaths('see https://gw.example/v1/models, 1/2 done')).toBe(
      'see https://gw.example/v1/models, 1/2 done'
    )
  })

  it('a whole path goes, with spaces in its folders, on macOS, Windows and Linux, quoted or not', () => {
    const mac = '/Users/Jane Doe/Library/Application Support/Generation Studio/library.db.damaged-1700000000000'
    const win = 'C:\\Users\\Jane Doe\\AppData\\Roaming\\Generation Studio\\library.db.damaged-1700000000000'
    expect(withoutPaths(`The damaged file is kept as ${mac}.`)).toBe(
      'The damaged file is kept as library.db.damaged-1700000000000.'
    )
    expect(withoutPaths(`The damaged file is kept as ${win}. The library starts empty.`)).toBe(
      'The damaged file is kept as library.db.damaged-1700000000000. The library starts empty.'
    )
    expect(withoutPaths('C:/Program Files (x86)/Generation Studio/x.db (kept)')).toBe('x.db (kept)')
    expect(withoutPaths("ENOENT: no such file or directory, open '/home/jane doe/my photo.png'")).toBe(
      "ENOENT: no such file or directory, open 'my photo.png'"
    )
    expect(withoutPaths('Input file is missing: /home/jane doe/Pictures/holiday.png')).toBe(
      'Input file is missing: holiday.png'
    )
    expect(withoutPaths('either / or, a/b and 3/4')).toBe('either / or, a/b and 3/4')
  })

  it('real messages from the file system and the image library keep no folder of the path', async () => {
    const home = join(tempDir(), 'Jane Doe', 'Application Support')
    const fsError = await readFile(join(home, 'library.db')).catch((e: Error) => e.message)
    const sharpError = await sharp(join(home, 'my photo.png'))
      .metadata()
      .catch((e: Error) => e.message)
    expect(sharpError).toMatch(/^Input file is missing: /)
    for (const raw of [fsError, sharpError]) {
      expect(raw).toContain('Jane Doe')
      const clean = withoutPaths(raw as string)
      expect(clean).not.toMatch(/Jane|Doe|Application|Support|studio-file-role/)
    }
  })

  it("the library's own notices name kept files by name, in a data folder with spaces", async () => {
    const dir = join(tempDir(), 'Application Support', 'Generation Studio')
    mkdirSync(dir, { recursive: true })
    const notices: string[] = []
    const a = openLibrary(dir, (m) => notices.push(m))
    const backup = await createBackup(a, dir)
    await requestRestore(dir, backup.name)
    a.release()
    const b = openLibrary(dir, (m) => notices.push(m))
    b.release()
    writeFileSync(join(dir, 'library.db'), Buffer.alloc(8192, 7))
    const c = openLibrary(dir, (m) => notices.push(m))
    c.release()
    expect(notices).toHaveLength(2)
    expect(notices[0]).toMatch(/is kept as library\.db\.before-restore-\d+\.$/)
    expect(notices[1]).toMatch(/The damaged file is kept as library\.db\.damaged-\d+\.$/)
    for (const n of notices) expect(n).not.toMatch(/Application|Support|Generation Studio|studio-file-role/)
  })

  it('app:get-notices carries no folder of a data folder with spaces', async () => {
    const dir = join(tempDir(), 'Application Support', 'Generation Studio')
    mkdirSync(dir, { recursive: true })
    writeFileSync(join(dir, 'library.db'), Buffer.alloc(8192, 7))
    writeFileSync(join(dir, 'profiles.json'), '{"profiles": [')
    const core = await createStudioCore({
      shell: 'browser',
      secrets: noKeychain,
      dataDir: dir,
      appVersion: '0.0.0',
      platform: 'linux',
      sandbox: { enabled: false }
    })
    try {
      const served = await core.dispatch('app:get-notices', undefined, { shell: 'browser' })
      if (!served.ok) throw new Error(served.error.message)
      const { notices } = served.value as { notices: Array<{ store: string; message: string }> }
      expect(notices.map((n) => n.message).join('\n')).toMatch(/library\.db\.damaged-\d+/)
      for (const n of notices) expect(n.message).not.toMatch(/Application|Support|Generation Studio|studio-file-role/)
    } finally {
      await core.dispose()
    }
  })
})
