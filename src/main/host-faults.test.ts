import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { HUGE_STRING, TRAVERSAL_STRINGS } from './core/ipc/testing/fuzz-inputs'
import type { SecretBackend } from './core/profiles/secret-backend'
import { coreRig, type CoreRig } from './core/testing/faults/support'
import { registerIpcHandlers } from './electron/ipc'
import { fakeIpcSetup } from './electron/testing/fakes'
import { acquireInstanceLock } from './host/instance-lock'

/**
 * Fault scenarios of the host itself (SECURITY.md §7): F26 second instance, F27/F28 keys at
 * rest without a usable keychain, F30 a compromised renderer. Through the full core and, for the
 * sender checks, the Electron IPC registration with the core's real dispatcher behind it.
 */

const KEY = 'sk-canary-hostfaults-0123456789abcdef'

/** A reversible stand-in for safeStorage: a backend name, and a switch to make decryption fail. */
function keychain(name: string, opts: { failDecrypt?: boolean } = {}): SecretBackend {
  return {
    available: async () => true,
    name: () => name,
    encrypt: async (plain) => Buffer.from(`enc:${plain}`).toString('base64').split('').reverse().join(''),
    decrypt: async (cipher) => {
      if (opts.failDecrypt) throw new Error('The keychain refused to decrypt')
      return {
        value: Buffer.from(cipher.split('').reverse().join(''), 'base64').toString().replace(/^enc:/, ''),
        shouldReEncrypt: false
      }
    }
  }
}

const filesWith = (dir: string, needle: string) =>
  readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && readFileSync(join(e.parentPath, e.name)).includes(needle))
    .map((e) => e.name)

const addProfile = (rig: CoreRig, persistence: 'auto' | 'file' = 'auto') =>
  rig.call('profiles:add', {
    name: `Gateway ${persistence}`,
    baseUrl: 'https://gateway.example.com',
    key: KEY,
    persistence
  }) as Promise<{ id: string; key: { protection: string; needsReentry?: boolean } }>

describe('keys at rest', () => {
  it('F27 Linux without a keyring: the key is kept for the session only, nothing is written, and persisting needs an explicit opt-in (0600, labelled)', async () => {
    const rig = await coreRig({ keepDir: false })
    try {
      const p = await addProfile(rig)
      expect(p.key).toMatchObject({ configured: true, protection: 'session' })
      expect(filesWith(rig.dataDir, KEY)).toEqual([])
      const optIn = await addProfile(rig, 'file')
      expect(optIn.key.protection).toBe('file')
      // The file and its last good copy, which follows every key change (store/kv-store.ts KEY_STORES).
      expect(filesWith(rig.dataDir, KEY).sort()).toEqual(['secrets.json', 'secrets.json.bak'])
      expect(statSync(join(rig.dataDir, 'secrets.json')).mode & 0o777).toBe(0o600)
      expect(statSync(join(rig.dataDir, 'secrets.json.bak')).mode & 0o777).toBe(0o600)
    } finally {
      await rig.close()
    }
  })

  it.each([
    ['the keychain backend changed (kwallet5 -> kwallet6)', keychain('kwallet6')],
    ['decryption fails', keychain('kwallet5', { failDecrypt: true })]
  ])('F28 %s: start-up survives, the ciphertext is kept, the profile asks for the key again', async (_what, after) => {
    const first = await coreRig({ secrets: keychain('kwallet5'), keepDir: true })
    const p = await addProfile(first)
    expect(p.key.protection).toBe('os')
    await first.close()
    const blob = readFileSync(join(first.dataDir, 'secrets.json'), 'utf8')
    expect(blob).not.toContain(KEY)
    const second = await coreRig({ secrets: after, dataDir: first.dataDir })
    try {
      const list = (await second.call('profiles:list')) as {
        profiles: Array<{ id: string; key: { configured: boolean; needsReentry?: boolean } }>
      }
      expect(list.profiles.find((x) => x.id === p.id)?.key).toMatchObject({ configured: true, needsReentry: true })
      expect(readFileSync(join(first.dataDir, 'secrets.json'), 'utf8')).toBe(blob)
      // Using it asks for the key again, precisely, before any request.
      const r = await second.core.dispatch('profiles:test-connection', { id: p.id }, { shell: 'browser' })
      expect(r).toMatchObject({ ok: false, error: { code: 'KEY_UNAVAILABLE', field: 'key' } })
      if (!r.ok) expect(r.error.message).toMatch(/enter the key again/)
      expect(second.fetched).toEqual([])
    } finally {
      await second.close()
    }
  })
})

describe('one host per data folder', () => {
  it('F26 a second instance on the same data folder is refused before it starts; a crashed one does not block the next start', () => {
    const dir = mkdtempSync(join(tmpdir(), 'f26-'))
    const first = acquireInstanceLock(dir)
    // Our own pid is alive: pretend another live process (pid 1) holds it.
    writeFileSync(first.path, '1')
    expect(() => acquireInstanceLock(dir)).toThrow(
      /Another studio is already running with this data folder \(process 1\)/
    )
    // A lock left by a killed process (a pid that does not exist) is taken over.
    writeFileSync(first.path, '2147483646')
    const next = acquireInstanceLock(dir)
    expect(readFileSync(next.path, 'utf8')).toBe(String(process.pid))
    next.release()
    expect(readdirSync(dir)).toEqual([])
    rmSync(dir, { recursive: true, force: true })
  })
})

describe('a compromised renderer', () => {
  let rig: CoreRig
  beforeAll(async () => {
    rig = await coreRig()
  })
  afterAll(async () => {
    await rig.close()
  })

  it('F30 calls from an iframe, a null frame or a foreign origin, extra fields, 10 MB strings, traversal ids and unknown channels are all refused before any side effect; logged; the host keeps running', async () => {
    const ipc = fakeIpcSetup()
    const logs: string[] = []
    registerIpcHandlers(ipc.asIpcMain, rig.core.dispatch, { windows: ipc.windows }, (l) => logs.push(l))
    const before = readdirSync(rig.dataDir, { recursive: true }).sort()
    const ours = ipc.ours
    const senders: Array<[string, unknown]> = [
      ['null frame', { sender: ours, senderFrame: null }],
      ['iframe', { sender: ours, senderFrame: { url: 'app://bundle/index.html' } }],
      ['foreign origin', { sender: { ...ours, id: 999 }, senderFrame: { url: 'https://evil.example/' } }]
    ]
    for (const [what, event] of senders) {
      const r = await ipc.call('profiles:add', event, { name: 'x', baseUrl: 'https://a.example', key: KEY })
      expect(r, what).toMatchObject({ ok: false, error: { code: 'FORBIDDEN_SENDER' } })
    }
    const fromOurs = { sender: ours, senderFrame: ours.mainFrame }
    const bad: Array<[string, unknown]> = [
      ['profiles:add', { name: 'x', baseUrl: 'https://a.example', key: KEY, isAdmin: true }],
      [
        'profiles:add',
        JSON.parse(`{"name":"x","baseUrl":"https://a.example","key":"${KEY}","__proto__":{"polluted":1}}`)
      ],
      ['chat:send', { conversationId: 'c1', text: HUGE_STRING }],
      ['settings:update', { theme: HUGE_STRING }],
      ...TRAVERSAL_STRINGS.map((s): [string, unknown] => ['files:release', { fileId: s }]),
      ...TRAVERSAL_STRINGS.map((s): [string, unknown] => [
        'images:edit',
        { source: { kind: 'file', fileId: s }, prompt: 'p', model: 'image-model-1' }
      ])
    ]
    for (const [channel, input] of bad) {
      const r = await ipc.call(channel, fromOurs, input)
      expect(r.ok, channel).toBe(false)
      if (!r.ok) expect(['INVALID_INPUT', 'NOT_FOUND', 'KEY_MISSING']).toContain(r.error.code)
    }
    const unknown = await rig.core.dispatch('fs:read-file', { path: '/etc/passwd' }, { shell: 'electron' })
    expect(unknown).toMatchObject({ ok: false, error: { code: 'UNKNOWN_CHANNEL' } })

    expect(({} as Record<string, unknown>).polluted).toBeUndefined()
    expect(rig.fetched).toEqual([])
    expect(readdirSync(rig.dataDir, { recursive: true }).sort()).toEqual(before)
    expect(logs.filter((l) => l.includes('refused profiles:add'))).toHaveLength(3)
    expect(readFileSync(join(rig.dataDir, 'logs', 'host.log'), 'utf8')).toMatch(
      /refused unknown channel "fs:read-file"/
    )
    // Still serving.
    expect(await ipc.call('settings:get', fromOurs)).toMatchObject({ ok: true })
  })
})
