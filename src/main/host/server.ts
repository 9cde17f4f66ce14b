import { randomBytes } from 'node:crypto'
import { createReadStream } from 'node:fs'
import { readFile, stat } from 'node:fs/promises'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { Duplex } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { BRIDGE_PATH, CHALLENGE_PARAM, LAUNCH_PARAM, MEDIA_PATH_PREFIX, SESSION_PATH } from '@shared/bridge-protocol'
import { checkAccess, FORBIDDEN_TEXT, isChallenge, newToken, type AccessDecision, type AccessKind } from './access'
import { handleMedia, handleUpload, sendResult, uploadChannelOf } from './file-routes'
import type { HostCore } from './host-core'
import { createLaunchCodes } from './launch-codes'
import { FIRST_PAGE_HEADERS, pageSecurityHeaders } from './page-headers'
import {
  BRIDGE_SCRIPT_PATH,
  bridgeScriptTag,
  containedRealPath,
  contentTypeOf,
  contentVersion,
  createStaticCache,
  injectBridgeScript,
  resolveStaticPath
} from './static-files'
import { createWsBridge, type BridgeStats } from './ws-bridge'

export interface HostServerOptions {
  core: HostCore
  /** The built renderer (out/renderer): index.html, bridge.js, assets/. */
  rendererDir: string
  /** 0 (default) picks a free port. */
  port?: number
  /**
   * A loopback address (127.0.0.0/8; checked): the host must never listen on a reachable interface.
   * 127.0.0.1 by default; main.ts asks for a random one per launch where the platform has them all
   * (Linux), so each launch is its own origin and nothing an earlier server left in the browser
   * applies to it.
   */
  host?: string
  /**
   * Called when a launch code that already gave the token is presented again: someone else had the
   * code, so the token was replaced, every socket dropped and every unused code revoked. `url` is
   * the new address to give the user.
   */
  onTokenReplaced?: (url: string) => void
  /** Called when a launch code was exchanged for the token (the opener's redirect file can go). */
  onCodeRedeemed?: () => void
}

export interface HostServer {
  /** The address to print for the user: the per-launch token in its fragment, never sent to a server. */
  readonly url: string
  /** An address for the browser opener (visible in its argv): a one-time code instead of the token. */
  launchUrl(): string
  origin: string
  port: number
  bridgeStats(): BridgeStats
  close(): Promise<void>
}

/** After this many refusals, only every 100th is logged, so a hostile page cannot flood the log. */
const LOGGED_REFUSALS = 20

/**
 * Serves the built studio, its WebSocket bridge, uploads (POST /upload) and media (/media/<id>,
 * file-routes.ts) to the user's browser, for this launch only.
 */
export async function startHostServer(opts: HostServerOptions): Promise<HostServer> {
  const { core, rendererDir } = opts
  const host = opts.host ?? '127.0.0.1'
  if (!isLoopbackV4(host))
    throw new Error(`The studio host listens on loopback addresses only, not ${JSON.stringify(host)}`)
  // Replaced (never restored) when a launch code is used twice: see handleSession.
  let token = newToken()
  const codes = createLaunchCodes(() => token)
  const bridge = createWsBridge(core, () => token)
  const server = createServer((req, res) => {
    handleRequest(req, res).catch((e: unknown) => {
      core.log(`browser host: request failed: ${String(e)}`)
      if (!res.headersSent) sendText(res, 500, 'Internal error\n')
      else res.destroy()
    })
  })
  server.on('upgrade', handleUpgrade)

  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject)
      server.listen({ port: opts.port ?? 0, host, exclusive: true }, () => {
        server.off('error', reject)
        resolve()
      })
    })
  } catch (e) {
    await bridge.close() // drops its event sink from the core
    throw e
  }
  const address = server.address()
  if (address === null || typeof address === 'string') throw new Error('The host server has no TCP address')
  const port = address.port
  const origin = `http://${host}:${port}`
  const securityHeaders = pageSecurityHeaders(port, host)
  /** Unused launch nonces (LAUNCH_PARAM): the first page asked for with one clears the site's data. */
  const freshLaunches = new Set<string>()
  const newLaunch = (): string => {
    const nonce = randomBytes(12).toString('base64url')
    freshLaunches.add(nonce)
    return nonce
  }
  let printedLaunch = newLaunch()

  const staticCache = createStaticCache((file) => readFile(file))
  const versions = new WeakMap<Buffer, string>()
  const versionOf = (body: Buffer): string => {
    let v = versions.get(body)
    if (v === undefined) versions.set(body, (v = contentVersion(body)))
    return v
  }
  /** The bridge script's content version, for index.html to name (null when it cannot be read). */
  async function bridgeVersion(): Promise<string | null> {
    const file = resolveStaticPath(rendererDir, BRIDGE_SCRIPT_PATH)
    const info = file ? await stat(file).catch(() => null) : null
    const body = file && info?.isFile() ? await staticCache(file, info) : null
    return body ? versionOf(body) : null
  }
  let refusals = 0
  function refuse(kind: string, path: string, access: Extract<AccessDecision, { ok: false }>): void {
    refusals++
    if (refusals <= LOGGED_REFUSALS || refusals % 100 === 0) {
      core.log(
        `browser host: refused ${kind} ${JSON.stringify(path.slice(0, 80))} (bad ${access.reason}; ${refusals} so far)`
      )
    }
  }

  /** The sender check for one kind of request; a refusal is logged (the caller answers it). */
  function admitted(req: IncomingMessage, kind: AccessKind, logAs: string, path: string): boolean {
    const access = checkAccess({ headers: req.headers, kind }, port, token, host)
    if (!access.ok) refuse(logAs, path, access)
    return access.ok
  }

  /** False, with a 405 naming the methods the path takes, for any other method. */
  function methodAllowed(req: IncomingMessage, res: ServerResponse, allowed: readonly string[]): boolean {
    if (allowed.includes(req.method ?? '')) return true
    res.setHeader('Allow', allowed.join(', '))
    sendText(res, 405, 'Method not allowed\n')
    return false
  }

  async function handleRequest(req: IncomingMessage, res: ServerResponse): Promise<void> {
    for (const [k, v] of Object.entries(securityHeaders)) res.setHeader(k, v)
    const { pathname, query } = splitTarget(req.url)
    // A service worker would outlive the host and answer for the next server on this origin: none
    // is ever registered from here (the browser marks the script's fetch with this header).
    if (req.headers['service-worker'] !== undefined) {
      refuse('service worker script', pathname, { ok: false, reason: 'fetch-site' })
      return sendText(res, 403, 'Service workers are not allowed here\n')
    }
    if (pathname === SESSION_PATH) return handleSession(req, res)
    const uploadChannel = uploadChannelOf(pathname)
    if (uploadChannel) {
      if (!methodAllowed(req, res, ['POST'])) return
      if (!admitted(req, 'upload', 'upload', pathname)) {
        return sendResult(
          res,
          { ok: false, error: { code: 'FORBIDDEN_SENDER', message: FORBIDDEN_TEXT.trim(), retryable: false } },
          403
        )
      }
      return handleUpload(req, res, core, uploadChannel)
    }
    if (!methodAllowed(req, res, ['GET', 'HEAD'])) return
    const media = pathname.startsWith(MEDIA_PATH_PREFIX)
    if (!admitted(req, media ? 'media' : 'page', 'request', pathname)) return sendText(res, 403, FORBIDDEN_TEXT)
    if (pathname === BRIDGE_PATH) return sendText(res, 426, 'Upgrade required\n')
    if (media) return handleMedia(req, res, core, pathname.slice(MEDIA_PATH_PREFIX.length))

    const candidate = resolveStaticPath(rendererDir, pathname)
    const file = candidate && (await containedRealPath(rendererDir, candidate))
    const info = file ? await stat(file).catch(() => null) : null
    if (!file || !info?.isFile()) return sendText(res, 404, 'Not found\n')

    const type = contentTypeOf(file)
    if (type.startsWith('text/html')) {
      const launch = query.get(LAUNCH_PARAM)
      if (launch !== null && freshLaunches.delete(launch))
        for (const [k, v] of Object.entries(FIRST_PAGE_HEADERS)) res.setHeader(k, v)
      const body = Buffer.from(
        injectBridgeScript(await readFile(file, 'utf8'), bridgeScriptTag(await bridgeVersion())),
        'utf8'
      )
      return send(res, 200, type, body, req.method === 'HEAD')
    }
    const cached = await staticCache(file, info)
    if (cached) return send(res, 200, type, cached, req.method === 'HEAD')
    res.writeHead(200, { 'Content-Type': type, 'Content-Length': String(info.size) })
    if (req.method === 'HEAD') return void res.end()
    await pipeline(createReadStream(file), res)
  }

  /** POST /session: a one-time launch code (the body, text) for the token (JSON). */
  async function handleSession(req: IncomingMessage, res: ServerResponse): Promise<void> {
    if (!methodAllowed(req, res, ['POST'])) return
    if (!admitted(req, 'session', 'session', SESSION_PATH)) return sendText(res, 403, FORBIDDEN_TEXT)
    const code = await readSmallBody(req, MAX_SESSION_BODY)
    const granted = code === null ? ({ ok: false, reused: false } as const) : codes.redeem(code.trim())
    if (!granted.ok) {
      refuse('session', SESSION_PATH, { ok: false, reason: 'token' })
      if (granted.reused) replaceToken()
      return sendText(
        res,
        403,
        'This studio link was already used or has expired: open the link printed when the studio started.\n'
      )
    }
    send(
      res,
      200,
      'application/json; charset=utf-8',
      Buffer.from(JSON.stringify({ token: granted.token }), 'utf8'),
      false
    )
    opts.onCodeRedeemed?.()
  }

  /**
   * A launch code works once, and only the browser the host opened should ever have it. A second
   * use means another party had it (a local user who read it somewhere, a copied address), and
   * whichever came first holds the token: it is replaced, every page is disconnected (their
   * reconnects fail the host proof with the old token) and unused codes stop working.
   */
  function replaceToken(): void {
    token = newToken()
    printedLaunch = newLaunch()
    codes.revokeAll()
    bridge.dropAll()
    core.log('browser host: a launch code was used twice; the launch token was replaced and every page disconnected')
    opts.onTokenReplaced?.(printedUrl())
  }

  function handleUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer): void {
    socket.on('error', () => {}) // a peer that vanishes mid-handshake is not our problem
    const { pathname, query } = splitTarget(req.url)
    // No token here: it comes in the first frame, after the host has proved itself (ws-bridge.ts).
    if (!admitted(req, 'upgrade', 'upgrade', pathname)) return rejectUpgrade(socket, 403, 'Forbidden', FORBIDDEN_TEXT)
    if (pathname !== BRIDGE_PATH) return rejectUpgrade(socket, 404, 'Not Found', 'Not found\n')
    const challenge = query.get(CHALLENGE_PARAM)
    if (!isChallenge(challenge))
      return rejectUpgrade(socket, 400, 'Bad Request', 'The bridge socket needs a challenge\n')
    bridge.accept(req, socket, head, challenge)
  }

  function printedUrl(): string {
    return `${origin}/?${LAUNCH_PARAM}=${printedLaunch}#token=${token}`
  }

  return {
    get url() {
      return printedUrl()
    },
    launchUrl: () => `${origin}/?${LAUNCH_PARAM}=${newLaunch()}#code=${codes.issue()}`,
    origin,
    port,
    bridgeStats: () => bridge.stats(),
    async close() {
      await bridge.close()
      await new Promise<void>((resolve) => {
        server.close(() => resolve())
        server.closeAllConnections()
      })
    }
  }

  function sendText(res: ServerResponse, status: number, text: string): void {
    send(res, status, 'text/plain; charset=utf-8', Buffer.from(text, 'utf8'), false)
  }
}

function send(res: ServerResponse, status: number, type: string, body: Buffer, headOnly: boolean): void {
  res.writeHead(status, { 'Content-Type': type, 'Content-Length': String(body.length) })
  res.end(headOnly ? undefined : body)
}

/** Splits the raw request target without normalising it, so `..` tricks reach the path check intact. */
export function splitTarget(target: string | undefined): { pathname: string; query: URLSearchParams } {
  const raw = target ?? '/'
  const q = raw.indexOf('?')
  const pathname = q < 0 ? raw : raw.slice(0, q)
  return { pathname, query: new URLSearchParams(q < 0 ? '' : raw.slice(q + 1)) }
}

/** A dotted IPv4 address in 127.0.0.0/8. */
export function isLoopbackV4(address: string): boolean {
  const parts = address.split('.')
  return (
    parts.length === 4 && parts[0] === '127' && parts.every((p) => /^(0|[1-9][0-9]{0,2})$/.test(p) && Number(p) <= 255)
  )
}

/** A launch code is 22 characters; anything much longer is not one. */
const MAX_SESSION_BODY = 256

/** The whole body as text, or null when it is longer than `max` bytes (reading stops there). */
async function readSmallBody(req: IncomingMessage, max: number): Promise<string | null> {
  if (Number(req.headers['content-length']) > max) return null
  const chunks: Buffer[] = []
  let size = 0
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length
    if (size > max) return null
    chunks.push(chunk)
  }
  return Buffer.concat(chunks).toString('utf8')
}

function rejectUpgrade(socket: Duplex, status: number, statusText: string, body: string): void {
  const head = [
    `HTTP/1.1 ${status} ${statusText}`,
    'Connection: close',
    'Content-Type: text/plain; charset=utf-8',
    `Content-Length: ${Buffer.byteLength(body)}`
  ].join('\r\n')
  socket.once('finish', () => socket.destroy())
  socket.end(`${head}\r\n\r\n${body}`)
}
