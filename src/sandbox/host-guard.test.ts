import { request } from 'node:http'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startSandbox, type SandboxHandle } from './index'
import { MAX_CONTROL_BODY } from './server'

interface Answer {
  status: number
  body: string
}

/** A raw request: any Host, a body written in pieces, and the answer as soon as it comes. */
function raw(
  url: string,
  opts: { method?: string; path: string; headers?: Record<string, string>; body?: Buffer; declared?: number }
): Promise<Answer> {
  const u = new URL(url)
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port: u.port,
        method: opts.method ?? 'GET',
        path: opts.path,
        headers: {
          host: u.host,
          ...opts.headers,
          ...(opts.declared !== undefined ? { 'content-length': String(opts.declared) } : {})
        }
      },
      (res) => {
        let body = ''
        res.on('data', (c: Buffer) => (body += c.toString()))
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }))
      }
    )
    req.on('error', (e) =>
      e.message.includes('socket hang up') ||
      (e as NodeJS.ErrnoException).code === 'ECONNRESET' ||
      (e as NodeJS.ErrnoException).code === 'EPIPE'
        ? undefined
        : reject(e)
    )
    if (opts.body) req.write(opts.body)
    // A declared body that never fully arrives: the answer must not wait for it.
    if (opts.declared === undefined) req.end()
  })
}

const within = <T>(p: Promise<T>, ms: number): Promise<T | 'timeout'> =>
  Promise.race([p, new Promise<'timeout'>((r) => setTimeout(() => r('timeout'), ms))])

describe('the sandbox guards itself', () => {
  let sb: SandboxHandle
  let inApp: SandboxHandle
  beforeAll(async () => {
    sb = await startSandbox({ quiet: true })
    inApp = await startSandbox({ quiet: true, controlRoutes: false })
  })
  afterAll(async () => {
    await sb.close()
    await inApp.close()
  })

  it('answers only to its own loopback Host (no DNS rebinding), on the gateway and the CDN', async () => {
    for (const base of [sb.url, sb.cdnUrl]) {
      const port = new URL(base).port
      for (const host of ['evil.example', `evil.example:${port}`, `127.0.0.1:${Number(port) + 1}`, '127.0.0.1']) {
        expect(
          (await raw(base, { path: '/v1/models', headers: { host, authorization: `Bearer ${sb.key}` } })).status,
          `${base} ${host}`
        ).toBe(421)
      }
    }
    expect(
      (
        await raw(sb.url, {
          path: '/v1/models',
          headers: { host: `localhost:${new URL(sb.url).port}`, authorization: `Bearer ${sb.key}` }
        })
      ).status
    ).toBe(200)
    expect(sb.log().filter((r) => r.route !== 'not_found')).toHaveLength(1)
  })

  it('refuses an unauthorised request before reading its body', async () => {
    const answer = await within(
      raw(sb.url, {
        method: 'POST',
        path: '/v1/chat/completions',
        headers: { 'content-type': 'application/json' },
        body: Buffer.alloc(1024, 32),
        declared: 50 * 1024 * 1024
      }),
      3000
    )
    expect(answer).not.toBe('timeout')
    expect((answer as Answer).status).toBe(401)
  })

  it('refuses a body declared over the cap at once, even with a good key', async () => {
    const answer = await within(
      raw(sb.url, {
        method: 'POST',
        path: '/v1/chat/completions',
        headers: { authorization: `Bearer ${sb.key}`, 'content-type': 'application/json' },
        body: Buffer.from('{'),
        declared: 300 * 1024 * 1024
      }),
      3000
    )
    expect((answer as Answer).status).toBe(413)
  })

  it('caps control bodies too', async () => {
    const big = Buffer.from(JSON.stringify({ seconds: 1, pad: 'x'.repeat(MAX_CONTROL_BODY) }))
    expect(
      (
        await raw(sb.url, {
          method: 'POST',
          path: '/__sandbox/advance',
          headers: { 'content-type': 'application/json', 'content-length': String(big.length) },
          body: big
        })
      ).status
    ).toBe(400)
    expect(
      (
        await raw(sb.url, {
          method: 'POST',
          path: '/__sandbox/advance',
          headers: { 'content-type': 'application/json' },
          body: Buffer.from('{"seconds":1}')
        })
      ).status
    ).toBe(200)
  })

  it('inside the studio, the control and log routes do not exist', async () => {
    for (const [method, path] of [
      ['GET', '/__sandbox/log'],
      ['GET', '/__sandbox/health'],
      ['POST', '/__sandbox/log/clear'],
      ['POST', '/__sandbox/faults']
    ]) {
      const a = await raw(inApp.url, { method, path, body: method === 'POST' ? Buffer.from('{}') : undefined })
      expect(a.status, path).toBe(404)
      expect(a.body, path).not.toContain('entries')
    }
    expect((await raw(sb.url, { path: '/__sandbox/health' })).status).toBe(200)
  })
})
