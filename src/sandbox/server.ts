import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import { authorizeRelay, authorizeUsage, presentedCredential, resolveKey } from './auth.js'
import type { SandboxContext } from './context.js'
import { invalidJson, invalidUrl, relayError } from './errors.js'
import { FaultSet, FaultSpecError, parseFaultList, takeFaults, type Fault } from './faults.js'
import { postFaultReply } from './post-faults.js'
import { preFaultReply } from './pre-faults.js'
import { json, ReplyError, type Reply } from './reply.js'
import { writeReply } from './respond.js'
import { sha256Hex } from './rng.js'
import type { Router, SandboxRequest } from './router.js'
import { handleCdn } from './routes/cdn.js'
import { handleControl } from './routes/control.js'
import type { SandboxRequestLogEntry } from './types.js'

/** Bodies above this are refused like the gateway does (413), before anything is parsed. */
const MAX_BODY = 200 * 1024 * 1024
/** Control routes take a small JSON object; the CDN takes no body at all worth keeping. */
export const MAX_CONTROL_BODY = 64 * 1024
export const MAX_CDN_BODY = 64 * 1024

/**
 * The Host header must name this server by a loopback address and its own port: a page on a DNS
 * name rebound to 127.0.0.1 arrives with its own name, and is refused before anything else.
 */
export function hostAllowed(req: IncomingMessage): boolean {
  const port = req.socket.localPort
  const host = req.headers.host
  return (
    port !== undefined &&
    typeof host === 'string' &&
    [`127.0.0.1:${port}`, `localhost:${port}`, `[::1]:${port}`].includes(host.toLowerCase())
  )
}

export function refuseHost(res: ServerResponse): void {
  const text = 'Misdirected request: the sandbox answers only to 127.0.0.1 or localhost with its own port.\n'
  res.writeHead(421, {
    'content-type': 'text/plain; charset=utf-8',
    'content-length': String(Buffer.byteLength(text)),
    connection: 'close'
  })
  res.end(text)
}

export function isLoopback(addr: string | undefined): boolean {
  return !!addr && (addr === '127.0.0.1' || addr === '::1' || addr === '::ffff:127.0.0.1')
}

function safeDecode(path: string): string {
  try {
    return decodeURIComponent(path)
  } catch {
    return path
  }
}

export function flatHeaders(req: IncomingMessage): Record<string, string> {
  const out: Record<string, string> = {}
  for (const [k, v] of Object.entries(req.headers)) {
    if (v === undefined) continue
    out[k.toLowerCase()] = Array.isArray(v) ? v.join(', ') : v
  }
  return out
}

export function parseTarget(rawUrl: string | undefined): {
  path: string
  query: Record<string, string>
  search: string
} {
  const u = new URL(rawUrl ?? '/', 'http://127.0.0.1')
  const query: Record<string, string> = {}
  for (const [k, v] of u.searchParams) if (!(k in query)) query[k] = v
  return { path: u.pathname, query, search: u.search }
}

/** What both origins read off every request first. */
export interface RequestLine {
  method: string
  path: string
  query: Record<string, string>
  search: string
  headers: Record<string, string>
}

export function requestLine(req: IncomingMessage): RequestLine {
  return { method: (req.method ?? 'GET').toUpperCase(), ...parseTarget(req.url), headers: flatHeaders(req) }
}

/** Opens the request's log entry with no key yet; it is marked aborted if the client goes away. */
export function openEntry(
  ctx: SandboxContext,
  res: ServerResponse,
  line: RequestLine,
  more: { body: Buffer; origin: SandboxRequestLogEntry['origin']; route?: string }
): SandboxRequestLogEntry {
  const { method, path, query, headers } = line
  const { body, ...rest } = more
  const entry = ctx.log.open({
    at: ctx.clock.wallMs(),
    receivedAt: Date.now(),
    method,
    path,
    query,
    headers,
    bodyDigest: sha256Hex(body),
    bodyBytes: body.length,
    key: null,
    ...rest
  })
  watchAbort(res, entry)
  return entry
}

export async function readBody(req: IncomingMessage, max = MAX_BODY): Promise<Buffer | null> {
  if (Number(req.headers['content-length']) > max) return null
  const chunks: Buffer[] = []
  let size = 0
  for await (const chunk of req) {
    const b = chunk as Buffer
    size += b.length
    if (size > max) return null
    chunks.push(b)
  }
  return Buffer.concat(chunks)
}

function sandboxError(status: number, message: string): Reply {
  return json(status, { error: { message, type: 'sandbox_error', param: '', code: 'sandbox_fault_spec' } })
}

/** Open responses, so close() can end hanging and stalled ones instead of waiting for them. */
export function track(res: ServerResponse, open: Set<ServerResponse>): void {
  open.add(res)
  res.on('close', () => open.delete(res))
}

/** Marks the log entry when the connection closed before the response was complete (abort, drop, reset). */
export function watchAbort(res: ServerResponse, entry: { aborted: boolean; endedAt?: number }): void {
  res.on('close', () => {
    if (!res.writableFinished) entry.aborted = true
    // When the request stopped being in flight (real time), so a test can count creates in flight.
    entry.endedAt = Date.now()
  })
}

export function createGatewayServer(
  ctx: SandboxContext,
  router: Router,
  open: Set<ServerResponse>,
  quiet: boolean
): Server {
  return createServer((req, res) => {
    track(res, open)
    handle(ctx, router, req, res).catch((err: unknown) => {
      // A bug in the sandbox must not pass for a gateway answer silently.
      if (!quiet)
        process.stderr.write(
          `sandbox: internal error on ${req.method} ${req.url}: ${(err as Error)?.stack ?? String(err)}\n`
        )
      if (!res.headersSent && !res.destroyed) {
        res.writeHead(500, { 'content-type': 'application/json' })
        res.end(
          JSON.stringify({
            error: { message: `sandbox internal error: ${String(err)}`, type: 'sandbox_error', param: '', code: '' }
          })
        )
      } else res.destroy()
    })
  })
}

export function createCdnServer(ctx: SandboxContext, open: Set<ServerResponse>): Server {
  return createServer((req, res) => {
    track(res, open)
    handleCdn(ctx, req, res).catch(() => res.destroy())
  })
}

async function handle(ctx: SandboxContext, router: Router, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const line = requestLine(req)
  const { method, path, query, search, headers } = line
  if (!hostAllowed(req)) return refuseHost(res)
  // Inside the studio the control routes do not exist (ctx.control false): they fall through to 404.
  if (path.startsWith('/__sandbox/') && ctx.control) {
    if (!isLoopback(req.socket.remoteAddress)) return void res.writeHead(403).end()
    return handleControl(ctx, method, path, req, res)
  }
  const requestId = ctx.nextRequestId()
  // The body is read only once the request is authorised (below); until then the entry records none.
  const entry = openEntry(ctx, res, line, { body: Buffer.alloc(0), origin: 'gateway' })
  const send = async (reply: Reply, base = new FaultSet([])) => {
    const faults = reply.faults?.length ? new FaultSet([...base.list, ...reply.faults]) : base
    reply.headers = { 'x-oneapi-request-id': requestId, ...reply.headers }
    entry.paid = entry.paid || !!reply.paid
    entry.faults = faults.names()
    entry.status = reply.status
    entry.status = await writeReply(res, reply, faults, headers['range'])
  }

  // Clients may percent-encode the colon of `:generateContent` or of a `<family>:` id.
  const match = router.match(method, safeDecode(path))
  if (!match) {
    entry.route = 'not_found'
    return send(invalidUrl({ format: 'openai', requestId }, method, path))
  }
  const { route, params } = match
  entry.route = route.name
  const e = { format: route.format, requestId }

  const credential = presentedCredential(route.auth, headers, query, ctx.naming)
  const acc = resolveKey(ctx, credential)
  entry.key = acc?.key ?? (credential ? credential.replace(/^bearer\s+/i, '') : null)

  let headerFaults: Fault[]
  try {
    headerFaults = parseFaultList(headers['x-sandbox-fault'])
  } catch (err) {
    if (err instanceof FaultSpecError) return send(sandboxError(400, err.message))
    throw err
  }
  const keyFaults = acc ? ctx.faultsOf(acc.key) : []
  const faults = new FaultSet([
    ...takeFaults(headerFaults, route.name, false),
    ...takeFaults(keyFaults, route.name, false)
  ])
  const resultFaults = headerFaults.filter((f) => f.result).map((f) => ({ ...f }))

  const refused = preFaultReply(ctx, faults, {
    format: route.format,
    requestId,
    routeName: route.name,
    pathAndQuery: path + search,
    method
  })
  if (refused) return send(refused, faults)

  const auth =
    route.auth === 'usage' ? authorizeUsage(ctx, headers) : authorizeRelay(ctx, route.auth, headers, query, requestId)
  if (!auth.ok) return send(auth.reply, faults)

  const body = await readBody(req)
  if (body === null) return send(relayError(e, 413, 'read_request_body_failed', 'request body too large'))
  entry.bodyDigest = sha256Hex(body)
  entry.bodyBytes = body.length

  let parsed: Record<string, unknown> | undefined
  const sreq: SandboxRequest = {
    method,
    path,
    query,
    params,
    headers,
    body,
    requestId,
    route,
    account: auth.account,
    faults,
    catalog: ctx.catalog,
    resultFaults,
    entry,
    json() {
      if (parsed) return parsed
      let v: unknown
      try {
        v = JSON.parse(body.toString('utf8'))
      } catch (err) {
        throw invalidJson(e, (err as Error).message)
      }
      if (typeof v !== 'object' || v === null || Array.isArray(v))
        throw invalidJson(e, 'the body must be a JSON object')
      parsed = v as Record<string, unknown>
      return parsed
    }
  }
  let reply: Reply
  try {
    reply = await route.handler(sreq, ctx)
  } catch (err) {
    if (err instanceof ReplyError) reply = err.reply
    else throw err
  }
  return send(postFaultReply(ctx, faults, sreq, reply), faults)
}
