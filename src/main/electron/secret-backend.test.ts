import { existsSync, mkdtempSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it, vi } from 'vitest'
import { SecretGuard } from '../core/ipc/secret-guard'
import { KeyVault, type SecretsFile } from '../core/profiles/key-vault'
import { openConfStore } from '../core/store/kv-store'

vi.mock('electron', () => ({ safeStorage: {} }))

const { createSafeStorageBackend } = await import('./secret-backend')
type Storage = Parameters<typeof createSafeStorageBackend>[0]
type Backend = ReturnType<NonNullable<Storage>['getSelectedStorageBackend']>

/** A fake async safeStorage: "encrypts" by reversing and tagging, so ciphertext never contains the key. */
function fakeStorage(opts: { available?: boolean; backend?: Backend; shouldReEncrypt?: boolean } = {}) {
  const storage = {
    isAsyncEncryptionAvailable: vi.fn(async () => opts.available ?? true),
    getSelectedStorageBackend: vi.fn((): Backend => opts.backend ?? 'gnome_libsecret'),
    encryptStringAsync: vi.fn(async (plain: string) => Buffer.from(`v11:${[...plain].reverse().join('')}`)),
    decryptStringAsync: vi.fn(async (cipher: Buffer) => ({
      result: [...cipher.toString().replace(/^v11:/, '')].reverse().join(''),
      shouldReEncrypt: opts.shouldReEncrypt ?? false
    }))
  }
  return storage
}

const KEY = 'sk-canary-0123456789abcdef'

describe('safeStorage secret backend', () => {
  it('round-trips a key through base64 ciphertext that does not contain it', async () => {
    const storage = fakeStorage()
    const backend = createSafeStorageBackend(storage, 'linux')
    expect(await backend.available()).toBe(true)
    const cipher = await backend.encrypt(KEY)
    expect(cipher).toMatch(/^[A-Za-z0-9+/]+=*$/)
    expect(cipher).not.toContain(KEY)
    expect(Buffer.from(cipher, 'base64').toString()).not.toContain(KEY)
    expect(await backend.decrypt(cipher)).toEqual({ value: KEY, shouldReEncrypt: false })
    expect(storage.decryptStringAsync).toHaveBeenCalledWith(expect.any(Buffer))
  })

  it('passes shouldReEncrypt through, so the vault rewrites a rotated ciphertext', async () => {
    const backend = createSafeStorageBackend(fakeStorage({ shouldReEncrypt: true }), 'linux')
    expect(await backend.decrypt(await backend.encrypt(KEY))).toEqual({ value: KEY, shouldReEncrypt: true })
  })

  it.each(['basic_text', 'unknown'] as const)('treats the Linux %s backend as no keychain, and refuses to encrypt with it', async (name) => {
    const storage = fakeStorage({ backend: name })
    const backend = createSafeStorageBackend(storage, 'linux')
    expect(await backend.available()).toBe(false)
    await expect(backend.encrypt(KEY)).rejects.toThrow(/not available/)
    expect(storage.encryptStringAsync).not.toHaveBeenCalled()
  })

  it('reports unavailable when the OS says so, or when asking throws', async () => {
    expect(await createSafeStorageBackend(fakeStorage({ available: false }), 'darwin').available()).toBe(false)
    const throwing = fakeStorage()
    throwing.isAsyncEncryptionAvailable.mockRejectedValue(new Error('keyring locked'))
    expect(await createSafeStorageBackend(throwing, 'linux').available()).toBe(false)
  })

  it('asks availability before reading the Linux backend (the async encryptor initialises lazily)', async () => {
    const storage = fakeStorage()
    await createSafeStorageBackend(storage, 'linux').available()
    expect(storage.isAsyncEncryptionAvailable.mock.invocationCallOrder[0]).toBeLessThan(storage.getSelectedStorageBackend.mock.invocationCallOrder[0])
  })

  it('does not consult the Linux-only backend on macOS or Windows', async () => {
    const storage = fakeStorage({ backend: 'basic_text' })
    expect(await createSafeStorageBackend(storage, 'darwin').available()).toBe(true)
    expect(await createSafeStorageBackend(storage, 'win32').available()).toBe(true)
    expect(storage.getSelectedStorageBackend).not.toHaveBeenCalled()
  })

  it('names the backend so a changed keyring is noticed', () => {
    expect(createSafeStorageBackend(fakeStorage({ backend: 'kwallet6' }), 'linux').name()).toBe('kwallet6')
    expect(createSafeStorageBackend(fakeStorage(), 'darwin').name()).toBe('keychain')
    expect(createSafeStorageBackend(fakeStorage(), 'win32').name()).toBe('dpapi')
  })

  it('rejects a decrypt answer that is not { result, shouldReEncrypt } instead of returning garbage', async () => {
    const storage = fakeStorage()
    storage.decryptStringAsync.mockResolvedValue(KEY as never)
    await expect(createSafeStorageBackend(storage, 'linux').decrypt('AAAA')).rejects.toThrow(/unexpected answer/)
  })

  it('lets a decrypt failure surface, so the vault keeps the ciphertext and asks for the key again', async () => {
    const storage = fakeStorage()
    storage.decryptStringAsync.mockRejectedValue(new Error('Error while decrypting the ciphertext provided to safeStorage.decryptString.'))
    await expect(createSafeStorageBackend(storage, 'linux').decrypt('AAAA')).rejects.toThrow(/decrypting/)
  })
})

describe('safeStorage backend inside the key vault', () => {
  it('keeps a key session-only on a basic_text machine: nothing reaches the secrets file', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'studio-safe-'))
    const store = openConfStore<SecretsFile>(dir, 'secrets', { entries: {} })
    const vault = new KeyVault(store, createSafeStorageBackend(fakeStorage({ backend: 'basic_text' }), 'linux'), new SecretGuard())
    const status = await vault.set('p1', KEY, 'auto')
    expect(status).toMatchObject({ protection: 'session' })
    expect(await vault.get('p1')).toBe(KEY)
    const file = join(dir, 'secrets.json')
    expect(existsSync(file) ? readFileSync(file, 'utf8') : '').not.toContain(KEY)
    expect(store.get('entries')).toEqual({})
  })
})
