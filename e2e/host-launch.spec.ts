import { chmodSync, existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { expect, test } from '@playwright/test'
import { startSandbox } from '../src/sandbox/index'
import { launchBrowserHost, newCanaryKey, removeDir, tempDataDir } from './support/launch'

/**
 * How the browser host opens the browser (browser host only: the Electron shell opens no browser).
 * A stand-in `xdg-open` records its command line and environment, which every local user could
 * read in the process table; the test then opens what it was given in Chromium, as the real one would.
 */
test.describe('opening the browser from the browser host', () => {
  test('the opener gets a private redirect file (no launch code, no key in argv or env); a second use of the code replaces the token', async ({
    page
  }) => {
    const canary = newCanaryKey()
    const gateway = await startSandbox({
      port: 0,
      speed: 60,
      quiet: true,
      keys: [{ key: canary, name: 'canary key', quota: 1_000_000 }]
    })
    const dataDir = tempDataDir()
    const bin = mkdtempSync(join(tmpdir(), 'studio-e2e-opener-'))
    const record = join(bin, 'record.json')
    writeFileSync(
      join(bin, 'xdg-open'),
      `#!${process.execPath}\nrequire('node:fs').writeFileSync(${JSON.stringify(record)}, JSON.stringify({ argv: process.argv.slice(2), env: process.env }))\n`
    )
    chmodSync(join(bin, 'xdg-open'), 0o755)
    const studio = await launchBrowserHost(
      {
        STUDIO_OPEN: '1',
        DISPLAY: ':99',
        PATH: `${bin}:${process.env.PATH ?? ''}`,
        STUDIO_GATEWAY_URL: gateway.url,
        STUDIO_API_KEY: canary
      },
      dataDir
    )
    try {
      await expect.poll(() => existsSync(record)).toBe(true)
      const opened = JSON.parse(readFileSync(record, 'utf8')) as { argv: string[]; env: Record<string, string> }
      expect(opened.argv).toHaveLength(1)
      const [fileUrl] = opened.argv
      expect(fileUrl).toMatch(/^file:\/\//)
      expect(fileUrl).not.toMatch(/code=|token=/)
      expect(opened.env.STUDIO_API_KEY).toBeUndefined()
      expect(JSON.stringify(opened.env)).not.toContain(canary)

      const file = fileURLToPath(fileUrl)
      const code = /#code=([A-Za-z0-9_-]+)/.exec(readFileSync(file, 'utf8'))?.[1]
      expect(code).toBeTruthy()
      const firstPage = page.waitForResponse((r) => r.url().startsWith('http:') && r.request().isNavigationRequest())
      await page.goto(fileUrl)
      await expect(page.locator('html')).toHaveAttribute('data-app-state', 'ready')
      // The launch nonce and the code are gone from the address; on Linux the launch has its own address.
      expect(page.url()).toMatch(/^http:\/\/127\.[0-9.]+:[0-9]+\/$/)
      if (process.platform === 'linux') expect(new URL(page.url()).hostname).not.toBe('127.0.0.1')
      expect(new URL(page.url()).origin).toBe(new URL(studio.url).origin)
      // Its first page cleared what an earlier server on this origin could have left in the browser.
      expect((await (await firstPage).allHeaders())['clear-site-data']).toBe('"cache", "storage"')
      // No service worker can be registered from the host (the browser's script fetch is refused).
      const registration = await page.evaluate(() =>
        navigator.serviceWorker.register('/bridge.js', { type: 'module' }).then(
          () => 'registered',
          (e: unknown) => String(e)
        )
      )
      expect(registration).toMatch(/\(403\)/)
      // Used once: the file is gone.
      await expect.poll(() => existsSync(file)).toBe(false)
      expect(
        await page.evaluate(() =>
          (window as unknown as { studio: { app: { getInfo(): Promise<{ ok: boolean }> } } }).studio.app.getInfo()
        )
      ).toMatchObject({ ok: true })

      // A reload keeps the session: the token kept for it survives (the site data is cleared only once).
      const reloaded = page.waitForResponse((r) => r.url().startsWith('http:') && r.request().isNavigationRequest())
      await page.reload()
      expect((await (await reloaded).allHeaders())['clear-site-data']).toBeUndefined()
      await expect(page.locator('html')).toHaveAttribute('data-app-state', 'ready')
      expect(
        await page.evaluate(() =>
          (window as unknown as { studio: { app: { getInfo(): Promise<{ ok: boolean }> } } }).studio.app.getInfo()
        )
      ).toMatchObject({ ok: true })

      // What a page of this origin stored is gone once an unused launch address is opened (the browser
      // honours Clear-Site-Data on this loopback origin), and the tab that stored it keeps working.
      await page.evaluate(() => localStorage.setItem('left-behind', '1'))
      const printed = await page.context().newPage()
      await printed.goto(studio.url)
      await expect(printed.locator('html')).toHaveAttribute('data-app-state', 'ready')
      expect(await printed.evaluate(() => localStorage.getItem('left-behind'))).toBeNull()
      await printed.close()
      expect(
        await page.evaluate(() =>
          (window as unknown as { studio: { app: { getInfo(): Promise<{ ok: boolean }> } } }).studio.app.getInfo()
        )
      ).toMatchObject({ ok: true })

      // Someone presents the same code again (a racer who read it, or the browser after a racer).
      const origin = new URL(studio.url).origin
      const again = await fetch(`${origin}/session`, {
        method: 'POST',
        body: code,
        headers: { Origin: origin, 'Content-Type': 'text/plain' }
      })
      expect(again.status).toBe(403)
      await expect.poll(() => studio.output()).toMatch(/used twice/)
      const links = [...studio.output().matchAll(/^Studio ready: (\S+)$/gm)].map((m) => m[1])
      expect(links).toHaveLength(2)
      expect(links[1]).not.toBe(links[0])
      // The page that held the old token is cut off; the new link opens a working studio.
      await expect
        .poll(() =>
          page.evaluate(() =>
            (
              window as unknown as {
                studio: { app: { getInfo(): Promise<{ ok: boolean; error?: { code: string } }> } }
              }
            ).studio.app.getInfo()
          )
        )
        .toMatchObject({ ok: false, error: { code: 'FORBIDDEN_SENDER' } })
      const fresh = await page.context().newPage()
      await fresh.goto(links[1])
      await expect(fresh.locator('html')).toHaveAttribute('data-app-state', 'ready')
      expect(
        await fresh.evaluate(() =>
          (window as unknown as { studio: { app: { getInfo(): Promise<{ ok: boolean }> } } }).studio.app.getInfo()
        )
      ).toMatchObject({ ok: true })
    } finally {
      await studio.stop()
      await gateway.close()
      removeDir(dataDir)
      removeDir(bin)
    }
  })
})
