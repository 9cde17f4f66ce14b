import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterEach, describe, expect, it } from 'vitest'
import type { ChatFormat } from '@shared/domain/chat'
import { messageText, runScripted, sleep, sseHead, type RunHandle } from './testing/runner-harness'
import { buildStream } from './testing/streams'

const FORMATS: ChatFormat[] = ['chat', 'content', 'messages', 'completions']
const open: RunHandle[] = []
afterEach(async () => {
  while (open.length) {
    const h = open.pop()!
    await h.runner.stopAll()
    await h.close()
  }
})

async function run(...args: Parameters<typeof runScripted>): Promise<RunHandle> {
  const h = await runScripted(...args)
  open.push(h)
  return h
}

const spec = { thinking: [], text: ['Hello ', '世界', ' 👩‍💻', ' and more text ', 'to finish.'] }
const framesOf = (format: ChatFormat) => buildStream(format, spec)

function answer(status: number, body: string, type = 'application/json') {
  return (_: IncomingMessage, res: ServerResponse) => {
    res.writeHead(status, { 'content-type': type })
    res.end(body)
  }
}

describe('error answers are checked before any stream parsing', () => {
  const cases: Array<[string, number, string, string, string, RegExp]> = [
    [
      '401 bad key',
      401,
      '{"error":{"message":"Invalid token (request id: 2026)","type":"new_api_error","code":""}}',
      'application/json',
      'UNAUTHORIZED',
      /refused the API key \(401\).*Invalid token/
    ],
    [
      '403 insufficient_user_quota',
      403,
      '{"error":{"message":"用户额度不足, 剩余额度: ＄0.000000","type":"new_api_error","code":"insufficient_user_quota"}}',
      'application/json',
      'INSUFFICIENT_QUOTA',
      /Not enough quota.*用户额度不足/
    ],
    [
      '403 quota in the messages shape (no code)',
      403,
      '{"type":"error","error":{"type":"new_api_error","message":"预扣费额度失败, 用户剩余额度: ＄0.01 (request id: x)"}}',
      'application/json',
      'INSUFFICIENT_QUOTA',
      /预扣费额度失败/
    ],
    ['429 with an empty body', 429, '', 'text/plain', 'RATE_LIMITED', /rate limiting requests \(429\)\. Wait a little/],
    [
      '429 with a JSON body',
      429,
      '{"error":{"message":"您已达到请求数限制：1分钟内最多请求10次","type":"new_api_error","code":""}}',
      'application/json',
      'RATE_LIMITED',
      /您已达到请求数限制/
    ],
    [
      '503 model_not_found',
      503,
      '{"error":{"message":"No available channel for model m under group default (distributor)","type":"new_api_error","code":"model_not_found"}}',
      'application/json',
      'MODEL_UNAVAILABLE',
      /not available for your key.*No available channel/
    ],
    [
      '500 invalid_request',
      500,
      '{"error":{"message":"field messages is required","type":"new_api_error","param":"","code":"invalid_request"}}',
      'application/json',
      'GATEWAY_VALIDATION',
      /rejected the request as invalid.*field messages is required/
    ],
    [
      '500 validation in the messages shape',
      500,
      '{"type":"error","error":{"type":"new_api_error","message":"field messages is required"}}',
      'application/json',
      'GATEWAY_VALIDATION',
      /field messages is required/
    ],
    [
      '§1d: 503 JSON body labelled text/event-stream',
      503,
      '{"error":{"message":"upstream returned status 503","type":"upstream_error","param":"","code":"bad_response_status_code"}}',
      'text/event-stream',
      'GATEWAY_ERROR',
      /error \(503\).*upstream returned status 503/
    ]
  ]
  it.each(cases)('%s', async (_name, status, body, type, code, message) => {
    const h = await run('messages', answer(status, body, type))
    const final = await h.done
    expect(h.ended).toHaveLength(1)
    expect(h.ended[0].status).toBe('error')
    expect(h.ended[0].error?.code).toBe(code)
    expect(h.ended[0].error?.status).toBe(status)
    expect(h.ended[0].error?.message).toMatch(message)
    expect(final.status).toBe('error')
    expect(h.deltas).toHaveLength(0)
  })

  it('a 200 answer with a JSON error body (not a stream) is an error', async () => {
    const h = await run(
      'chat',
      answer(200, '{"error":{"message":"model overloaded","type":"upstream_error","code":"server_error"}}')
    )
    await h.done
    expect(h.ended[0]).toMatchObject({ status: 'error', error: { code: 'GATEWAY_ERROR' } })
    expect(h.ended[0].error?.message).toContain('model overloaded')
  })

  it('content: a single JSON answer (older builds without alt=sse) still counts as complete', async () => {
    const body = {
      candidates: [{ content: { role: 'model', parts: [{ text: 'whole answer' }] }, finishReason: 'STOP' }],
      usageMetadata: { promptTokenCount: 1, candidatesTokenCount: 2, totalTokenCount: 3 }
    }
    const h = await run('content', answer(200, JSON.stringify(body)))
    const final = await h.done
    expect(final).toMatchObject({ status: 'complete', finishReason: 'STOP', usage: { input: 1, output: 2, total: 3 } })
    expect(messageText(final)).toBe('whole answer')
  })
})

describe('ends that are not complete keep the text', () => {
  it.each(FORMATS)(
    '%s: messages-style error event or bare error line mid-stream -> error, partial kept',
    async (format) => {
      const built = framesOf(format)
      const line =
        format === 'messages'
          ? 'event: error\ndata: {"type":"error","error":{"type":"overloaded_error","message":"Overloaded"}}\n\n'
          : '{"error":{"message":"upstream stream error","type":"upstream_error","code":"bad_response_status_code"}}\n'
      const h = await run(format, (_, res) => {
        sseHead(res)
        res.end(built.frames.slice(0, built.terminalFrame).join('') + line)
      })
      const final = await h.done
      expect(h.ended).toHaveLength(1)
      expect(final.status).toBe('error')
      expect(final.error?.message).toMatch(
        format === 'messages' ? /overloaded_error.*Overloaded/ : /upstream stream error/
      )
      expect(messageText(final)).toBe(spec.text.join(''))
      expect(h.shownText()).toBe(messageText(final))
    }
  )

  it.each(FORMATS)('%s: a clean end without the terminal signal -> incomplete', async (format) => {
    const built = framesOf(format)
    const h = await run(format, (_, res) => {
      sseHead(res)
      res.end(built.frames.slice(0, built.terminalFrame).join(''))
    })
    const final = await h.done
    expect(final.status).toBe('incomplete')
    expect(final.error?.code).toBe('STREAM_INCOMPLETE')
    expect(messageText(final)).toBe(spec.text.join(''))
    expect(h.ended[0].status).toBe('incomplete')
  })

  it.each(FORMATS)('%s: a connection reset mid-stream -> incomplete, cause logged', async (format) => {
    const built = framesOf(format)
    const h = await run(format, (_, res) => {
      sseHead(res)
      res.write(built.frames.slice(0, 3).join(''), () => setTimeout(() => res.socket?.resetAndDestroy(), 30))
    })
    const final = await h.done
    expect(final.status).toBe('incomplete')
    expect(final.error?.code).toBe('STREAM_INCOMPLETE')
    expect(final.error?.message).toMatch(/connection dropped/)
    expect(h.logs.join('\n')).toMatch(/ended incomplete: STREAM_INCOMPLETE/)
  })

  it.each(FORMATS)(
    '%s: a stall -> idle timeout -> incomplete, and the server sees the socket close',
    async (format) => {
      const built = framesOf(format)
      let closed = false
      const h = await run(
        format,
        (_, res) => {
          res.on('close', () => (closed = true))
          sseHead(res)
          res.write(built.frames.slice(0, 3).join(''))
        },
        { timing: { idleTimeoutMs: 300 } }
      )
      const final = await h.done
      expect(final.status).toBe('incomplete')
      expect(final.error).toMatchObject({ code: 'TIMEOUT' })
      expect(final.parts.length).toBeGreaterThan(0)
      await sleep(50)
      expect(closed).toBe(true)
    }
  )

  it('an oversized event is refused before it grows without bound, text kept', async () => {
    const built = framesOf('chat')
    const h = await run('chat', async (_, res) => {
      sseHead(res)
      res.write(built.frames.slice(0, 3).join('') + 'data: ')
      const chunk = 'x'.repeat(256 * 1024)
      for (let i = 0; i < 24 && !res.destroyed; i++) {
        res.write(chunk)
        await sleep(1)
      }
      res.end()
    })
    const final = await h.done
    expect(final.status).toBe('error')
    expect(final.error?.message).toMatch(/larger than 4 MB/)
    expect(messageText(final)).toBe('Hello 世界')
  })
})

describe('stop and timeouts', () => {
  it('stop aborts within a second, keeps the text as cancelled, and the server sees the close', async () => {
    const built = framesOf('messages')
    let closedAt = 0
    const h = await run('messages', (_, res) => {
      res.on('close', () => (closedAt = performance.now()))
      sseHead(res)
      res.write(built.frames.slice(0, 5).join(''))
    })
    while (h.deltas.length === 0) await sleep(5)
    const stoppedAt = performance.now()
    expect(h.runner.stop('s-1')).toBe(true)
    const final = await h.done
    const endedAt = performance.now()
    expect(endedAt - stoppedAt).toBeLessThan(1000)
    expect(final.status).toBe('cancelled')
    expect(final.error).toBeUndefined()
    expect(messageText(final)).toBe('Hello 世界')
    expect(h.ended).toEqual([expect.objectContaining({ status: 'cancelled' })])
    await sleep(50)
    expect(closedAt).toBeGreaterThan(0)
    expect(closedAt - stoppedAt).toBeLessThan(1000)
    expect(h.runner.stop('s-1')).toBe(false)
  })

  it('stop while waiting for the answer headers ends at once as cancelled and closes the socket', async () => {
    let closed = false
    const h = await run('chat', (_, res) => res.on('close', () => (closed = true)))
    await sleep(50)
    const t0 = performance.now()
    h.runner.stop('s-1')
    const final = await h.done
    expect(performance.now() - t0).toBeLessThan(1000)
    expect(final.status).toBe('cancelled')
    await sleep(50)
    expect(closed).toBe(true)
  })

  it('no answer headers in time -> outcome unknown (it may have been charged), sent once', async () => {
    const h = await run('chat', () => {}, { timing: { headersTimeoutMs: 200 } })
    const final = await h.done
    expect(final.status).toBe('error')
    expect(final.error?.code).toBe('OUTCOME_UNKNOWN')
    expect(h.requests).toBe(1)
  })

  it('a connection dropped after the request was sent is never resent', async () => {
    const h = await run('chat', (req) => req.on('end', () => req.socket.destroy()).resume())
    const final = await h.done
    expect(final.error?.code).toBe('OUTCOME_UNKNOWN')
    expect(h.requests).toBe(1)
  })

  it('a failure before anything was sent (connection refused) is retried at most twice', async () => {
    let calls = 0
    const closedPort = await new Promise<number>((resolve) => {
      const srv = createServer().listen(0, '127.0.0.1', () => {
        const { port } = srv.address() as AddressInfo
        srv.close(() => resolve(port))
      })
    })
    const h = await run('chat', () => {}, {
      baseUrl: `http://127.0.0.1:${closedPort}`,
      fetch: (i, init) => {
        calls++
        return fetch(i, init)
      },
      timing: { preSendBackoffMs: 5 }
    })
    const final = await h.done
    expect(calls).toBe(3)
    expect(final.error?.code).toBe('NETWORK_UNREACHABLE')
  })
})

describe('delivery to the renderer', () => {
  it('R1/R3: first delta at once, then at most one per 16 ms; the appends equal the streamed text byte for byte', async () => {
    const pieces = Array.from({ length: 400 }, (_, i) => (i % 7 === 0 ? '世界' : i % 11 === 0 ? '👩‍💻' : `w${i} `))
    const frames = buildStream('chat', { thinking: [], text: pieces }).frames
    let firstWrittenAt = 0
    let restAt = 0
    const h = await run('chat', async (_, res) => {
      sseHead(res)
      res.write(frames[0] + frames[1])
      firstWrittenAt = performance.now()
      await sleep(150)
      restAt = performance.now()
      for (const f of frames.slice(2)) {
        res.write(f)
        await new Promise((r) => setImmediate(r))
      }
      res.end()
    })
    const final = await h.done
    expect(final.status).toBe('complete')
    expect(h.deltas[0].at).toBeLessThan(restAt)
    expect(h.deltas[0].at - firstWrittenAt).toBeLessThan(100)
    for (let i = 1; i < h.deltas.length; i++) expect(h.deltas[i].at - h.deltas[i - 1].at).toBeGreaterThanOrEqual(15.9)
    expect(h.deltas.map((d) => d.seq)).toEqual(h.deltas.map((_, i) => i))
    expect(h.deltas.length).toBeLessThan(pieces.length / 4)
    expect(h.shownText()).toBe(pieces.join(''))
    expect(messageText(final)).toBe(pieces.join(''))
    expect(h.ended).toHaveLength(1)
  })

  it('checkpoints the partial answer at most once per interval while text arrives', async () => {
    const frames = buildStream('completions', {
      thinking: [],
      text: Array.from({ length: 40 }, (_, i) => `p${i} `)
    }).frames
    const h = await run(
      'completions',
      async (_, res) => {
        sseHead(res)
        for (const f of frames) {
          res.write(f)
          await sleep(15)
        }
        res.end()
      },
      { timing: { checkpointMs: 100 } }
    )
    const final = await h.done
    expect(h.checkpoints.length).toBeGreaterThanOrEqual(3)
    for (let i = 1; i < h.checkpoints.length; i++)
      expect(h.checkpoints[i].at - h.checkpoints[i - 1].at).toBeGreaterThanOrEqual(95)
    for (const c of h.checkpoints) {
      expect(c.message.status).toBe('streaming')
      expect(messageText(final).startsWith(messageText(c.message))).toBe(true)
    }
    expect(final).toMatchObject({
      status: 'complete',
      finishReason: 'stop',
      usage: { input: 3, output: 42, total: 45 }
    })
  })
})
