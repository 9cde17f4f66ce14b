import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { WebSocket } from 'ws'
import { MAX_REQUEST_FRAME_BYTES } from '@shared/bridge-protocol'
import { invokes } from '@shared/contract'
import { ruleEnglish } from '@shared/domain/rule-english'
import { VIDEO_LIMITS, type VideoCreateRequest } from '@shared/domain/video'
import { videoRequestProblems } from '@shared/domain/video-rules'
import { startHostServer, type HostServer } from './server'
import { fakeCore, frames, makeRendererDir, openAuthed, tokenOf, type FakeCore } from './testing/support'

/** The page -> host frame cap fits the largest legal video request; larger frames still close the socket. */
describe('request frames of the browser bridge', () => {
  const renderer = makeRendererDir()
  let core: FakeCore
  let server: HostServer
  beforeAll(async () => {
    // The contract's own schema, as the dispatcher runs it, then the request rules, as the video
    // service runs them before anything is sent: the frame reached validation.
    core = fakeCore(async (channel, input) => {
      const parsed = invokes['video:create'].input.safeParse(input)
      if (!parsed.success)
        return {
          ok: false,
          error: { code: 'INVALID_INPUT', message: parsed.error.issues[0]?.message ?? 'invalid', retryable: false }
        }
      const problem = videoRequestProblems(parsed.data as VideoCreateRequest)[0]
      if (problem)
        return { ok: false, error: { code: 'INVALID_INPUT', message: ruleEnglish(problem), retryable: false } }
      const req = parsed.data as { payload?: string }
      return { ok: true, value: { channel, payloadChars: req.payload?.length ?? 0 } }
    })
    server = await startHostServer({ core, rendererDir: renderer.dir })
  })
  afterAll(async () => {
    await server.close()
    renderer.cleanup()
  })
  const connect = () => openAuthed(server.port, tokenOf(server.url))
  const create = (payload: string) => ({ family: 'vidq', model: 'vidq1', prompt: 'p', images: [], payload })

  it('a create with a ~1,048,000-character payload crosses and is validated; one over the payload limit is refused by validation, not the bridge', async () => {
    const ws = await connect()
    const inbox = frames(ws)
    // JSON escaping makes the frame larger than the payload: quotes double, so use them.
    const big = '"'.repeat(1_048_000)
    ws.send(JSON.stringify({ t: 'invoke', id: 1, channel: 'video:create', input: create(big) }))
    expect(await inbox.next()).toMatchObject({
      t: 'result',
      id: 1,
      result: { ok: true, value: { payloadChars: 1_048_000 } }
    })
    ws.send(
      JSON.stringify({
        t: 'invoke',
        id: 2,
        channel: 'video:create',
        input: create('x'.repeat(VIDEO_LIMITS.unifiedFirstPayloadMax + 1))
      })
    )
    expect(await inbox.next()).toMatchObject({
      t: 'result',
      id: 2,
      result: { ok: false, error: { code: 'INVALID_INPUT', message: 'The payload is at most 1,048,576 characters' } }
    })
    ws.close()
  })

  it('a frame over the request cap closes only that socket (1009); the server keeps serving', async () => {
    const big = await connect()
    const closed = new Promise<number>((resolve) => big.once('close', (code) => resolve(code)))
    big.on('error', () => {})
    big.send(
      JSON.stringify({
        t: 'invoke',
        id: 1,
        channel: 'video:create',
        input: create('x'.repeat(MAX_REQUEST_FRAME_BYTES))
      })
    )
    expect(await closed).toBe(1009)
    const ws = await connect()
    const inbox = frames(ws)
    ws.send(JSON.stringify({ t: 'invoke', id: 5, channel: 'video:create', input: create('ok') }))
    expect(await inbox.next()).toMatchObject({ id: 5, result: { ok: true } })
    expect(ws.readyState).toBe(WebSocket.OPEN)
    ws.close()
  })
})
