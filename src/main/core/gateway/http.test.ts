import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterEach, describe, expect, it } from 'vitest'
import { sendGateway } from './http'

const servers: Server[] = []
afterEach(async () => {
  for (const s of servers.splice(0)) {
    s.closeAllConnections()
    await new Promise((r) => s.close(r))
  }
})

/** `/slow-headers` never answers; `/trickle` sends headers and then a byte every 20 ms. */
async function gateway(): Promise<{ baseUrl: string; closed: Promise<void> }> {
  let onClose = () => {}
  const closed = new Promise<void>((r) => (onClose = r))
  const server = createServer((req, res) => {
    req.socket.on('close', onClose)
    if (req.url === '/slow-headers') return
    res.writeHead(200, { 'content-type': 'text/plain' })
    const timer = setInterval(() => res.write('x'), 20)
    res.on('close', () => clearInterval(timer))
  })
  servers.push(server)
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
  return { baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, closed }
}

const fetchImpl = (i: string | URL, init?: RequestInit) => fetch(i, init)

describe('sendGateway abort and timeout', () => {
  it("the caller's abort after the headers still stops the body and closes the connection", async () => {
    const gw = await gateway()
    const caller = new AbortController()
    const res = await sendGateway(
      fetchImpl,
      { baseUrl: gw.baseUrl, key: 'sk-test-123456789' },
      { method: 'GET', path: '/trickle', timeoutMs: 5_000, signal: caller.signal }
    )
    const reader = res.body!.getReader()
    expect((await reader.read()).done).toBe(false)
    caller.abort(new Error('stop'))
    await expect(
      (async () => {
        for (;;) if ((await reader.read()).done) return 'ended'
      })()
    ).rejects.toThrow()
    await gw.closed
  })

  it('a caller signal aborted before the call is a CANCELLED error, no request made', async () => {
    const gw = await gateway()
    const caller = new AbortController()
    caller.abort()
    await expect(
      sendGateway(
        fetchImpl,
        { baseUrl: gw.baseUrl, key: 'sk-test-123456789' },
        { method: 'GET', path: '/trickle', timeoutMs: 5_000, signal: caller.signal }
      )
    ).rejects.toMatchObject({
      code: 'CANCELLED'
    })
  })

  it('headers that never come time out: TIMEOUT for a read, OUTCOME_UNKNOWN for a paid POST', async () => {
    const gw = await gateway()
    const conn = { baseUrl: gw.baseUrl, key: 'sk-test-123456789' }
    const caller = new AbortController()
    await expect(
      sendGateway(fetchImpl, conn, { method: 'GET', path: '/slow-headers', timeoutMs: 100, signal: caller.signal })
    ).rejects.toMatchObject({ code: 'TIMEOUT' })
    await expect(
      sendGateway(fetchImpl, conn, { method: 'POST', path: '/slow-headers', json: {}, timeoutMs: 100, paid: true })
    ).rejects.toMatchObject({
      code: 'OUTCOME_UNKNOWN'
    })
  })
})
