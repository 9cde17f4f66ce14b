import { safeStorage, type SafeStorage } from 'electron'
import type { SecretBackend } from '../core/profiles/secret-backend'

export type AsyncSafeStorage = Pick<
  SafeStorage,
  'isAsyncEncryptionAvailable' | 'encryptStringAsync' | 'decryptStringAsync' | 'getSelectedStorageBackend'
>

/** Linux backends that are not a real keyring: `basic_text` uses a hardcoded password; `unknown` means not ready. */
const NOT_A_KEYRING = new Set(['basic_text', 'unknown'])

/**
 * SecretBackend over Electron's async safeStorage (security-anchors S1, S3). The sync API is
 * deprecated in Electron 45 and can block the main thread on a keyring prompt.
 */
export function createSafeStorageBackend(storage: AsyncSafeStorage = safeStorage, platform: NodeJS.Platform = process.platform): SecretBackend {
  // Recorded with each ciphertext so a changed keyring (kwallet5 -> kwallet6) is noticed, not guessed.
  const name = (): string => {
    if (platform === 'linux') return storage.getSelectedStorageBackend()
    if (platform === 'darwin') return 'keychain'
    if (platform === 'win32') return 'dpapi'
    return platform
  }
  const available = async (): Promise<boolean> => {
    try {
      // Asked first: it initialises the async encryptor, after which the Linux backend is known.
      if (!(await storage.isAsyncEncryptionAvailable())) return false
      return platform !== 'linux' || !NOT_A_KEYRING.has(storage.getSelectedStorageBackend())
    } catch {
      return false
    }
  }
  return {
    available,
    name,
    encrypt: async (plain) => {
      // Re-checked here so no caller can end up writing a "basic_text" ciphertext and call it protected.
      if (!(await available())) throw new Error('The OS keychain is not available')
      const cipher = await storage.encryptStringAsync(plain)
      return Buffer.from(cipher).toString('base64')
    },
    decrypt: async (cipher) => {
      // Resolves to { result, shouldReEncrypt }, not a string (treating it as one is a shipped bug elsewhere).
      const out = await storage.decryptStringAsync(Buffer.from(cipher, 'base64'))
      if (!out || typeof out.result !== 'string') throw new Error('The OS keychain returned an unexpected answer')
      return { value: out.result, shouldReEncrypt: out.shouldReEncrypt === true }
    }
  }
}
