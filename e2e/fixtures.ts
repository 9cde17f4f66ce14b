import { test as base, expect, type Page } from '@playwright/test'
import { startSandbox, type SandboxHandle } from '../src/sandbox/index'
import { launchBrowserHost, newCanaryKey, removeDir, tempDataDir, type LaunchedStudio } from './support/launch'
import { recordBridgeTraffic } from './support/canary'

export { expect }

/**
 * Each test gets: a gateway sandbox of its own (accepting a unique canary key), a temp data dir,
 * and a `launch()` that starts the built studio and opens it. STUDIO_E2E_SHELL=electron is reserved
 * for machines with the Electron binary (see e2e/electron.spec.ts); everything here drives the
 * browser host, which is what `npm start` runs where Electron cannot start.
 */
export interface StudioFixture {
  canary: string
  gateway: SandboxHandle
  dataDir: string
  bridge: { frames: string[] }
  /** Starts the studio (again, after a restart) and opens its page. */
  launch(env?: Record<string, string | undefined>): Promise<Page>
  /** Stops the host, keeping the data dir. */
  stop(): Promise<void>
  host(): LaunchedStudio
}

export const test = base.extend<{ studio: StudioFixture }>({
  studio: async ({ page }, use) => {
    const canary = newCanaryKey()
    const gateway = await startSandbox({ port: 0, speed: 60, quiet: true, keys: [{ key: canary, name: 'canary key', quota: 40_000_000 }] })
    const dataDir = tempDataDir()
    const bridge = recordBridgeTraffic(page)
    let current: LaunchedStudio | undefined
    const fixture: StudioFixture = {
      canary,
      gateway,
      dataDir,
      bridge,
      async launch(env = {}) {
        current = await launchBrowserHost(env, dataDir)
        await page.goto(current.url)
        await expect(page.locator('html')).toHaveAttribute('data-app-state', 'ready')
        return page
      },
      async stop() {
        await current?.stop()
      },
      host() {
        if (!current) throw new Error('launch() first')
        return current
      }
    }
    await use(fixture)
    await current?.stop()
    await gateway.close()
    removeDir(dataDir)
  }
})
