import { describe, expect, it, vi } from 'vitest'
import { UPLOAD_CHANNELS } from '@shared/contract'
import type { UploadDispatch } from '../core/ipc/upload-dispatcher'
import { FakeWebContents, fakeIpcSetup } from './testing/fakes'
import { registerUploadHandlers } from './upload-ipc'

function setup() {
  const base = fakeIpcSetup()
  const upload = vi.fn<UploadDispatch>(async () => ({ ok: true, value: 'granted' }))
  const dispose = registerUploadHandlers(base.asIpcMain, upload, { windows: base.windows }, base.log)
  const call = (event: unknown, input: unknown) => base.call('files:upload', event, input)
  return { handlers: base.handlers, upload, ours: base.ours, log: base.log, dispose, call }
}

const from = (sender: FakeWebContents, senderFrame: unknown = sender.mainFrame) => ({ sender, senderFrame })
const meta = { purpose: 'chat-attachment', name: 'cat.png' }

describe('upload IPC', () => {
  it('registers exactly the upload channels and removes them on dispose', () => {
    const { handlers, dispose } = setup()
    expect([...handlers.keys()]).toEqual([...UPLOAD_CHANNELS])
    dispose()
    expect(handlers.size).toBe(0)
  })

  it('hands a path from our window to the core as a path body', async () => {
    const { call, ours, upload } = setup()
    expect(await call(from(ours), { path: '/home/u/cat.png', meta })).toEqual({ ok: true, value: 'granted' })
    expect(upload).toHaveBeenCalledWith('files:upload', { kind: 'path', path: '/home/u/cat.png' }, meta, {
      shell: 'electron'
    })
  })

  it('hands bytes to the core as a bytes body', async () => {
    const { call, ours, upload } = setup()
    const bytes = new Uint8Array([1, 2, 3])
    await call(from(ours), { bytes, meta })
    expect(upload).toHaveBeenCalledWith('files:upload', { kind: 'bytes', bytes }, meta, { shell: 'electron' })
  })

  it('refuses a foreign sender before looking at the input', async () => {
    const { call, ours, upload, log } = setup()
    ours.mainFrame.url = 'https://evil.example/'
    expect(await call(from(ours), { path: '/home/u/.ssh/id_rsa', meta })).toMatchObject({
      ok: false,
      error: { code: 'FORBIDDEN_SENDER' }
    })
    expect(await call(from(ours, { url: 'app://bundle/index.html' }), { path: '/x', meta })).toMatchObject({
      ok: false,
      error: { code: 'FORBIDDEN_SENDER' }
    })
    expect(await call(from(new FakeWebContents()), { path: '/x', meta })).toMatchObject({
      ok: false,
      error: { code: 'FORBIDDEN_SENDER' }
    })
    expect(upload).not.toHaveBeenCalled()
    expect(log).toHaveBeenCalledWith(expect.stringContaining('refused files:upload'))
  })

  it.each([
    ['nothing', undefined],
    ['both a path and bytes', { path: '/x', bytes: new Uint8Array(1), meta }],
    ['bytes that are not bytes', { bytes: [1, 2, 3], meta }],
    ['an empty path', { path: '', meta }],
    ['an extra field', { path: '/x', meta, purpose: 'chat-attachment' }]
  ])('refuses %s as INVALID_INPUT', async (_what, input) => {
    const { call, ours, upload } = setup()
    expect(await call(from(ours), input)).toMatchObject({ ok: false, error: { code: 'INVALID_INPUT' } })
    expect(upload).not.toHaveBeenCalled()
  })
})
