import { safeStorage, type SafeStorage } from 'electron'
import type { SecretBackend } from '../core/profiles/secret-backend'

export type AsyncSafeStorage = Pick<
  SafeStorage,
  'isAsyncEncryptionAvailable' | 'encryptStringAsync' | 'decryptStringAsync'
>

/**
 * The tags Chromium's Linux key providers put in front of a ciphertext: `v11` the Secret Service /
 * KWallet provider, `v12` the Secret portal. The fallback provider writes `v10` with a fixed key
 * ("peanuts"): obfuscation, not protection. Which one encrypts is decided by the async API at run
 * time, so the ciphertext is the only honest witness; getSelectedStorageBackend() is the sync API's
 * desktop-environment guess (GNOME without a running Secret Service still says `gnome_libsecret`;
 * sway or i3 with a working keyring say `basic_text`).
 */
const LINUX_KEYRING_TAGS = new Set(['v11', 'v12'])
const tagOf = (cipher: Uint8Array): string => Buffer.from(cipher.subarray(0, 3)).toString('latin1')

/** Electron's rejection when a provider cannot answer right now (a locked or busy keyring); worth retrying. */
const TEMPORARY = /temporarily unavailable/i

export interface SafeStorageBackendOptions {
  /** Waits before each retry of a temporarily unavailable decryption (ms, in order); bounded by its length. */
  retryDelaysMs?: readonly number[]
  wait?: (ms: number) => Promise<void>
}

/** Thrown when the keychain stayed temporarily unavailable through every retry: the key is intact. */
export class KeychainBusyError extends Error {
  readonly transient = true
  constructor() {
    super('The OS keychain is temporarily unavailable (locked or busy); try again once it is unlocked')
  }
}

/**
 * SecretBackend over Electron's async safeStorage (SECURITY.md S1, S3). The sync API is
 * deprecated in Electron 45 and can block the main thread on a keyring prompt.
 */
export function createSafeStorageBackend(
  storage: AsyncSafeStorage = safeStorage,
  platform: NodeJS.Platform = process.platform,
  opts: SafeStorageBackendOptions = {}
): SecretBackend {
  const retryDelays = opts.retryDelaysMs ?? [250, 1000, 3000]
  const wait = opts.wait ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)))
  const linux = platform === 'linux'
  /** On Linux, whether what the encryptor writes is keyring-protected; it is fixed once the encryptor exists. */
  let linuxVerdict: Promise<boolean> | null = null

  const protectedCipher = (cipher: Uint8Array): boolean => !linux || LINUX_KEYRING_TAGS.has(tagOf(cipher))

  const available = async (): Promise<boolean> => {
    try {
      if (!(await storage.isAsyncEncryptionAvailable())) return false
      if (!linux) return true
      // On Linux the async API is "available" with the fallback provider too: encrypt a probe and read its tag.
      linuxVerdict ??= storage.encryptStringAsync('studio keychain probe').then(protectedCipher)
      return await linuxVerdict
    } catch {
      linuxVerdict = null
      return false
    }
  }

  const decryptOnce = async (cipher: Buffer): Promise<{ value: string; shouldReEncrypt: boolean }> => {
    // Resolves to { result, shouldReEncrypt }, not a string (treating it as one is a shipped bug elsewhere).
    const out = await storage.decryptStringAsync(cipher)
    if (!out || typeof out.result !== 'string') throw new Error('The OS keychain returned an unexpected answer')
    return { value: out.result, shouldReEncrypt: out.shouldReEncrypt === true }
  }

  return {
    available,
    // Recorded with each ciphertext. The provider that made a ciphertext is in its tag, and Electron
    // picks the key by that tag, so the name is the platform's store, not a guess at the desktop.
    name: () =>
      platform === 'darwin' ? 'keychain' : platform === 'win32' ? 'dpapi' : linux ? 'linux-keyring' : platform,
    encrypt: async (plain) => {
      if (!(await available())) throw new Error('The OS keychain is not available')
      const cipher = await storage.encryptStringAsync(plain)
      // The value itself must say it is protected: never store a fixed-key ciphertext as "in the keychain".
      if (!protectedCipher(cipher))
        throw new Error('The OS keychain is not available (the value would be stored under a fixed key)')
      return Buffer.from(cipher).toString('base64')
    },
    decrypt: async (stored) => {
      const cipher = Buffer.from(stored, 'base64')
      if (!protectedCipher(cipher)) throw new Error('The saved value was not encrypted by the OS keychain')
      for (let attempt = 0; ; attempt++) {
        try {
          return await decryptOnce(cipher)
        } catch (e) {
          const transient = e instanceof Error && TEMPORARY.test(e.message)
          if (!transient) throw e
          if (attempt >= retryDelays.length) throw new KeychainBusyError()
          await wait(retryDelays[attempt])
        }
      }
    }
  }
}
