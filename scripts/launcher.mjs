// The process work of `npm start`: run Electron when it can, else the browser host.
// stdout belongs to the browser host's single `Studio ready:` line; everything else goes to stderr.
import { spawn } from 'node:child_process'
import { existsSync } from 'node:fs'
import {
  afterElectronExit,
  fallbackLine,
  findElectronBinary,
  hostMode,
  lastLine,
  ELECTRON_GRACE_MS
} from './launch-decision.mjs'

const SIGNALS = /** @type {const} */ (['SIGINT', 'SIGTERM', 'SIGHUP'])
/** Output Electron writes while we still might fall back; kept so the fallback line can quote it. */
const MAX_HELD_BYTES = 64 * 1024

/**
 * Runs a child until it exits, passing our termination signals on to it.
 * @param {string} command @param {string[]} args @param {import('node:child_process').SpawnOptions} options
 * @param {(child: import('node:child_process').ChildProcess) => void} [onSpawn]
 * @returns {Promise<{ code: number | null, signal: NodeJS.Signals | null, forwarded: boolean, spawnError?: string }>}
 */
function runChild(command, args, options, onSpawn) {
  return new Promise((resolve) => {
    let forwarded = false
    const child = spawn(command, args, options)
    const forward = (/** @type {NodeJS.Signals} */ signal) => {
      forwarded = true
      child.kill(signal)
    }
    for (const s of SIGNALS) process.on(s, forward)
    const done = (/** @type {any} */ result) => {
      for (const s of SIGNALS) process.off(s, forward)
      resolve({ forwarded, ...result })
    }
    child.once('error', (e) => done({ code: null, signal: null, spawnError: e.message }))
    child.once('close', (code, signal) => done({ code, signal }))
    onSpawn?.(child)
  })
}

/**
 * @param {{ env: Record<string, string | undefined>, electronDir: string, appDir: string,
 *   hostEntry: string, graceMs?: number, stderr?: NodeJS.WritableStream }} o
 * @returns {Promise<{ code: number, signal?: NodeJS.Signals }>}
 */
export async function runLauncher(o) {
  const stderr = o.stderr ?? process.stderr
  const say = (/** @type {string} */ line) => stderr.write(line + '\n')
  const mode = hostMode(o.env)
  if (mode.error) {
    say(mode.error)
    return { code: 2 }
  }

  const runHost = async () => {
    if (!existsSync(o.hostEntry)) {
      say('The studio is not built yet: run `npm run build` first (or `npm start`).')
      return { code: 1 }
    }
    const r = await runChild(process.execPath, [o.hostEntry], { stdio: ['ignore', 'inherit', 'inherit'], env: o.env })
    if (r.spawnError) say(`Could not run the browser host: ${r.spawnError}`)
    return r.signal && !r.forwarded
      ? { code: 1 }
      : { code: r.code ?? 0, signal: r.forwarded && r.signal ? r.signal : undefined }
  }

  if (mode.mode === 'browser') return runHost()

  const bin = findElectronBinary(o.electronDir, o.env)
  if (!bin.ok) {
    if (mode.mode === 'electron') {
      say(`STUDIO_HOST=electron, but ${bin.reason}.`)
      return { code: 1 }
    }
    say(fallbackLine(`Electron is not available (${bin.reason})`))
    return runHost()
  }

  const graceMs = o.graceMs ?? ELECTRON_GRACE_MS
  const env = { ...o.env }
  // With this set, the Electron binary behaves as plain Node and would run our main as a script.
  delete env.ELECTRON_RUN_AS_NODE
  // On Linux Chromium forks its zygote before any JavaScript runs, and every renderer is forked
  // from it with the environment Electron started with: a key in that environment would be in every
  // renderer's. So the key goes through Electron's stdin instead (src/main/env-key.ts reads it).
  const apiKey = env.STUDIO_API_KEY
  delete env.STUDIO_API_KEY
  delete env.STUDIO_API_KEY_FROM
  if (apiKey) env.STUDIO_API_KEY_FROM = 'stdin'
  const started = Date.now()
  /** @type {Buffer[]} */
  const held = []
  let heldBytes = 0
  let holding = true
  let graceTimer
  const r = await runChild(
    bin.path,
    [o.appDir],
    { stdio: [apiKey ? 'pipe' : 'ignore', 'pipe', 'pipe'], env },
    (child) => {
      if (apiKey && child.stdin) {
        child.stdin.on('error', () => {}) // Electron that exits before reading it: its exit is reported below
        child.stdin.end(apiKey)
      }
      // Electron's own output never goes to stdout; it is held during the grace period, because if
      // Electron cannot start we replace its noise with one explanatory line.
      const take = (/** @type {Buffer} */ chunk) => {
        if (!holding) return void stderr.write(chunk)
        if (heldBytes < MAX_HELD_BYTES) held.push(chunk)
        heldBytes += chunk.length
      }
      child.stdout?.on('data', take)
      child.stderr?.on('data', take)
      graceTimer = setTimeout(() => {
        holding = false
        for (const chunk of held.splice(0)) stderr.write(chunk)
      }, graceMs)
    }
  )
  clearTimeout(graceTimer)
  const decision = afterElectronExit({ mode: mode.mode, ...r, elapsedMs: Date.now() - started, graceMs })
  if (decision.action === 'fallback') {
    say(fallbackLine(decision.reason, lastLine(Buffer.concat(held).toString('utf8'))))
    return runHost()
  }
  for (const chunk of held.splice(0)) stderr.write(chunk)
  if (decision.reason) say(decision.reason)
  if (r.forwarded && r.signal) return { code: 0, signal: r.signal }
  return { code: r.code ?? (r.spawnError || r.signal ? 1 : 0) }
}
