import type { IncomingMessage, ServerResponse } from 'node:http'
import type { SandboxContext } from '../context.js'
import { FaultSet, FaultSpecError, parseFaultList, takeFaults } from '../faults.js'
import { cdnError, preFaultReply } from '../pre-faults.js'
import type { Reply } from '../reply.js'
import { writeReply } from '../respond.js'
import { sha256Hex } from '../rng.js'
import { hostAllowed, MAX_CDN_BODY, openEntry, readBody, refuseHost, requestLine } from '../server.js'

/** Redirects a `redirect-hops` fault may ask for, so a typo cannot loop a client for long. */
const MAX_HOPS = 10

/**
 * The second origin: result files behind signed, expiring URLs, like a vendor CDN. It never asks for
 * a key, and it logs every request's headers, so tests can prove no credential was sent here.
 */
export async function handleCdn(ctx: SandboxContext, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const line = requestLine(req)
  const { method, path, query, search, headers } = line
  if (!hostAllowed(req)) return refuseHost(res)
  const body = (await readBody(req, MAX_CDN_BODY)) ?? Buffer.alloc(0)
  const isFile = path.startsWith('/files/')
  const entry = openEntry(ctx, res, line, { body, origin: 'cdn', route: isFile ? 'cdn.file' : 'cdn.other' })
  const send = async (reply: Reply, faults = new FaultSet([])) => {
    entry.faults = faults.names()
    entry.status = reply.status
    entry.status = await writeReply(res, reply, faults, headers['range'])
  }
  if (!isFile || (method !== 'GET' && method !== 'HEAD'))
    return send(cdnError(404, 'NoSuchKey', 'The specified key does not exist.'))

  const check = ctx.files.check(path, query)
  if (!check.ok) return send(cdnError(check.status, check.code, check.message))
  const file = check.file
  let own
  try {
    own = parseFaultList(headers['x-sandbox-fault'])
  } catch (err) {
    if (err instanceof FaultSpecError) return send(cdnError(400, 'InvalidArgument', err.message))
    throw err
  }
  const faults = new FaultSet([
    ...takeFaults(own, 'cdn.file', false),
    ...takeFaults(file.faults, 'cdn.file', true),
    ...takeFaults(ctx.faultsOf(file.owner), 'cdn.file', true)
  ])
  const refused = preFaultReply(ctx, faults, {
    format: 'content',
    requestId: '',
    routeName: 'cdn.file',
    pathAndQuery: path + search,
    cdn: true
  })
  if (refused) return send(refused, faults)
  const hops = faults.has('redirect-hops')
    ? Math.min(MAX_HOPS, Math.max(1, Math.floor(faults.num('redirect-hops', 1))))
    : 0
  const hop = Number(query.hop ?? 0)
  if (hop < hops) {
    // The same signed link one hop further, on this origin: a signed CDN link that bounces before the bytes.
    const next = new URLSearchParams(query)
    next.set('hop', String(Number.isInteger(hop) && hop >= 0 ? hop + 1 : hops))
    return send(
      {
        status: 302,
        headers: { location: `${ctx.files.cdnUrl}${path}?${next.toString()}`, 'content-length': '0' },
        body: ''
      },
      faults
    )
  }
  const bytes = await ctx.files.bytes(file)
  const reply: Reply = {
    status: 200,
    headers: {
      'content-type': file.contentType,
      'cache-control': 'private, max-age=3600',
      etag: `"${sha256Hex(bytes).slice(0, 16)}"`
    },
    // For HEAD, node:http sends the headers (with the real length) and drops the body itself.
    body: bytes,
    media: true
  }
  return send(reply, faults)
}
