import { describe, expect, it } from 'vitest'
import { InvokeFrameSchema, lostConnectionResult, parseFrame, ServerFrameSchema } from './bridge-protocol'
import { StudioErrorDataSchema } from './errors'

describe('bridge frames', () => {
  it('accepts an invoke without input (JSON drops undefined) and with any JSON input', () => {
    expect(parseFrame(InvokeFrameSchema, '{"t":"invoke","id":1,"channel":"app:get-info"}')).toEqual({
      t: 'invoke',
      id: 1,
      channel: 'app:get-info'
    })
    expect(parseFrame(InvokeFrameSchema, '{"t":"invoke","id":0,"channel":"a:b","input":[null,{"x":1}]}')).toMatchObject(
      { input: [null, { x: 1 }] }
    )
  })

  it('rejects bad JSON, other shapes, odd ids, empty or long channels and unknown keys', () => {
    for (const text of [
      '',
      '{',
      'null',
      '"x"',
      '{"t":"invoke"}',
      '{"t":"invoke","id":-1,"channel":"a"}',
      '{"t":"invoke","id":1e300,"channel":"a"}',
      '{"t":"invoke","id":1,"channel":""}',
      `{"t":"invoke","id":1,"channel":"${'a'.repeat(201)}"}`,
      '{"t":"invoke","id":1,"channel":"a","x":1}'
    ]) {
      expect(parseFrame(InvokeFrameSchema, text), text).toBeNull()
    }
  })

  it('reads results (with or without a value) and events from the host', () => {
    expect(parseFrame(ServerFrameSchema, '{"t":"result","id":3,"result":{"ok":true}}')).toEqual({
      t: 'result',
      id: 3,
      result: { ok: true }
    })
    expect(parseFrame(ServerFrameSchema, '{"t":"event","name":"settings:changed","payload":{"theme":"dark"}}')).toEqual(
      { t: 'event', name: 'settings:changed', payload: { theme: 'dark' } }
    )
    expect(
      parseFrame(
        ServerFrameSchema,
        '{"t":"result","id":3,"result":{"ok":false,"error":{"code":"NOPE","message":"","retryable":false}}}'
      )
    ).toBeNull()
    expect(parseFrame(ServerFrameSchema, '{"t":"invoke","id":3,"channel":"a"}')).toBeNull()
  })

  it('describes a lost connection as a retryable NETWORK_UNREACHABLE error the renderer can rebuild', () => {
    const r = lostConnectionResult()
    expect(r).toEqual({
      ok: false,
      error: { code: 'NETWORK_UNREACHABLE', message: 'Lost the connection to the studio host', retryable: true }
    })
    expect(StudioErrorDataSchema.safeParse(!r.ok && r.error).success).toBe(true)
  })
})
