import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, symlinkSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterEach, describe, expect, it } from 'vitest'
import { LAUNCH_DIR_NAME, writeLaunchPage } from './launch-page'

const LAUNCH = 'http://127.0.0.1:5000/#code=abcdefghijklmnopqrstuv'

describe('the redirect page the host opens instead of the launch address', () => {
  const dirs: string[] = []
  const dataDir = (): string => {
    const d = mkdtempSync(join(tmpdir(), 'studio-launch-page-'))
    dirs.push(d)
    return d
  }
  afterEach(() => {
    for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true })
  })

  it('is a 0600 file in a 0700 folder that sends the browser to the address, and its file URL does not contain it', () => {
    const page = writeLaunchPage(dataDir(), LAUNCH)
    expect(page.fileUrl).toMatch(/^file:\/\//)
    expect(page.fileUrl).not.toContain('code=')
    expect(fileURLToPath(page.fileUrl)).toBe(page.path)
    expect(statSync(page.path).mode & 0o777).toBe(0o600)
    expect(statSync(join(page.path, '..')).mode & 0o777).toBe(0o700)
    const html = readFileSync(page.path, 'utf8')
    expect(html).toContain(`<meta http-equiv="refresh" content="0;url=${LAUNCH}">`)
    expect(html).toContain('打开')
    page.remove()
    page.remove()
    expect(existsSync(page.path)).toBe(false)
  })

  it('tightens a folder that already existed with a wider mode, and escapes the address for HTML', () => {
    const data = dataDir()
    mkdirSync(join(data, LAUNCH_DIR_NAME), { mode: 0o755 })
    chmodSync(join(data, LAUNCH_DIR_NAME), 0o755)
    const page = writeLaunchPage(data, 'http://127.0.0.1:5000/?a=1&b="2"#code=x')
    expect(statSync(join(data, LAUNCH_DIR_NAME)).mode & 0o777).toBe(0o700)
    expect(readFileSync(page.path, 'utf8')).toContain('url=http://127.0.0.1:5000/?a=1&#38;b=&#34;2&#34;#code=x"')
    page.remove()
  })

  it('refuses a launch folder that is a symlink (someone else could read through it)', () => {
    const data = dataDir()
    const elsewhere = dataDir()
    symlinkSync(elsewhere, join(data, LAUNCH_DIR_NAME))
    expect(() => writeLaunchPage(data, LAUNCH)).toThrow(/not a folder/)
  })
})
