import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { noKeychain } from '../profiles/secret-backend'
import { createStudioCore } from '../studio-core'
import { withoutPaths } from './file-role'
import { openConfStore, type StoreNotice } from './kv-store'

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
    expect(notices[0].message).toMatch(/^profiles\.json was damaged and had no backup; started empty \(damaged file kept as profiles\.json\.corrupt-\d+\)$/)
    expect(notices[0].message).not.toContain(dir)
  })

  it('app:get-notices of a full core started on damaged stores carries no path of this machine', async () => {
    const dir = tempDir()
    writeFileSync(join(dir, 'profiles.json'), '{"profiles": [')
    writeFileSync(join(dir, 'settings.json'), 'not json')
    mkdirSync(join(dir, 'images'), { recursive: true })
    writeFileSync(join(dir, 'images', 'jobs.json'), '{"v":1,"jobs":[{"jobId"')
    const core = await createStudioCore({ shell: 'browser', secrets: noKeychain, dataDir: dir, appVersion: '0.0.0', platform: 'linux', sandbox: { enabled: false } })
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
    expect(withoutPaths('(damaged file kept as C:\\Users\\u\\AppData\\jobs.json.corrupt-1)')).toBe('(damaged file kept as jobs.json.corrupt-1)')
    expect(withoutPaths('"/etc/passwd" and \\\\server\\share\\x')).toBe('"passwd" and x')
    expect(withoutPaths('see https://gw.example/v1/models, 1/2 done')).toBe('see https://gw.example/v1/models, 1/2 done')
  })
})
