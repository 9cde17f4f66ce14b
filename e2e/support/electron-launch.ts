import { join } from 'node:path'
import { _electron, type ElectronApplication, type Page } from '@playwright/test'
import { ROOT } from './launch'

export interface LaunchedElectron {
  app: ElectronApplication
  page: Page
  output: () => string
  stop(): Promise<void>
}

/**
 * Which Electron to start: by default the built main script (out/main/index.js) under the Electron of
 * node_modules (Playwright finds it); `npm run smoke:electron` passes the binary it found, or a
 * packaged app's executable with no script.
 */
export interface ElectronTarget {
  executablePath?: string
  args?: string[]
}

/**
 * Starts the built Electron shell (out/main/index.js) through Playwright's _electron, for machines that
 * have the Electron binary (STUDIO_E2E_SHELL=electron). The env matches launchBrowserHost's, so every
 * spec runs unchanged in either shell.
 */
export async function launchElectron(
  env: Record<string, string | undefined>,
  dataDir: string,
  target: ElectronTarget = {}
): Promise<LaunchedElectron> {
  const merged: Record<string, string> = {}
  for (const [k, v] of Object.entries({
    ...process.env,
    STUDIO_SANDBOX_SPEED: '60',
    ...env,
    STUDIO_HOST: 'electron',
    STUDIO_DATA_DIR: dataDir
  })) {
    if (v !== undefined) merged[k] = v
  }
  const args = target.args ?? [join(ROOT, 'out', 'main', 'index.js')]
  const app = await _electron.launch({
    ...(target.executablePath ? { executablePath: target.executablePath } : {}),
    args,
    cwd: ROOT,
    env: merged,
    timeout: 30_000
  })
  let out = ''
  app.process().stdout?.on('data', (d: Buffer) => (out += d.toString()))
  app.process().stderr?.on('data', (d: Buffer) => (out += d.toString()))
  const page = await app.firstWindow()
  return {
    app,
    page,
    output: () => out,
    stop: async () => {
      await app.close().catch(() => undefined)
    }
  }
}
