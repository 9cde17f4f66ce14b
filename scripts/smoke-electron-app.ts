/**
 * How the Electron smoke run (scripts/smoke-electron.ts) starts the app and finds its way in it:
 * the launch on a data folder, the second launch that must quit, the main navigation.
 */
import { spawn } from 'node:child_process'
import { expect, type Page } from '@playwright/test'
import { launchElectron, type LaunchedElectron } from '../e2e/support/electron-launch'
import { ROOT } from '../e2e/support/launch'
import type { SandboxHandle } from '../src/sandbox/index'
import type { SmokeTarget } from './smoke-electron-plan'

export type Target = Extract<SmokeTarget, { ok: true }>

/** An OS notification as the wrapped Notification class saw it in the main process. */
export interface SeenNotice {
  title: string
  body: string
  shown: boolean
  failed: string | null
}

export interface Run {
  target: Target
  sb: SandboxHandle
  key: string
  dataDir: string
  studio: LaunchedElectron
}

export const paidCreates = (sb: SandboxHandle) =>
  sb.log().filter((e) => e.paid && (e.route === 'video.create' || e.route === 'videos.create'))

/**
 * The app on `dataDir`. The smoke gateway's file server is another loopback origin than the gateway:
 * STUDIO_RESULT_ORIGINS names it as one whose results a loopback profile may download, as the
 * end-to-end fixture does (result-address.ts allows plain http only from the profile's own origin
 * and those the studio runs or is told of).
 */
export async function start(target: Target, dataDir: string, sb: SandboxHandle): Promise<LaunchedElectron> {
  const studio = await launchElectron(
    { STUDIO_OPEN: '0', STUDIO_GATEWAY_URL: undefined, STUDIO_API_KEY: undefined, STUDIO_RESULT_ORIGINS: sb.cdnUrl },
    dataDir,
    target
  )
  await expect(studio.page.locator('html')).toHaveAttribute('data-app-state', 'ready', { timeout: 30_000 })
  return studio
}

export async function goTo(page: Page, area: 'Chat' | 'Images' | 'Video' | 'Settings'): Promise<void> {
  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: area }).click()
}

/** A second launch on the same data folder must hand over and quit: the lock is keyed on userData. */
export async function secondInstanceQuits(target: Target, dataDir: string): Promise<void> {
  const env = { ...process.env, STUDIO_HOST: 'electron', STUDIO_DATA_DIR: dataDir, STUDIO_OPEN: '0' }
  const child = spawn(target.executablePath, target.args, { cwd: ROOT, env, stdio: 'ignore' })
  const code = await new Promise<number | null | 'timeout'>((resolve) => {
    const timer = setTimeout(() => resolve('timeout'), 15_000)
    child.once('exit', (c) => {
      clearTimeout(timer)
      resolve(c)
    })
  })
  if (code === 'timeout') {
    child.kill('SIGKILL')
    throw new Error(
      'a second launch on the same data folder was still running after 15 s: the single-instance lock did not hold'
    )
  }
  expect(code, 'the second instance quits cleanly').toBe(0)
}
