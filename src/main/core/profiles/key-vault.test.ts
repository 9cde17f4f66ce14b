import { mkdtempSync, readFileSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { SecretGuard } from '../ipc/secret-guard'
import { openConfStore } from '../store/kv-store'
import { KeyVault, type SecretsFile } from './key-vault'
import { noKeychain, type SecretBackend } from './secret-backend'

const KEY = 'sk-test-key-0123456789'

/** A reversible stand-in for the OS keychain: enough to prove what is written and when. */
function fakeKeychain(
  name = 'gnome_libsecret',
  opts: { reEncrypt?: boolean; failDecrypt?: boolean } = {}
): SecretBackend & { encrypts: number } {
  const b = {
    encrypts: 0,
    available: async () => true,
    name: () => name,
    encrypt: async (plain: string) => {
      b.encrypts++
      return Buffer.from(`enc:${plain}`).toString('base64').split('').reverse().join('')
    },
    decrypt: async (cipher: string) => {
      if (opts.failDecrypt) throw new Error('decrypt failed')
      const plain = Buffer.from(cipher.split('').reverse().join(''), 'base64').toString().replace(/^enc:/, '')
      return { value: plain, shouldReEncrypt: opts.reEncrypt ?? false }
    }
  }
  return b
}

function setup(backend: SecretBackend, dir = mkdtempSync(join(tmpdir(), 'vault-'))) {
  const store = openConfStore<SecretsFile>(dir, 'secrets', { entries: {} })
  const guard = new SecretGuard()
  return { dir, store, guard, vault: new KeyVault(store, backend, guard) }
}

describe('KeyVault', () => {
  it('encrypts with the keychain and never writes the key in clear', async () => {
    const { vault, store } = setup(fakeKeychain())
    const status = await vault.set('p1', KEY, 'auto')
    expect(status).toEqual({ configured: true, protection: 'os', last4: '6789' })
    const raw = readFileSync(store.path, 'utf8')
    expect(raw).not.toContain(KEY)
    expect(statSync(store.path).mode & 0o777).toBe(0o600)
  })

  it('keeps the key for the session only when there is no keychain', async () => {
    const { vault, store } = setup(noKeychain)
    const status = await vault.set('p1', KEY, 'auto')
    expect(status.protection).toBe('session')
    expect(readFileSync(store.path, 'utf8')).not.toContain(KEY)
    expect(await vault.get('p1')).toBe(KEY)
  })

  it('writes an unprotected 0600 file only on explicit opt-in', async () => {
    const { vault, store } = setup(noKeychain)
    const status = await vault.set('p1', KEY, 'file')
    expect(status.protection).toBe('file')
    expect(readFileSync(store.path, 'utf8')).toContain(KEY)
    expect(statSync(store.path).mode & 0o777).toBe(0o600)
  })

  it('reads a stored key after restart', async () => {
    const kc = fakeKeychain()
    const first = setup(kc)
    await first.vault.set('p1', KEY, 'auto')
    const second = setup(kc, first.dir)
    expect(await second.vault.get('p1')).toBe(KEY)
    expect(second.guard.leaks(KEY)).toBe(true)
  })

  it('re-encrypts when the keychain asks for it', async () => {
    const kc = fakeKeychain('kwallet5', { reEncrypt: true })
    const first = setup(kc)
    await first.vault.set('p1', KEY, 'auto')
    const before = kc.encrypts
    const second = setup(kc, first.dir)
    await second.vault.get('p1')
    expect(kc.encrypts).toBe(before + 1)
  })

  it('keeps the ciphertext and asks for re-entry when the keychain changed', async () => {
    const first = setup(fakeKeychain('kwallet5'))
    await first.vault.set('p1', KEY, 'auto')
    const blob = first.store.get('entries').p1.data
    const second = setup(fakeKeychain('kwallet6'), first.dir)
    expect(await second.vault.get('p1')).toBeUndefined()
    expect(second.vault.status('p1')).toMatchObject({ configured: true, needsReentry: true })
    await expect(second.vault.require('p1')).rejects.toMatchObject({ code: 'KEY_UNAVAILABLE' })
    expect(second.store.get('entries').p1.data).toBe(blob)
  })

  it('a keychain that is only locked or busy does not ask for re-entry, and the key is read once it answers', async () => {
    const first = setup(fakeKeychain())
    await first.vault.set('p1', KEY, 'auto')
    const backend = fakeKeychain()
    const decrypt = backend.decrypt
    let locked = true
    backend.decrypt = async (cipher) => {
      // As the Electron backend reports a keyring that stayed temporarily unavailable through its retries.
      if (locked) throw Object.assign(new Error('The OS keychain is temporarily unavailable'), { transient: true })
      return decrypt(cipher)
    }
    const second = setup(backend, first.dir)
    expect(await second.vault.get('p1')).toBeUndefined()
    expect(second.vault.status('p1')).not.toHaveProperty('needsReentry')
    const err = await second.vault.require('p1').catch((e: unknown) => e)
    expect(err).toMatchObject({ code: 'KEY_UNAVAILABLE', retryable: true })
    expect(String((err as Error).message)).toMatch(/locked or busy/)
    locked = false
    expect(await second.vault.require('p1')).toBe(KEY)
  })

  it('keeps the ciphertext when decryption fails', async () => {
    const first = setup(fakeKeychain())
    await first.vault.set('p1', KEY, 'auto')
    const second = setup(fakeKeychain('gnome_libsecret', { failDecrypt: true }), first.dir)
    expect(await second.vault.get('p1')).toBeUndefined()
    expect(second.store.get('entries').p1).toBeDefined()
  })

  it('refuses an empty key or one with spaces', async () => {
    const { vault } = setup(noKeychain)
    await expect(vault.set('p1', '   ', 'auto')).rejects.toMatchObject({ code: 'KEY_MISSING', field: 'key' })
    await expect(vault.set('p1', 'sk-a b', 'auto')).rejects.toMatchObject({ code: 'INVALID_INPUT', field: 'key' })
  })

  it('forgets a removed key everywhere', async () => {
    const { vault, guard, store } = setup(fakeKeychain())
    await vault.set('p1', KEY, 'auto')
    vault.remove('p1')
    expect(vault.status('p1')).toEqual({ configured: false, protection: 'none' })
    expect(store.get('entries').p1).toBeUndefined()
    expect(guard.leaks(KEY)).toBe(false)
  })

  it('keeps guarding a replaced key that another profile still holds', async () => {
    const { vault, guard } = setup(fakeKeychain())
    await vault.set('p1', KEY, 'auto')
    await vault.set('p2', KEY, 'auto')
    await vault.set('p1', 'sk-other-key-9876543210', 'auto')
    expect(guard.leaks(KEY)).toBe(true)
    await vault.set('p2', 'sk-third-key-5555555555', 'auto')
    expect(guard.leaks(KEY)).toBe(false)
  })

  it('keeps guarding a replaced key written in clear for a profile not loaded yet', async () => {
    const first = setup(noKeychain)
    await first.vault.set('p2', KEY, 'file')
    const second = setup(noKeychain, first.dir)
    second.vault.setEphemeral('p1', KEY)
    await second.vault.set('p1', 'sk-other-key-9876543210', 'auto')
    expect(second.guard.leaks(KEY)).toBe(true)
  })
})
