import { existsSync, mkdtempSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it, vi } from 'vitest'
import { SecretGuard } from '../core/ipc/secret-guard'
import { KeyVault, type SecretsFile } from '../core/profiles/key-vault'
import { openConfStore } from '../core/store/kv-store'
import { FakeSafeStorage, TEMPORARILY_UNAVAILABLE, type FakeSafeStorageOptions } from './testing/safe-storage'

vi.mock('electron', () => ({ safeStorage: {} }))

const { createSafeStorageBackend, KeychainBusyError } = await import('./secret-backend')

const KEY = 'sk-canary-0123456789abcdef'

function backendOn(platform: NodeJS.Platform, opts: FakeSafeStorageOptions) {
  const storage = new FakeSafeStorage(opts)
  const waits: number[] = []
  const backend = createSafeStorageBackend(storage, platform, { wait: async (ms) => void waits.push(ms) })
  return { storage, backend, waits }
}

describe('safeStorage secret backend', () => {
  it('round-trips a key through base64 ciphertext that does not contain it', async () => {
    const { backend } = backendOn('linux', { provider: 'secret-service' })
    expect(await backend.available()).toBe(true)
    const cipher = await backend.encrypt(KEY)
    expect(cipher).toMatch(/^[A-Za-z0-9+/]+=*$/)
    expect(cipher).not.toContain(KEY)
    expect(Buffer.from(cipher, 'base64').toString()).not.toContain(KEY)
    expect(await backend.decrypt(cipher)).toEqual({ value: KEY, shouldReEncrypt: false })
  })

  it('passes shouldReEncrypt through, so the vault rewrites a ciphertext made by another provider (portal now preferred)', async () => {
    const { storage, backend } = backendOn('linux', { provider: 'secret-service' })
    const cipher = await backend.encrypt(KEY)
    storage.provider = 'secret-portal'
    storage.readable.add('v12')
    expect(await backend.decrypt(cipher)).toEqual({ value: KEY, shouldReEncrypt: true })
  })

  it.each([
    ['GNOME without a running Secret Service (the sync API still says gnome_libsecret)', 'gnome_libsecret'],
    ['an unrecognised desktop', 'basic_text']
  ] as const)(
    "Linux, %s: the async API encrypts with the fixed-key fallback, so no keychain, and nothing is encrypted with it (provider tags from Chromium's source; the smoke run confirms)",
    async (_what, guess) => {
      const { storage, backend } = backendOn('linux', { provider: 'fallback', selectedBackend: guess })
      // The async API itself says "available": only the ciphertext tells.
      expect(await storage.isAsyncEncryptionAvailable()).toBe(true)
      expect(await backend.available()).toBe(false)
      await expect(backend.encrypt(KEY)).rejects.toThrow(/not available/)
    }
  )

  it("Linux, sway or i3 with a working keyring (the sync API says basic_text): the keychain is used (provider tags from Chromium's source; the smoke run confirms)", async () => {
    const { backend } = backendOn('linux', { provider: 'secret-service', selectedBackend: 'basic_text' })
    expect(await backend.available()).toBe(true)
    expect(await backend.decrypt(await backend.encrypt(KEY))).toEqual({ value: KEY, shouldReEncrypt: false })
  })

  it('Linux, the Secret portal (Flatpak) counts as a keychain', async () => {
    expect(
      await backendOn('linux', { provider: 'secret-portal', selectedBackend: 'basic_text' }).backend.available()
    ).toBe(true)
  })

  it('refuses to decrypt a fixed-key (v10) ciphertext on Linux as if the keychain had protected it', async () => {
    const { storage, backend } = backendOn('linux', { provider: 'secret-service' })
    const planted = Buffer.from(
      await new FakeSafeStorage({ provider: 'fallback' }).encryptStringAsync('sk-attacker')
    ).toString('base64')
    await expect(backend.decrypt(planted)).rejects.toThrow(/not encrypted by the OS keychain/)
    expect(storage.decryptCalls).toBe(0)
  })

  it('reports unavailable before ready, when the OS says so, or when asking throws', async () => {
    expect(await backendOn('darwin', { provider: 'keychain', ready: false }).backend.available()).toBe(false)
    const throwing = new FakeSafeStorage({ provider: 'secret-service' })
    throwing.isAsyncEncryptionAvailable = async () => {
      throw new Error('keyring locked')
    }
    expect(await createSafeStorageBackend(throwing, 'linux').available()).toBe(false)
  })

  it('macOS and Windows: available when the async API says so; their v10 ciphertexts are keychain/DPAPI-protected', async () => {
    for (const [platform, provider] of [
      ['darwin', 'keychain'],
      ['win32', 'dpapi']
    ] as const) {
      const { backend } = backendOn(platform, { provider, selectedBackend: 'basic_text' })
      expect(await backend.available()).toBe(true)
      expect(await backend.decrypt(await backend.encrypt(KEY))).toEqual({ value: KEY, shouldReEncrypt: false })
    }
  })

  it('names the store by platform, never by the desktop guess', () => {
    expect(backendOn('linux', { provider: 'secret-service', selectedBackend: 'kwallet6' }).backend.name()).toBe(
      'linux-keyring'
    )
    expect(backendOn('linux', { provider: 'secret-service', selectedBackend: 'gnome_libsecret' }).backend.name()).toBe(
      'linux-keyring'
    )
    expect(backendOn('darwin', { provider: 'keychain' }).backend.name()).toBe('keychain')
    expect(backendOn('win32', { provider: 'dpapi' }).backend.name()).toBe('dpapi')
  })

  it("retries a temporarily unavailable keyring (bounded, with growing waits) instead of failing at once (the rejection text is Electron's source, not its docs; unproven without a binary)", async () => {
    const { storage, backend, waits } = backendOn('linux', { provider: 'secret-service' })
    const cipher = await backend.encrypt(KEY)
    storage.temporarilyUnavailable = 2
    expect(await backend.decrypt(cipher)).toEqual({ value: KEY, shouldReEncrypt: false })
    expect(storage.decryptCalls).toBe(3)
    expect(waits).toEqual([250, 1000])
  })

  it('gives up after the bound with a transient KeychainBusyError (the key is intact), never looping', async () => {
    const { storage, backend, waits } = backendOn('linux', { provider: 'secret-service' })
    const cipher = await backend.encrypt(KEY)
    storage.temporarilyUnavailable = 100
    const err = await backend.decrypt(cipher).catch((e: unknown) => e)
    expect(err).toBeInstanceOf(KeychainBusyError)
    expect(err).toMatchObject({ transient: true })
    expect(storage.decryptCalls).toBe(4)
    expect(waits).toEqual([250, 1000, 3000])
  })

  it('does not retry a real decryption failure (a keyring that lost the key): it surfaces at once', async () => {
    const { storage, backend, waits } = backendOn('linux', { provider: 'secret-service' })
    const cipher = await backend.encrypt(KEY)
    storage.readable.delete('v11')
    await expect(backend.decrypt(cipher)).rejects.toThrow(/Error while decrypting/)
    expect(waits).toEqual([])
    expect(TEMPORARILY_UNAVAILABLE).toMatch(/temporarily unavailable/)
  })

  it('rejects a decrypt answer that is not { result, shouldReEncrypt } instead of returning garbage', async () => {
    const { storage, backend } = backendOn('linux', { provider: 'secret-service' })
    const cipher = await backend.encrypt(KEY)
    storage.decryptStringAsync = (async () => KEY) as never
    await expect(backend.decrypt(cipher)).rejects.toThrow(/unexpected answer/)
  })
})

describe('safeStorage backend inside the key vault', () => {
  it('keeps a key session-only on a Linux machine whose async API falls back to the fixed key: nothing reaches the secrets file', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'studio-safe-'))
    const store = openConfStore<SecretsFile>(dir, 'secrets', { entries: {} })
    const { backend } = backendOn('linux', { provider: 'fallback', selectedBackend: 'gnome_libsecret' })
    const vault = new KeyVault(store, backend, new SecretGuard())
    const status = await vault.set('p1', KEY, 'auto')
    expect(status).toMatchObject({ protection: 'session' })
    expect(await vault.get('p1')).toBe(KEY)
    const file = join(dir, 'secrets.json')
    expect(existsSync(file) ? readFileSync(file, 'utf8') : '').not.toContain(KEY)
    expect(store.get('entries')).toEqual({})
  })

  it('a keyring that is locked for a moment at start still yields the saved key (no "keychain changed")', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'studio-safe-'))
    const { storage, backend } = backendOn('linux', { provider: 'secret-service' })
    await new KeyVault(openConfStore<SecretsFile>(dir, 'secrets', { entries: {} }), backend, new SecretGuard()).set(
      'p1',
      KEY,
      'auto'
    )
    storage.temporarilyUnavailable = 1
    const restarted = new KeyVault(
      openConfStore<SecretsFile>(dir, 'secrets', { entries: {} }),
      backend,
      new SecretGuard()
    )
    expect(await restarted.require('p1')).toBe(KEY)
  })
})
