import { createServer, request, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { markdownPieces } from './markdown-fixture'

/**
 * The sandbox answers every prompt with a few hundred tokens (src/sandbox/text/corpus.ts: one
 * fixed-shape answer, cut by max_tokens but never lengthened), so the 20k-80k-token streams of
 * S1/S2/M1 cannot come from it. This loopback gateway serves them in the same OpenAI chat SSE
 * framing as the sandbox when the user's prompt carries a plan (MARK below), and proxies every
 * other request to the sandbox unchanged, so the studio sees one ordinary gateway.
 */

/**
 * `bench:tokens=N` or `bench:chars=C` (the first pieces reaching C characters), then optional
 * `,rate=R` (tokens/s, 0 = burst) and `,steps=K,stepms=S,pause=P,tail=T`: after the prefix, wait P ms,
 * send K more single pieces S ms apart, wait T ms (default P), end (S2: the cost of one update at a
 * known length).
 */
const MARK = /bench:(tokens|chars)=(\d+)((?:,[a-z]+=\d+)*)/

export interface StreamPlan {
  prefix: number
  byChars: boolean
  rate: number
  steps: number
  stepMs: number
  pauseMs: number
  tailMs: number
}

export function parsePlan(text: string): StreamPlan | null {
  const m = MARK.exec(text)
  if (!m) return null
  const opt: Record<string, number> = {}
  for (const kv of m[3].split(',').filter(Boolean)) {
    const [k, v] = kv.split('=')
    opt[k] = Number(v)
  }
  return {
    prefix: Number(m[2]),
    byChars: m[1] === 'chars',
    rate: opt.rate ?? 0,
    steps: opt.steps ?? 0,
    stepMs: opt.stepms ?? 50,
    pauseMs: opt.pause ?? 1000,
    tailMs: opt.tail ?? opt.pause ?? 1000
  }
}

/** The pieces of a plan: the prefix, then `steps` more. */
export function planPieces(plan: StreamPlan): { prefix: string[]; steps: string[] } {
  let count = plan.prefix
  if (plan.byChars) {
    // About five characters a piece; generate enough, then cut where the length is reached.
    const all = markdownPieces(Math.ceil(plan.prefix / 3) + plan.steps + 10)
    let len = 0
    count = all.findIndex((p) => (len += p.length) >= plan.prefix) + 1
    return { prefix: all.slice(0, count), steps: all.slice(count, count + plan.steps) }
  }
  const all = markdownPieces(count + plan.steps)
  return { prefix: all.slice(0, count), steps: all.slice(count) }
}
const TICK_MS = 8

export interface LongGateway {
  url: string
  /** Streams served so far. */
  streams(): number
  close(): Promise<void>
}

function lastUserText(body: unknown): string {
  const messages = (body as { messages?: Array<{ role?: string; content?: unknown }> })?.messages ?? []
  const last = [...messages].reverse().find((m) => m.role === 'user')
  const c = last?.content
  if (typeof c === 'string') return c
  if (Array.isArray(c))
    return c
      .map((p) => (typeof (p as { text?: unknown }).text === 'string' ? (p as { text: string }).text : ''))
      .join('\n')
  return ''
}

function stream(res: ServerResponse, model: string, plan: StreamPlan): void {
  const id = `chatcmpl-bench${Date.now()}`
  const created = Math.floor(Date.now() / 1000)
  const frame = (delta: object, finish: string | null) =>
    `data: ${JSON.stringify({ id, object: 'chat.completion.chunk', created, model, system_fingerprint: null, choices: [{ index: 0, delta, logprobs: null, finish_reason: finish }] })}\n\n`
  const { prefix, steps } = planPieces(plan)
  const tokens = prefix.length + steps.length
  res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', connection: 'keep-alive' })
  res.socket?.setNoDelay(true)
  res.write(frame({ role: 'assistant', content: '' }, null))
  let sent = 0
  let step = 0
  const t0 = performance.now()
  let timer: NodeJS.Timeout | undefined
  const finish = () => {
    const usage = { prompt_tokens: 10, completion_tokens: tokens, total_tokens: tokens + 10 }
    res.end(
      frame({}, 'stop') +
        `data: ${JSON.stringify({ id, object: 'chat.completion.chunk', created, model, choices: [], usage })}\n\ndata: [DONE]\n\n`
    )
  }
  const stepOnce = () => {
    if (res.destroyed) return
    if (step < steps.length) {
      res.write(frame({ content: steps[step++] }, null))
      timer = setTimeout(stepOnce, plan.stepMs)
    } else timer = setTimeout(finish, plan.tailMs)
  }
  const tick = () => {
    if (res.destroyed) return
    const due =
      plan.rate > 0
        ? Math.min(prefix.length, Math.floor(((performance.now() - t0) / 1000) * plan.rate) + 1)
        : prefix.length
    let out = ''
    for (; sent < due; sent++) out += frame({ content: prefix[sent] }, null)
    if (out) res.write(out)
    if (sent < prefix.length) timer = setTimeout(tick, TICK_MS)
    else if (steps.length > 0) timer = setTimeout(stepOnce, plan.pauseMs)
    else finish()
  }
  res.on('close', () => clearTimeout(timer))
  tick()
}

function proxy(req: IncomingMessage, body: Buffer, res: ServerResponse, upstream: URL): void {
  const headers = { ...req.headers, host: upstream.host }
  const up = request(
    { host: upstream.hostname, port: upstream.port, method: req.method, path: req.url, headers },
    (ur) => {
      res.writeHead(ur.statusCode ?? 502, ur.headers)
      ur.pipe(res)
    }
  )
  up.on('error', () => res.destroy())
  up.end(body)
}

export async function startLongGateway(upstreamUrl: string): Promise<LongGateway> {
  const upstream = new URL(upstreamUrl)
  if (upstream.hostname !== '127.0.0.1') throw new Error('the long gateway proxies to loopback only')
  let served = 0
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (c: Buffer) => chunks.push(c))
    req.on('end', () => {
      const body = Buffer.concat(chunks)
      if (req.method === 'POST' && (req.url ?? '').startsWith('/v1/chat/completions')) {
        try {
          const json = JSON.parse(body.toString('utf8')) as { model?: string; stream?: boolean }
          const plan = parsePlan(lastUserText(json))
          if (plan && json.stream === true) {
            served++
            stream(res, json.model ?? 'bench', plan)
            return
          }
        } catch {
          // not JSON: the sandbox answers with its own validation error
        }
      }
      proxy(req, body, res, upstream)
    })
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => resolve())
  })
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    streams: () => served,
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve())
        server.closeAllConnections()
      })
  }
}
