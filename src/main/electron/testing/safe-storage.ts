/**
 * Electron 45's asynchronous safeStorage (https://www.electronjs.org/docs/latest/api/safe-storage, "Asynchronous API"), with the
 * platform's key providers behind it. What the docs say and what Electron's source does where they are
 * silent (shell/browser/api/electron_api_safe_storage.cc and shell/browser/browser_process_impl.cc at
 * v45.0.0-nightly.20260821; Chromium components/os_crypt/async):
 *
 * - "The asynchronous encryptor is initialized lazily the first time this method, encryptStringAsync, or
 *   decryptStringAsync is called after the app is ready": isAsyncEncryptionAvailable resolves false
 *   before ready, and true once the encryptor exists, on Linux even when no keyring answers, because
 *   "A fallback provider is used for environments without a secret service available".
 * - Linux providers tag their ciphertexts: the fallback (PosixKeyProvider) "v10", a fixed PBKDF2 key of
 *   "peanuts" (no protection); the Secret Service / KWallet provider "v11"; the Secret portal "v12".
 *   macOS (Keychain) and Windows (DPAPI) write "v10" too, with a real key.
 * - getSelectedStorageBackend is the sync API's desktop-environment guess ("gnome_libsecret - When the
 *   desktop environment is ... GNOME ..."; "basic_text - When the desktop environment is not recognised"),
 *   "unknown" before ready; it says nothing about which async provider holds the key.
 * - decryptStringAsync resolves { shouldReEncrypt, result } ("whether data ... should be re-encrypted, as
 *   the key has been rotated or a new key is available that provides a different security level"); an
 *   empty buffer resolves { result: '' }; a provider that cannot answer right now rejects with
 *   "safeStorage.decryptStringAsync is temporarily unavailable. Please try again." (the docs' "temporary
 *   unavailability handling"); any other failure with "Error while decrypting the ciphertext provided to
 *   safeStorage.decryptStringAsync.".
 */
import type { SafeStorage } from 'electron'

type Backend = ReturnType<SafeStorage['getSelectedStorageBackend']>

/** Which provider encrypts on this machine. */
export type KeyProvider = 'keychain' | 'dpapi' | 'secret-service' | 'secret-portal' | 'fallback'

const TAG: Record<KeyProvider, string> = {
  keychain: 'v10',
  dpapi: 'v10',
  'secret-service': 'v11',
  'secret-portal': 'v12',
  fallback: 'v10'
}

export const TEMPORARILY_UNAVAILABLE = 'safeStorage.decryptStringAsync is temporarily unavailable. Please try again.'
export const DECRYPT_FAILED = 'Error while decrypting the ciphertext provided to safeStorage.decryptStringAsync.'

export interface FakeSafeStorageOptions {
  /** The provider that encrypts (the highest-precedence one that initialised). */
  provider: KeyProvider
  /** What the sync API guesses from the desktop environment (Linux only). */
  selectedBackend?: Backend
  /** False until app `ready`. */
  ready?: boolean
}

export class FakeSafeStorage {
  provider: KeyProvider
  selectedBackend: Backend
  ready: boolean
  /** Providers whose keys this process can still read (the fallback's fixed key always). */
  readable = new Set<string>()
  /** The next n decryptions find the keyring busy or locked. */
  temporarilyUnavailable = 0
  decryptCalls = 0

  constructor(opts: FakeSafeStorageOptions) {
    this.provider = opts.provider
    this.selectedBackend = opts.selectedBackend ?? 'gnome_libsecret'
    this.ready = opts.ready ?? true
    this.readable.add(TAG[opts.provider]).add('v10')
  }

  isAsyncEncryptionAvailable = async (): Promise<boolean> => this.ready

  getSelectedStorageBackend = (): Backend => (this.ready ? this.selectedBackend : 'unknown')

  encryptStringAsync = async (plain: string): Promise<Buffer> => {
    if (!this.ready) throw new Error('safeStorage cannot be used before app is ready')
    return Buffer.concat([
      Buffer.from(TAG[this.provider]),
      Buffer.from([...plain].reverse().join(''), 'utf8').map((b) => b ^ 0x5a)
    ])
  }

  decryptStringAsync = async (encrypted: Buffer): Promise<{ shouldReEncrypt: boolean; result: string }> => {
    this.decryptCalls++
    if (!this.ready) throw new Error('safeStorage cannot be used before app is ready')
    if (!Buffer.isBuffer(encrypted))
      throw new Error('Expected the first argument of decryptStringAsync() to be a buffer')
    if (encrypted.length === 0) return { shouldReEncrypt: false, result: '' }
    const tag = encrypted.subarray(0, 3).toString('latin1')
    if (this.temporarilyUnavailable > 0 && tag !== 'v10') {
      this.temporarilyUnavailable--
      throw new Error(TEMPORARILY_UNAVAILABLE)
    }
    if (!this.readable.has(tag)) throw new Error(DECRYPT_FAILED)
    const result = [...Buffer.from(encrypted.subarray(3).map((b) => b ^ 0x5a)).toString('utf8')].reverse().join('')
    return { shouldReEncrypt: tag !== TAG[this.provider], result }
  }
}
