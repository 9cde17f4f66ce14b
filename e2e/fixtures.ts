import { test as base, expect, type Page } from '@playwright/test'
import { startSandbox, type SandboxHandle } from '../src/sandbox/index'
import { recordBridgeTraffic } from './support/canary'
import { launchElectron, type LaunchedElectron } from './support/electron-launch'
import { launchBrowserHost, newCanaryKey, removeDir, tempDataDir, type LaunchedStudio } from './support/launch'

export { expect }

/**
 * Each test gets: a gateway sandbox of its own (accepting a unique canary key), a temp data dir,
 * and a `launch()` that starts the built studio and opens it. By default the studio runs as the
 * browser host in Chromium (what `npm start` runs where Electron cannot start); with
 * STUDIO_E2E_SHELL=electron, on machines that have the Electron binary, the same specs drive the
 * Electron shell through Playwright's _electron.
 */
export interface StudioFixture {
  shell: 'browser' | 'electron'
  canary: string
  gateway: SandboxHandle
  dataDir: string
  /** Bridge socket frames (browser host only: the Electron shell has no socket to record). */
  bridge: { frames: string[] }
  /** Starts the studio (again, after a restart) and opens its page. */
  launch(env?: Record<string, string | undefined>): Promise<Page>
  /** Stops the host, keeping the data dir. */
  stop(): Promise<void>
  /** The studio's output so far (its log lines and the ready line). */
  output(): string
}

/**
 * Which naming the test's gateway speaks: the spec's stand-ins, or the sandbox's second naming
 * (`test.use({ gatewayNaming: 'alt' })`), where every stand-in is unknown as on a live gateway.
 */
export interface StudioOptions {
  gatewayNaming: 'standin' | 'alt'
  /** The sandbox's seed: a fixed one gives the same answers and pictures every run (screenshot tests). */
  gatewaySeed: number | undefined
}

const SHELL = process.env.STUDIO_E2E_SHELL === 'electron' ? 'electron' : 'browser'

async function gatewayAndDir(naming: StudioOptions['gatewayNaming'], seed?: number) {
  const canary = newCanaryKey()
  const gateway = await startSandbox({
    port: 0,
    speed: 60,
    quiet: true,
    naming,
    ...(seed !== undefined ? { seed } : {}),
    keys: [{ key: canary, name: 'canary key', quota: 40_000_000 }]
  })
  return { canary, gateway, dataDir: tempDataDir() }
}

const browserStudio = base.extend<StudioOptions & { studio: StudioFixture }>({
  gatewayNaming: ['standin', { option: true }],
  gatewaySeed: [undefined, { option: true }],
  studio: async ({ page, gatewayNaming, gatewaySeed }, use) => {
    const { canary, gateway, dataDir } = await gatewayAndDir(gatewayNaming, gatewaySeed)
    const bridge = recordBridgeTraffic(page)
    let current: LaunchedStudio | undefined
    await use({
      shell: 'browser',
      canary,
      gateway,
      dataDir,
      bridge,
      async launch(env = {}) {
        // The sandbox's file server is another loopback origin: results from it are allowed (result-address.ts).
        current = await launchBrowserHost({ STUDIO_RESULT_ORIGINS: gateway.cdnUrl, ...env }, dataDir)
        await page.goto(current.url)
        await expect(page.locator('html')).toHaveAttribute('data-app-state', 'ready')
        return page
      },
      async stop() {
        await current?.stop()
      },
      output: () => current?.output() ?? ''
    })
    await current?.stop()
    await gateway.close()
    removeDir(dataDir)
  }
})

// No `page` here: the Electron shell brings its own window, and no Chromium is needed.
const electronStudio = base.extend<StudioOptions & { studio: StudioFixture }>({
  gatewayNaming: ['standin', { option: true }],
  gatewaySeed: [undefined, { option: true }],
  studio: async ({ gatewayNaming, gatewaySeed }, use) => {
    const { canary, gateway, dataDir } = await gatewayAndDir(gatewayNaming, gatewaySeed)
    let current: LaunchedElectron | undefined
    await use({
      shell: 'electron',
      canary,
      gateway,
      dataDir,
      bridge: { frames: [] },
      async launch(env = {}) {
        current = await launchElectron({ STUDIO_RESULT_ORIGINS: gateway.cdnUrl, ...env }, dataDir)
        await expect(current.page.locator('html')).toHaveAttribute('data-app-state', 'ready')
        return current.page
      },
      async stop() {
        await current?.stop()
      },
      output: () => current?.output() ?? ''
    })
    await current?.stop()
    await gateway.close()
    removeDir(dataDir)
  }
})

export const test = SHELL === 'electron' ? electronStudio : browserStudio
