import { describe, expect, it, vi } from 'vitest'
import { EVENT_NAMES_LIST, INVOKE_CHANNEL_NAMES, UPLOAD_CHANNEL_NAMES } from './channel-names'
import { uploads } from './contract'
import { buildRawApi, type BridgeTransport, type UploadTable } from './contract-kit'

/** The browser host's bridge builds `window.studio` with upload specs loaded on the first upload (T1). */
function lazyApi(load: () => Promise<UploadTable>) {
  const upload = vi.fn<BridgeTransport['upload']>(async () => ({ ok: true, value: 'granted' }))
  const transport: BridgeTransport = {
    invoke: async () => ({ ok: true, value: null }),
    subscribe: () => () => {},
    upload
  }
  const api = buildRawApi(INVOKE_CHANNEL_NAMES, EVENT_NAMES_LIST, transport, { channels: UPLOAD_CHANNEL_NAMES, load })
  const send = api.files.upload as (blob: unknown, meta: unknown) => Promise<unknown>
  return { api, send, upload }
}

describe('lazy upload specs', () => {
  it('exposes the same functions as the eager table and loads the specs only on the first upload, once', async () => {
    const load = vi.fn(async () => uploads as UploadTable)
    const { api, send, upload } = lazyApi(load)
    const eager = buildRawApi(
      INVOKE_CHANNEL_NAMES,
      EVENT_NAMES_LIST,
      { invoke: async () => ({ ok: true, value: null }), subscribe: () => () => {}, upload },
      uploads
    )
    expect(Object.fromEntries(Object.entries(api).map(([ns, fns]) => [ns, Object.keys(fns).sort()]))).toEqual(
      Object.fromEntries(Object.entries(eager).map(([ns, fns]) => [ns, Object.keys(fns).sort()]))
    )
    expect(load).not.toHaveBeenCalled()
    const blob = new Blob(['png'])
    await expect(send(blob, { purpose: 'chat-attachment', name: 'a.png' })).resolves.toEqual({
      ok: true,
      value: 'granted'
    })
    await send(blob, { purpose: 'chat-attachment', name: 'b.png' })
    expect(load).toHaveBeenCalledTimes(1)
    expect(upload).toHaveBeenCalledWith('files:upload', blob, { purpose: 'chat-attachment', name: 'a.png' })
  })

  it('still refuses bad meta and oversized blobs before the transport sees them', async () => {
    const { send, upload } = lazyApi(async () => uploads as UploadTable)
    await expect(send(new Blob(['x']), { purpose: 'nope', name: 'a.png' })).resolves.toMatchObject({
      ok: false,
      error: { code: 'INVALID_INPUT', field: 'purpose' }
    })
    const huge = { size: 21 * 1024 * 1024, arrayBuffer: async () => new ArrayBuffer(0), slice: () => new Blob([]) }
    await expect(send(huge, { purpose: 'chat-attachment', name: 'big.png' })).resolves.toMatchObject({ ok: false })
    await expect(send('not a blob', { purpose: 'chat-attachment', name: 'a.png' })).resolves.toMatchObject({
      ok: false,
      error: { field: 'file' }
    })
    expect(upload).not.toHaveBeenCalled()
  })

  it('answers a failed load with a retryable error and loads again on the next upload', async () => {
    const load = vi
      .fn<() => Promise<UploadTable>>()
      .mockRejectedValueOnce(new Error('chunk failed'))
      .mockResolvedValue(uploads as UploadTable)
    const { send } = lazyApi(load)
    const meta = { purpose: 'chat-attachment', name: 'a.png' }
    await expect(send(new Blob(['x']), meta)).resolves.toMatchObject({
      ok: false,
      error: { code: 'INTERNAL', retryable: true }
    })
    await expect(send(new Blob(['x']), meta)).resolves.toEqual({ ok: true, value: 'granted' })
    expect(load).toHaveBeenCalledTimes(2)
  })
})
