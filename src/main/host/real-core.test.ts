import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { WebSocket } from 'ws'
import { noKeychain } from '../core/profiles/secret-backend'
import { createStudioCore, type StudioCore } from '../core/studio-core'
import { startHostServer, type HostServer } from './server'
import { frames, makeRendererDir, openAuthed, tokenOf } from './testing/support'

/** The browser host over the real core (sandbox off): what the end-to-end tests rely on. */
describe('the browser host over the real studio core', () => {
  const renderer = makeRendererDir()
  const dataDir = mkdtempSync(join(tmpdir(), 'studio-host-data-'))
  let core: StudioCore
  let server: HostServer
  let ws: WebSocket
  let inbox: ReturnType<typeof frames>
  let nextId = 1

  beforeAll(async () => {
    core = await createStudioCore({
      shell: 'browser',
      secrets: noKeychain,
      dataDir,
      appVersion: '9.9.9',
      platform: 'linux',
      sandbox: { enabled: false }
    })
    server = await startHostServer({ core, rendererDir: renderer.dir })
    ws = await openAuthed(server.port, tokenOf(server.url))
    inbox = frames(ws)
  })
  afterAll(async () => {
    ws.close()
    await server.close()
    await core.dispose()
    renderer.cleanup()
    rmSync(dataDir, { recursive: true, force: true })
  })

  async function invoke(channel: string, input?: unknown): Promise<unknown> {
    const id = nextId++
    ws.send(JSON.stringify({ t: 'invoke', id, channel, input }))
    return (await inbox.next((f) => f.t === 'result' && f.id === id)).result
  }

  it('answers app:get-info as the browser shell', async () => {
    expect(await invoke('app:get-info')).toEqual({
      ok: true,
      value: { name: 'Generation Studio', version: '9.9.9', shell: 'browser', platform: 'linux' }
    })
  })

  it('refuses a channel outside the contract with UNKNOWN_CHANNEL', async () => {
    expect(await invoke('fs:read-file', { path: '/etc/passwd' })).toMatchObject({
      ok: false,
      error: { code: 'UNKNOWN_CHANNEL', retryable: false }
    })
    expect(await invoke('__proto__')).toMatchObject({ ok: false, error: { code: 'UNKNOWN_CHANNEL' } })
  })

  it('refuses input outside the contract with INVALID_INPUT', async () => {
    expect(await invoke('settings:update', { theme: 'neon' })).toMatchObject({
      ok: false,
      error: { code: 'INVALID_INPUT', field: 'theme' }
    })
    expect(await invoke('settings:update', { theme: 'dark', extra: 1 })).toMatchObject({
      ok: false,
      error: { code: 'INVALID_INPUT' }
    })
  })

  it('pushes the event a change causes, and the answer, to the page', async () => {
    const event = inbox.next((f) => f.t === 'event' && f.name === 'settings:changed')
    expect(await invoke('settings:update', { theme: 'dark' })).toEqual({
      ok: true,
      value: { theme: 'dark', language: 'system' }
    })
    expect(await event).toEqual({
      t: 'event',
      name: 'settings:changed',
      payload: { theme: 'dark', language: 'system' }
    })
  })
})
