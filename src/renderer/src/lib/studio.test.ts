import { afterEach, describe, expect, it, vi } from 'vitest'
import { EVENT_NAMES, INVOKE_CHANNELS, uploads, type StudioBridge } from '@shared/contract'
import { buildRawApi, type BridgeTransport } from '@shared/contract-kit'
import { StudioError, type Result } from '@shared/errors'
import { bridgeProblem, createStudioClient, studio } from './studio'

function bridgeWith(
  invoke: BridgeTransport['invoke'],
  subscribe: BridgeTransport['subscribe'] = () => () => {},
  upload: BridgeTransport['upload'] = async () => ({ ok: true, value: null })
): StudioBridge {
  return buildRawApi(INVOKE_CHANNELS, EVENT_NAMES, { invoke, subscribe, upload }, uploads) as unknown as StudioBridge
}

afterEach(() => {
  delete (window as unknown as { studio?: unknown }).studio
})

describe('the studio client', () => {
  it('resolves to the value inside an ok Result', async () => {
    const invoke = vi.fn(async (): Promise<Result<unknown>> => ({ ok: true, value: { theme: 'dark', language: 'en' } }))
    const client = createStudioClient(bridgeWith(invoke))
    await expect(client.settings.get()).resolves.toEqual({ theme: 'dark', language: 'en' })
    expect(invoke).toHaveBeenCalledWith('settings:get', undefined)
  })

  it('sends the input on the channel the method stands for', async () => {
    const invoke = vi.fn(async (): Promise<Result<unknown>> => ({ ok: true, value: {} }))
    await createStudioClient(bridgeWith(invoke)).profiles.testConnection({ id: 'p-1' })
    expect(invoke).toHaveBeenCalledWith('profiles:test-connection', { id: 'p-1' })
  })

  it('throws a StudioError carrying code, field, status and details of an error Result', async () => {
    const client = createStudioClient(
      bridgeWith(async () => ({
        ok: false,
        error: {
          code: 'INVALID_INPUT',
          message: 'Enter the gateway address',
          retryable: false,
          field: 'baseUrl',
          status: 400,
          details: { reason: 'empty' }
        }
      }))
    )
    const error = await client.profiles
      .add({ name: 'x', baseUrl: '', key: 'k', persistence: 'auto' })
      .catch((e: unknown) => e)
    expect(error).toBeInstanceOf(StudioError)
    expect(error).toMatchObject({
      code: 'INVALID_INPUT',
      field: 'baseUrl',
      status: 400,
      retryable: false,
      message: 'Enter the gateway address'
    })
    expect((error as StudioError).details).toEqual({ reason: 'empty' })
  })

  it('passes event subscriptions through and returns their disposer', () => {
    const listeners = new Set<(p: unknown) => void>()
    const client = createStudioClient(
      bridgeWith(
        async () => ({ ok: true, value: null }),
        (_event, listener) => {
          listeners.add(listener)
          return () => listeners.delete(listener)
        }
      )
    )
    const seen: unknown[] = []
    const dispose = client.settings.onChanged((s) => seen.push(s))
    for (const l of listeners) l({ theme: 'light', language: 'zh' })
    dispose()
    for (const l of listeners) l({ theme: 'dark', language: 'en' })
    expect(seen).toEqual([{ theme: 'light', language: 'zh' }])
    expect(listeners.size).toBe(0)
  })

  it('the app-wide client reads window.studio at call time', async () => {
    ;(window as unknown as { studio: StudioBridge }).studio = bridgeWith(async () => ({
      ok: true,
      value: 'from-window'
    }))
    await expect(studio.settings.get()).resolves.toBe('from-window')
  })

  it('the app-wide client fails with a StudioError, not a TypeError, when there is no bridge', async () => {
    await expect(studio.settings.get()).rejects.toMatchObject({ name: 'StudioError', code: 'INTERNAL' })
  })
})

describe('uploads through the client', () => {
  const grant = {
    fileId: 'AAAAAAAAAAAAAAAAAAAAAA',
    name: 'cat.png',
    bytes: 4,
    mimeType: 'image/png',
    width: 2,
    height: 2,
    previewUrl: '/media/BBBBBBBBBBBBBBBBBBBBBB'
  }

  it('hands the File and its meta to the bridge and resolves to the grant', async () => {
    const upload = vi.fn(async (): Promise<Result<unknown>> => ({ ok: true, value: grant }))
    const client = createStudioClient(bridgeWith(async () => ({ ok: true, value: null }), undefined, upload))
    const file = new File([new Uint8Array([1, 2, 3, 4])], 'cat.png', { type: 'image/png' })
    await expect(client.files.upload(file, { purpose: 'chat-attachment', name: 'cat.png' })).resolves.toEqual(grant)
    expect(upload).toHaveBeenCalledWith('files:upload', file, { purpose: 'chat-attachment', name: 'cat.png' })
  })

  it('throws the host refusal as a StudioError at the file field', async () => {
    const refusal = {
      code: 'INVALID_INPUT' as const,
      message: '"notes.png" is not a PNG, JPEG or WebP image',
      retryable: false,
      field: 'file',
      details: { reason: 'wrong-type' }
    }
    const client = createStudioClient(
      bridgeWith(
        async () => ({ ok: true, value: null }),
        undefined,
        async () => ({ ok: false, error: refusal })
      )
    )
    const error = await client.files
      .upload(new Blob(['hello']), { purpose: 'image-edit', name: 'notes.png' })
      .catch((e: unknown) => e)
    expect(error).toMatchObject({
      name: 'StudioError',
      code: 'INVALID_INPUT',
      field: 'file',
      details: { reason: 'wrong-type' }
    })
  })

  it('refuses an oversized file before the bridge reads a byte of it', async () => {
    const upload = vi.fn(async (): Promise<Result<unknown>> => ({ ok: true, value: grant }))
    const client = createStudioClient(bridgeWith(async () => ({ ok: true, value: null }), undefined, upload))
    const big = { size: 21 * 1024 * 1024, type: 'image/png', arrayBuffer: vi.fn(), slice: vi.fn() } as unknown as Blob
    const error = await client.files
      .upload(big, { purpose: 'chat-attachment', name: 'huge.png' })
      .catch((e: unknown) => e)
    expect(error).toMatchObject({
      code: 'INVALID_INPUT',
      field: 'file',
      details: { reason: 'too-large', limitBytes: 20 * 1024 * 1024 }
    })
    expect((error as Error).message).toBe('"huge.png" is 21 MB; chat attachments accept files up to 20 MB.')
    expect(upload).not.toHaveBeenCalled()
    expect((big as unknown as { arrayBuffer: ReturnType<typeof vi.fn> }).arrayBuffer).not.toHaveBeenCalled()
  })

  it('refuses meta outside the contract and non-files without calling the bridge', async () => {
    const upload = vi.fn(async (): Promise<Result<unknown>> => ({ ok: true, value: grant }))
    const client = createStudioClient(bridgeWith(async () => ({ ok: true, value: null }), undefined, upload))
    const file = new File(['x'], 'x.png')
    await expect(client.files.upload(file, { purpose: 'wallpaper', name: 'x.png' } as never)).rejects.toMatchObject({
      code: 'INVALID_INPUT',
      field: 'purpose'
    })
    await expect(
      client.files.upload(file, { purpose: 'chat-attachment', name: 'x.png', path: '/etc/passwd' } as never)
    ).rejects.toMatchObject({ code: 'INVALID_INPUT' })
    await expect(
      client.files.upload('/etc/passwd' as never, { purpose: 'chat-attachment', name: 'x' })
    ).rejects.toMatchObject({ code: 'INVALID_INPUT', field: 'file' })
    expect(upload).not.toHaveBeenCalled()
  })
})

describe('bridge detection', () => {
  it('reports a missing bridge', () => {
    expect(bridgeProblem(undefined)).toEqual({ kind: 'missing' })
  })

  it('reports the functions an outdated bridge lacks', () => {
    const api = bridgeWith(async () => ({ ok: true, value: null }))
    const partial = { ...api, balance: {} }
    expect(bridgeProblem(partial)).toEqual({
      kind: 'incomplete',
      missing: [
        'studio.balance.getUsage',
        'studio.balance.getBilling',
        'studio.balance.getHistory',
        'studio.balance.getSpending',
        'studio.balance.getSettings',
        'studio.balance.updateSettings',
        'studio.balance.preflight',
        'studio.balance.chatEstimate',
        'studio.balance.jobCost',
        'studio.balance.onUsageUpdated',
        'studio.balance.onHistoryChanged',
        'studio.balance.onLowBalance',
        'studio.balance.onLimitHold'
      ]
    })
  })

  it('reports a bridge without the upload function', () => {
    const api = bridgeWith(async () => ({ ok: true, value: null })) as unknown as Record<
      string,
      Record<string, unknown>
    >
    const { upload: _upload, ...files } = api.files
    expect(bridgeProblem({ ...api, files })).toEqual({ kind: 'incomplete', missing: ['studio.files.upload'] })
  })

  it('accepts a bridge built from the contract', () => {
    expect(bridgeProblem(bridgeWith(async () => ({ ok: true, value: null })))).toBeNull()
  })
})
