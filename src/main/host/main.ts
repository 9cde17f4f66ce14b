/**
 * Entry of out/main/host.js, the browser-host shell: `node out/main/host.js`.
 * stdout carries one line, `Studio ready: <url>`; tools (the launcher, the e2e fixture) read the
 * first. A second such line comes only when the token was replaced (a launch code used twice), with
 * the reason on stderr. Everything else goes to stderr or the log file.
 */
import { randomInt } from 'node:crypto'
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
import { LAUNCH_CODE_TTL_MS } from './launch-codes'
import { writeLaunchPage, type LaunchPage } from './launch-page'
import { openInBrowser } from './open-browser'
import { startHostServer, type HostServer, type HostServerOptions } from './server'

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
    throw new ConfigError(
      `The studio is not built yet (no ${join(rendererDir, 'index.html')}): run \`npm run build\` first`
    )
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
  if (config.port !== 0) {
    process.stderr.write(
      `STUDIO_PORT is set (${config.port}): whoever listens on that port while the studio is not running can leave pages, cache entries or a service worker in your browser for the next studio on the same address. Leave it unset unless something needs a fixed port.\n` +
        `已设置 STUDIO_PORT（${config.port}）：工作室未运行时占用该端口的任何程序，都可能在浏览器里留下页面、缓存或 Service Worker，影响下次在同一地址启动的工作室。除非确有需要，请不要设置它。\n`
    )
  }
  let server: HostServer
  let launchPage: LaunchPage | null = null
  try {
    server = await listenOnOwnAddress({
      core,
      rendererDir,
      port: config.port,
      onCodeRedeemed: () => launchPage?.remove(),
      onTokenReplaced: (url) => {
        process.stderr.write(
          'A one-time studio link was used twice: someone else on this computer may have had it. The old link no longer works and every open studio page was disconnected; open the new link below.\n' +
            '一次性工作室链接被使用了两次：这台电脑上的其他人可能得到了它。旧链接已失效，所有已打开的页面都已断开；请打开下面的新链接。\n'
        )
        process.stdout.write(`Studio ready: ${url}\n`)
      }
    })
  } catch (e) {
    await core.dispose().catch(() => {})
    const code = (e as NodeJS.ErrnoException).code
    if (code === 'EADDRINUSE') throw new ConfigError(`Port ${config.port} is already in use (STUDIO_PORT)`)
    if (code === 'EACCES') throw new ConfigError(`Not allowed to listen on port ${config.port} (STUDIO_PORT)`)
    throw e
  }
  core.log(`browser host listening on ${server.origin}; data in ${config.dataDir}`)
  process.stdout.write(`Studio ready: ${server.url}\n`)
  // The opener's and the browser's argv are readable by every local user: they get the address of a
  // private file that redirects to a one-time address, never the address (launch-page.ts).
  if (config.open) {
    try {
      const page = (launchPage = writeLaunchPage(config.dataDir, server.launchUrl()))
      process.on('exit', () => page.remove())
      setTimeout(() => page.remove(), LAUNCH_CODE_TTL_MS).unref()
      openInBrowser(page.fileUrl)
    } catch (e) {
      process.stderr.write(
        `Could not open a browser (${e instanceof Error ? e.message : String(e)}); open the "Studio ready" link by hand.\n`
      )
    }
  }
  stopOnSignals(core, server)
}

/**
 * Each launch on its own origin where the platform allows: Linux routes all of 127.0.0.0/8 to the
 * loopback interface, so a random 127.x.y.z gives every launch an origin no earlier server on this
 * machine could have predicted, and nothing such a server left in the browser (cache, storage, a
 * service worker) applies to it. Elsewhere (macOS and Windows have only 127.0.0.1 unless configured),
 * or when binding it fails, the host listens on 127.0.0.1, with a random port unless STUDIO_PORT is set.
 */
async function listenOnOwnAddress(opts: Omit<HostServerOptions, 'host'>): Promise<HostServer> {
  if (process.platform === 'linux') {
    const host = `127.${randomInt(256)}.${randomInt(256)}.${1 + randomInt(254)}`
    try {
      return await startHostServer({ ...opts, host })
    } catch (e) {
      opts.core.log(
        `browser host: could not listen on ${host} (${(e as NodeJS.ErrnoException).code ?? String(e)}); using 127.0.0.1`
      )
    }
  }
  return startHostServer({ ...opts, host: '127.0.0.1' })
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
