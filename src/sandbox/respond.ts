import type { ServerResponse } from 'node:http'
import { setImmediate as tick, setTimeout as sleep } from 'node:timers/promises'
import type { FaultSet } from './faults.js'
import type { Reply, SseBody } from './reply.js'

/** Writes a reply, damaged as the request's faults say. Resolves with the status sent (0 = none). */
export async function writeReply(
  res: ServerResponse,
  reply: Reply,
  faults: FaultSet,
  rangeHeader?: string
): Promise<number> {
  if (faults.has('slow-first-byte')) await sleep(faults.num('slow-first-byte', 1000))
  if (res.destroyed) return 0
  if (faults.has('drop')) {
    res.socket?.destroy()
    return 0
  }
  // Keep the socket open with nothing on it; close() of the sandbox tears it down.
  if (faults.has('hang')) return 0
  res.socket?.setNoDelay(true)
  if (reply.sse) return writeSse(res, reply, reply.sse, faults)
  return writeBody(res, reply, faults, rangeHeader)
}

/** Resolves once everything written so far has reached the socket, so a destroy cannot eat it. */
function flushed(res: ServerResponse): Promise<void> {
  if (res.destroyed || res.writableEnded) return Promise.resolve()
  return new Promise<void>((resolve) => {
    res.write(Buffer.alloc(0), () => resolve())
    res.once('close', () => resolve())
  }).then(() => sleep(5))
}

async function put(res: ServerResponse, chunk: string | Buffer): Promise<boolean> {
  if (res.destroyed || res.writableEnded) return false
  if (!res.write(chunk)) {
    await new Promise<void>((resolve) => {
      const done = () => {
        res.off('drain', done)
        res.off('close', done)
        resolve()
      }
      res.on('drain', done)
      res.on('close', done)
    })
  }
  return !res.destroyed
}

/** Writes honouring slicer / slow-body / limit-data; returns false once the connection is gone. */
class Pipe {
  written = 0
  constructor(
    private readonly res: ServerResponse,
    private readonly faults: FaultSet
  ) {}

  async send(data: string | Buffer): Promise<boolean> {
    const buf = typeof data === 'string' ? Buffer.from(data, 'utf8') : data
    const limit = this.faults.has('limit-data') ? this.faults.num('limit-data', 64) : Infinity
    const slow = this.faults.has('slow-body') ? this.faults.num('slow-body', 50) : 0
    const slicer = this.faults.has('slicer')
    let off = 0
    while (off < buf.length) {
      let n = slicer ? 1 + ((off * 7 + this.written) % 3) : buf.length - off
      n = Math.min(n, buf.length - off, 1 << 16)
      if (this.written + n > limit) {
        const rest = limit - this.written
        if (rest > 0) await put(this.res, buf.subarray(off, off + rest))
        await flushed(this.res)
        this.res.socket?.destroy()
        return false
      }
      if (!(await put(this.res, buf.subarray(off, off + n)))) return false
      off += n
      this.written += n
      if (slow) await sleep(slow)
      else if (slicer) await tick()
    }
    return true
  }
}

function wrongBytes(len: number): Buffer {
  // Same length and content type, but no known magic number: a client must check, not trust headers.
  const b = Buffer.alloc(Math.max(len, 16), 0x5a)
  b.write('NOT-THE-MEDIA!', 0, 'ascii')
  return b.subarray(0, Math.max(len, 16))
}

function parseRange(header: string | undefined, size: number): [number, number] | null {
  const m = header ? /^bytes=(\d*)-(\d*)$/.exec(header.trim()) : null
  if (!m || (m[1] === '' && m[2] === '')) return null
  let start: number
  let end: number
  if (m[1] === '') {
    start = Math.max(0, size - Number(m[2]))
    end = size - 1
  } else {
    start = Number(m[1])
    end = m[2] === '' ? size - 1 : Math.min(Number(m[2]), size - 1)
  }
  return start <= end && start < size ? [start, end] : null
}

async function writeBody(res: ServerResponse, reply: Reply, faults: FaultSet, rangeHeader?: string): Promise<number> {
  let bytes =
    reply.body === undefined
      ? Buffer.alloc(0)
      : typeof reply.body === 'string'
        ? Buffer.from(reply.body, 'utf8')
        : reply.body
  if (reply.media && faults.has('wrong-bytes')) bytes = wrongBytes(bytes.length)
  let status = reply.status
  const headers: Record<string, string> = { ...reply.headers }
  if (reply.media && status === 200) {
    headers['accept-ranges'] = 'bytes'
    const range = rangeHeader ? parseRange(rangeHeader, bytes.length) : null
    if (rangeHeader && !range) {
      res.writeHead(416, { 'content-range': `bytes */${bytes.length}`, 'content-length': '0' })
      res.end()
      return 416
    }
    if (range) {
      status = 206
      headers['content-range'] = `bytes ${range[0]}-${range[1]}/${bytes.length}`
      bytes = bytes.subarray(range[0], range[1] + 1)
    }
  }
  headers['content-length'] = String(bytes.length)
  res.writeHead(status, headers)
  const pipe = new Pipe(res, faults)
  const cut = Math.floor(bytes.length / 2)
  if (faults.has('truncate') || faults.has('reset') || faults.has('stall')) {
    await pipe.send(bytes.subarray(0, cut))
    if (faults.has('stall')) return status
    await flushed(res)
    if (faults.has('reset')) res.socket?.resetAndDestroy()
    else res.socket?.destroy()
    return status
  }
  if (await pipe.send(bytes)) res.end()
  return status
}

/** The malformed line looks almost right, so only a real JSON parse catches it. */
const MALFORMED = 'data: {"id":"broken","choices":[{"delta":{"content":"\n\n'

async function writeSse(res: ServerResponse, reply: Reply, body: SseBody, faults: FaultSet): Promise<number> {
  res.writeHead(reply.status, reply.headers)
  const crlf = faults.has('crlf')
  const fix = (s: string) => (crlf ? s.replace(/\r?\n/g, '\r\n') : s)
  const frames = body.frames.map(fix)
  const pipe = new Pipe(res, faults)
  // Damage happens halfway, never before the first frame and never after the terminal one.
  const cut = Math.max(1, Math.min(frames.length - 1, Math.floor(frames.length / 2)))
  const damaging = ['truncate', 'reset', 'stall', 'error-mid-stream', 'huge-event'].some((m) => faults.has(m as never))
  const stopAt = damaging ? cut : frames.length
  for (let i = 0; i < stopAt; i++) {
    if (i > 0 && body.paceMs > 0) await sleep(body.paceMs)
    if (faults.has('malformed') && i === Math.min(2, frames.length - 1)) {
      if (!(await pipe.send(fix(MALFORMED)))) return reply.status
    }
    if (faults.has('sse-ping') && i > 0 && !(await pipe.send(fix(': PING\n\n')))) return reply.status
    if (!(await pipe.send(frames[i]))) return reply.status
  }
  if (!damaging) {
    res.end()
    return reply.status
  }
  if (faults.has('stall')) return reply.status
  if (faults.has('reset')) {
    await flushed(res)
    res.socket?.resetAndDestroy()
    return reply.status
  }
  if (faults.has('error-mid-stream')) {
    await pipe.send(body.errorLine + '\n')
  } else if (faults.has('huge-event')) {
    const total = faults.num('huge-event', 10 * 1024 * 1024)
    const chunk = Buffer.alloc(64 * 1024, 0x78)
    let sent = 0
    if (!(await pipe.send('data: '))) return reply.status
    while (sent < total) {
      const n = Math.min(chunk.length, total - sent)
      if (!(await pipe.send(chunk.subarray(0, n)))) return reply.status
      sent += n
    }
  }
  res.end()
  return reply.status
}
