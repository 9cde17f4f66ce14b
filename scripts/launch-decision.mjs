// Pure decisions of `npm start` (scripts/launcher.mjs does the process work). Plain ESM so the
// launcher runs before and without any build; types in launch-decision.d.mts.
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'

/** Electron exiting non-zero sooner than this after spawn means it could not start at all. */
export const ELECTRON_GRACE_MS = 5000

/** @param {Record<string, string | undefined>} env */
export function hostMode(env) {
  const raw = env.STUDIO_HOST ?? ''
  const value = raw.trim().toLowerCase()
  if (value === '') return { mode: 'auto' }
  if (value === 'browser' || value === 'electron') return { mode: value }
  return { error: `STUDIO_HOST must be "electron" or "browser", got ${JSON.stringify(raw)}` }
}

const realFs = {
  /** @param {string} p */
  exists: (p) => existsSync(p),
  /** @param {string} p */
  readText: (p) => {
    try {
      return readFileSync(p, 'utf8')
    } catch {
      return null
    }
  }
}

/**
 * Where the Electron binary is, following node_modules/electron/index.js. We do not require that
 * file: when the binary is missing it tries to download it (network, and a line on stdout).
 * @param {string} electronDir  node_modules/electron
 * @param {Record<string, string | undefined>} env
 */
export function findElectronBinary(electronDir, env, fs = realFs) {
  if (!fs.exists(join(electronDir, 'package.json')))
    return { ok: false, reason: 'the electron package is not installed' }
  const rel = fs.readText(join(electronDir, 'path.txt'))?.trim() || null
  const override = env.ELECTRON_OVERRIDE_DIST_PATH
  if (override) {
    const path = join(override, rel ?? 'electron')
    return fs.exists(path)
      ? { ok: true, path }
      : { ok: false, reason: `no Electron binary at ${path} (ELECTRON_OVERRIDE_DIST_PATH)` }
  }
  if (!rel) return { ok: false, reason: 'the Electron binary was never downloaded' }
  const path = join(electronDir, 'dist', rel)
  return fs.exists(path)
    ? { ok: true, path }
    : { ok: false, reason: 'the Electron binary is missing from node_modules/electron/dist' }
}

/**
 * What to do once Electron has exited.
 * @param {{ mode: 'auto' | 'electron', code: number | null, signal: string | null,
 *   elapsedMs: number, forwarded: boolean, spawnError?: string, graceMs?: number }} r
 */
export function afterElectronExit(r) {
  // We passed on the user's Ctrl-C or a service stop: that is the end of the session.
  if (r.forwarded) return { action: 'exit' }
  const why = r.spawnError
    ? `it could not be run: ${r.spawnError}`
    : r.signal
      ? `it was killed by ${r.signal}`
      : r.code !== 0
        ? `it exited with code ${r.code}`
        : null
  if (why === null) return { action: 'exit' }
  if (r.mode === 'auto' && (r.spawnError || r.elapsedMs < (r.graceMs ?? ELECTRON_GRACE_MS))) {
    return { action: 'fallback', reason: `Electron could not start (${why})` }
  }
  return { action: 'exit', reason: `Electron stopped: ${why}` }
}

/**
 * The one stderr line announcing the browser host.
 * @param {string} reason
 * @param {string} [detail] Electron's last stderr line, if it said anything
 */
export function fallbackLine(reason, detail) {
  const said = detail ? `: ${detail.length > 200 ? detail.slice(0, 200) + '…' : detail}` : ''
  return `${reason}${said}; serving the studio in your browser instead.`
}

/** @param {string} text */
export function lastLine(text) {
  const lines = text
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter(Boolean)
  return lines.length ? lines[lines.length - 1] : undefined
}
