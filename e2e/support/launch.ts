import { spawn, type ChildProcess } from 'node:child_process'
import { randomUUID } from 'node:crypto'
import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { createInterface } from 'node:readline'

export const ROOT = resolve(import.meta.dirname, '..', '..')

export interface LaunchedStudio {
  url: string
  dataDir: string
  child: ChildProcess
  output: () => string
  stop(): Promise<void>
}

export function newCanaryKey(): string {
  return `sk-canary-${randomUUID().replace(/-/g, '')}`
}

export function tempDataDir(): string {
  return mkdtempSync(join(tmpdir(), 'studio-e2e-'))
}

/**
 * Starts the built browser-host shell (`node out/main/host.js`) the way `npm start` does on a machine
 * without Electron, and resolves when it prints its one `Studio ready: <url>` line.
 */
export async function launchBrowserHost(
  env: Record<string, string | undefined>,
  dataDir = tempDataDir()
): Promise<LaunchedStudio> {
  const entry = join(ROOT, 'out', 'main', 'host.js')
  if (!existsSync(entry)) throw new Error('out/main/host.js is missing: run `npm run build` first')
  const child = spawn(process.execPath, [entry], {
    cwd: ROOT,
    env: {
      ...process.env,
      STUDIO_OPEN: '0',
      STUDIO_PORT: '0',
      STUDIO_SANDBOX_SPEED: '60',
      ...env,
      STUDIO_DATA_DIR: dataDir
    },
    stdio: ['ignore', 'pipe', 'pipe']
  })
  let out = ''
  child.stderr!.on('data', (d: Buffer) => (out += d.toString()))
  const url = await new Promise<string>((resolveUrl, reject) => {
    const timer = setTimeout(() => reject(new Error(`the studio did not start within 30 s:\n${out}`)), 30_000)
    const lines = createInterface({ input: child.stdout! })
    lines.on('line', (line) => {
      out += line + '\n'
      const m = /^Studio ready: (\S+)$/.exec(line)
      if (m) {
        clearTimeout(timer)
        resolveUrl(m[1])
      }
    })
    child.once('exit', (code) => {
      clearTimeout(timer)
      reject(new Error(`the studio exited with ${code} before it was ready:\n${out}`))
    })
  })
  return {
    url,
    dataDir,
    child,
    output: () => out,
    stop: async () => {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r))
        child.kill('SIGTERM')
        // A deadline, not a sleep: it ends as soon as the host exits, and a host that ignores
        // SIGTERM for 5 s is killed instead of hanging the run.
        await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))])
        if (child.exitCode === null) child.kill('SIGKILL')
      }
    }
  }
}

export function removeDir(dir: string): void {
  rmSync(dir, { recursive: true, force: true })
}
