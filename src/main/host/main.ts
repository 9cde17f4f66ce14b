/**
 * Entry of out/main/host.js, the browser-host shell: `node out/main/host.js`.
 * stdout carries exactly one line, `Studio ready: <url>`; tools (the launcher, the e2e fixture)
 * read it. Everything else goes to stderr or the log file.
 */
import { existsSync, readFileSync } from 'node:fs'
import { homedir } from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { MEDIA_PATH_PREFIX } from '@shared/bridge-protocol'
import { offsetClock } from '../core/offset-clock'
import { noKeychain } from '../core/profiles/secret-backend'
import { createStudioCore, type StudioCore } from '../core/studio-core'
import { ConfigError, readHostConfig } from './host-config'
import { acquireInstanceLock } from './instance-lock'
import { openInBrowser } from './open-browser'
import { startHostServer, type HostServer } from './server'

const APP_NAME = 'generation-studio'
const SHUTDOWN_DEADLINE_MS = 5000

// A stray console.log from any dependency would corrupt the one-line stdout contract.
console.log = console.error
console.info = console.error
console.debug = console.error

/** The app's package.json, found from this file whether it runs built (out/main) or from source. */
function findAppRoot(start: string): { version: string } {
  let dir = start
  for (let i = 0; i < 6; i++) {
    try {
      const pkg = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { name?: string; version?: string }
      if (pkg.name === APP_NAME) return { version: pkg.version ?? '0.0.0' }
    } catch {
      // not here; keep walking up
    }
    dir = dirname(dir)
  }
  throw new ConfigError('Could not find the studio package.json above the host script')
}

async function main(): Promise<void> {
  const config = readHostConfig(process.env, process.platform, homedir())
  // A second host on the same data folder exits here, before it could poll or write anything.
  const lock = acquireInstanceLock(config.dataDir)
  process.on('exit', () => lock.release())
  // The key now lives only in the core's memory; nothing this process spawns may inherit it.
  delete process.env.STUDIO_API_KEY

  const here = dirname(fileURLToPath(import.meta.url))
  const { version } = findAppRoot(here)
  // Built layout: out/main/host.js next to out/renderer/.
  const rendererDir = join(here, '..', 'renderer')
  if (!existsSync(join(rendererDir, 'index.html'))) {
    throw new ConfigError(`The studio is not built yet (no ${join(rendererDir, 'index.html')}): run \`npm run build\` first`)
  }

  const core = await createStudioCore({
    shell: 'browser',
    secrets: noKeychain,
    dataDir: config.dataDir,
    appVersion: version,
    platform: process.platform,
    env: { gatewayUrl: config.gatewayUrl, apiKey: config.apiKey, resultOrigins: process.env.STUDIO_RESULT_ORIGINS },
    sandbox: { enabled: true, speed: config.sandboxSpeed },
    // Same origin as the page, authenticated by the launch cookie; no pickFiles: the page uploads.
    mediaUrlPrefix: MEDIA_PATH_PREFIX,
    ...(config.clockFile ? { now: offsetClock(config.clockFile) } : {})
  })
  let server: HostServer
  try {
    server = await startHostServer({ core, rendererDir, port: config.port, host: '127.0.0.1' })
  } catch (e) {
    await core.dispose().catch(() => {})
    const code = (e as NodeJS.ErrnoException).code
    if (code === 'EADDRINUSE') throw new ConfigError(`Port ${config.port} is already in use (STUDIO_PORT)`)
    if (code === 'EACCES') throw new ConfigError(`Not allowed to listen on port ${config.port} (STUDIO_PORT)`)
    throw e
  }
  core.log(`browser host listening on ${server.origin}; data in ${config.dataDir}`)
  process.stdout.write(`Studio ready: ${server.url}\n`)
  // The opener's argv is readable by every local user: it gets a one-time address, never the token.
  if (config.open) openInBrowser(server.launchUrl())
  stopOnSignals(core, server)
}

/**
 * Idempotent shutdown: the launcher forwards signals the terminal already sent to the whole
 * process group, so a second SIGINT is normal and must not cut the first one short.
 */
function stopOnSignals(core: StudioCore, server: HostServer): void {
  let stopping = false
  const stop = (): void => {
    if (stopping) return
    stopping = true
    setTimeout(() => {
      process.stderr.write('The studio host did not stop in time; exiting anyway.\n')
      process.exit(1)
    }, SHUTDOWN_DEADLINE_MS).unref()
    void server
      .close()
      .catch(() => {})
      .then(() => core.dispose())
      .catch((e: unknown) => process.stderr.write(`Shutdown problem: ${String(e)}\n`))
      .finally(() => process.exit(0))
  }
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.on(signal, stop)
}

main().catch((e: unknown) => {
  const message = e instanceof ConfigError ? e.message : e instanceof Error ? (e.stack ?? e.message) : String(e)
  process.stderr.write(`The studio host could not start: ${message}\n`)
  process.exit(1)
})
