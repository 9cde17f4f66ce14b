/**
 * What `npm run smoke:electron` walks, and which Electron it starts. Kept apart from the runner
 * (scripts/smoke-electron.ts) so a unit test can hold the steps to docs/ELECTRON.md and check the
 * refusal on a machine without Electron, without starting anything.
 */
import { existsSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { findElectronBinary } from './launch-decision.mjs'

export interface SmokeStep {
  id: string
  /** The line docs/ELECTRON.md lists, word for word (scripts/smoke-electron.test.ts checks it). */
  title: string
}

/** The flows only the Electron shell has, in the order the script walks them. */
export const STEPS: readonly SmokeStep[] = [
  {
    id: 'start',
    title:
      'Start: the window shows the studio from app://bundle/, the app is named Generation Studio and holds the single-instance lock; a second launch on the same data folder quits at once'
  },
  {
    id: 'saved-key',
    title:
      'A profile with a saved key: added in Settings against the smoke gateway, encrypted with the OS keychain (safeStorage), never in clear in the data folder'
  },
  { id: 'chat', title: 'A streamed chat answer from that profile: seen streaming, then complete' },
  { id: 'image', title: 'An image: generated, then shown from studio-media://' },
  {
    id: 'video-redirect',
    title:
      'A video whose result link redirects twice: downloaded through every hop (the gateway log shows 302, 302, 200 and no fallback to /content), played from studio-media://, and shown fullscreen'
  },
  {
    id: 'extract-frame',
    title: 'Extract frame: the frame the player shows goes into the gallery as a PNG at the video size'
  },
  {
    id: 'notification',
    title: 'A desktop notification for the finished video: shown by the OS, or the in-app notice when the OS shows none'
  },
  {
    id: 'quit-resume',
    title:
      'Quit with a video running and start again: the saved key still opens the profile, the task resumes and its result is downloaded and plays, with one paid create'
  }
]

export type SmokeTarget =
  { ok: true; executablePath: string; args: string[]; what: string } | { ok: false; reason: string }

/**
 * The Electron to drive: STUDIO_SMOKE_APP (a packaged app's executable, started with no script), or
 * the Electron binary of node_modules with the built main script. The electron package's own index
 * is never loaded: when the binary is missing it tries to download it.
 */
export function smokeTarget(root: string, env: Record<string, string | undefined>): SmokeTarget {
  const packaged = env.STUDIO_SMOKE_APP
  if (packaged) {
    if (!existsSync(packaged) || !statSync(packaged).isFile())
      return { ok: false, reason: `STUDIO_SMOKE_APP names no executable file: ${packaged}` }
    return { ok: true, executablePath: packaged, args: [], what: `the packaged app ${packaged}` }
  }
  const found = findElectronBinary(join(root, 'node_modules', 'electron'), env)
  if (!found.ok)
    return {
      ok: false,
      reason: `${found.reason} (install it without ELECTRON_SKIP_BINARY_DOWNLOAD, or set STUDIO_SMOKE_APP to a packaged app's executable)`
    }
  return {
    ok: true,
    executablePath: found.path,
    args: [join(root, 'out', 'main', 'index.js')],
    what: `the built app (out/main/index.js) under ${found.path}`
  }
}

/** The one line and exit code of a machine where the smoke cannot run at all. */
export const NO_ELECTRON_EXIT = 2
export const noElectronLine = (reason: string) =>
  `Electron is not installed here: ${reason}. npm run smoke:electron runs only where Electron can start; nothing was checked.`
