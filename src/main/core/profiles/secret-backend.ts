/**
 * OS encryption for keys at rest, injected by the shell: Electron's async safeStorage, or none.
 * A backend that is not a real keyring (Linux `basic_text`) must report `available: false`.
 */
export interface SecretBackend {
  available(): Promise<boolean>
  /** Name recorded with each ciphertext, so a changed keyring is noticed instead of silently failing. */
  name(): string
  encrypt(plain: string): Promise<string>
  decrypt(cipher: string): Promise<{ value: string; shouldReEncrypt: boolean }>
}

/** The browser host and tests without a keyring. */
export const noKeychain: SecretBackend = {
  available: async () => false,
  name: () => 'none',
  encrypt: async () => {
    throw new Error('No OS keychain is available')
  },
  decrypt: async () => {
    throw new Error('No OS keychain is available')
  }
}
