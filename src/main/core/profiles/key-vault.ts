import type { KeyPersistence, KeyStatus } from '@shared/domain/profiles'
import { StudioError } from '@shared/errors'
import type { SecretGuard } from '../ipc/secret-guard'
import type { KeyValueStore } from '../store/kv-store'
import type { SecretBackend } from './secret-backend'

interface StoredSecret {
  v: 1
  /** `os`: ciphertext from the OS keychain; `file`: the user opted in to an unprotected file. */
  mode: 'os' | 'file'
  backend: string
  data: string
  createdAt: number
}

export type SecretsFile = { entries: Record<string, StoredSecret> } & Record<string, unknown>

/**
 * Holds API keys in the host. Nothing here ever returns a key to a caller outside the core:
 * the bridge learns only `status()`. Keys live in memory once loaded; at rest they are OS-encrypted,
 * session-only, or (explicit opt-in) in a 0600 file. A ciphertext that cannot be decrypted is kept,
 * never deleted, until the user enters a new key.
 */
export class KeyVault {
  private readonly memory = new Map<string, string>()
  private readonly unreadable = new Set<string>()
  /** Profiles whose last decryption failed only for now (keychain locked or busy): asked again on next use. */
  private readonly busy = new Set<string>()

  constructor(
    private readonly store: KeyValueStore<SecretsFile>,
    private readonly backend: SecretBackend,
    private readonly guard: SecretGuard
  ) {}

  async keychainAvailable(): Promise<boolean> {
    try {
      return await this.backend.available()
    } catch {
      return false
    }
  }

  /** Saves a key. `auto` uses the keychain when there is one and otherwise keeps it for this session only. */
  async set(profileId: string, key: string, persistence: KeyPersistence): Promise<KeyStatus> {
    const trimmed = key.trim()
    if (trimmed === '') throw new StudioError('KEY_MISSING', 'Enter the API key', { field: 'key' })
    if (/\s/.test(trimmed))
      throw new StudioError('INVALID_INPUT', 'The API key cannot contain spaces or line breaks', { field: 'key' })
    const old = this.memory.get(profileId)
    const entries = { ...this.store.get('entries') }
    delete entries[profileId]
    if (persistence === 'file') {
      entries[profileId] = { v: 1, mode: 'file', backend: 'none', data: trimmed, createdAt: Date.now() }
    } else if (persistence === 'auto' && (await this.keychainAvailable())) {
      const data = await this.backend.encrypt(trimmed)
      entries[profileId] = { v: 1, mode: 'os', backend: this.backend.name(), data, createdAt: Date.now() }
    }
    this.store.set('entries', entries)
    this.memory.set(profileId, trimmed)
    this.unreadable.delete(profileId)
    this.guard.add(trimmed)
    // The replaced key may still be another profile's key: forget it only when no profile holds it.
    if (old && old !== trimmed) this.forgetUnlessHeld(old)
    return this.status(profileId)
  }

  /** A key that lives only in memory, never written (environment-provided keys, the sandbox key). */
  setEphemeral(profileId: string, key: string): void {
    this.memory.set(profileId, key)
    this.guard.add(key)
  }

  /** The key for a gateway call. Loads and decrypts a stored key on first use. */
  async get(profileId: string): Promise<string | undefined> {
    const inMemory = this.memory.get(profileId)
    if (inMemory !== undefined) return inMemory
    const entry = this.store.get('entries')[profileId]
    if (!entry) return undefined
    if (entry.mode === 'file') {
      this.memory.set(profileId, entry.data)
      this.guard.add(entry.data)
      return entry.data
    }
    if (entry.backend !== this.backend.name() || !(await this.keychainAvailable())) {
      this.unreadable.add(profileId)
      return undefined
    }
    try {
      const { value, shouldReEncrypt } = await this.backend.decrypt(entry.data)
      this.memory.set(profileId, value)
      this.guard.add(value)
      if (shouldReEncrypt) {
        const data = await this.backend.encrypt(value)
        this.store.set('entries', { ...this.store.get('entries'), [profileId]: { ...entry, data } })
      }
      this.busy.delete(profileId)
      return value
    } catch (e) {
      // A backend marks a failure that kept the ciphertext intact (a locked or busy keyring) as transient:
      // the key is not lost, so it is asked for again next time instead of "enter the key again".
      if (isTransient(e)) this.busy.add(profileId)
      else this.unreadable.add(profileId)
      return undefined
    }
  }

  async require(profileId: string): Promise<string> {
    const key = await this.get(profileId)
    if (key !== undefined) return key
    if (this.busy.has(profileId)) {
      throw new StudioError(
        'KEY_UNAVAILABLE',
        'The system keychain is locked or busy; unlock it and try again (the saved key is kept)',
        {
          field: 'key',
          retryable: true
        }
      )
    }
    if (this.unreadable.has(profileId)) {
      throw new StudioError(
        'KEY_UNAVAILABLE',
        'The saved key could not be unlocked (the system keychain changed); enter the key again',
        {
          field: 'key'
        }
      )
    }
    throw new StudioError('KEY_MISSING', 'This profile has no API key yet; add it in Settings', { field: 'key' })
  }

  /** True when the text holds a key the host knows (a profile's name or names must never carry one). */
  exposes(text: string): boolean {
    return this.guard.leaks(text)
  }

  /** Makes the guard aware of a key that is only being tried (test connection before saving). */
  track(key: string): void {
    this.guard.add(key.trim())
  }

  remove(profileId: string): void {
    const old = this.memory.get(profileId)
    this.memory.delete(profileId)
    this.unreadable.delete(profileId)
    const entries = { ...this.store.get('entries') }
    if (profileId in entries) {
      delete entries[profileId]
      this.store.set('entries', entries)
    }
    if (old) this.forgetUnlessHeld(old)
  }

  /**
   * Forgets a key only after the last copy is gone (in memory or written in clear for a profile not
   * loaded yet), so the guard never misses a live key.
   */
  private forgetUnlessHeld(key: string): void {
    if ([...this.memory.values()].includes(key)) return
    const entries = this.store.get('entries')
    if (Object.values(entries).some((e) => e.mode === 'file' && e.data === key)) return
    this.guard.remove(key)
  }

  status(profileId: string): KeyStatus {
    const entry = this.store.get('entries')[profileId]
    const mem = this.memory.get(profileId)
    if (entry) {
      const last4 = mem?.slice(-4) ?? (entry.mode === 'file' ? entry.data.slice(-4) : undefined)
      return {
        configured: true,
        protection: entry.mode === 'os' ? 'os' : 'file',
        ...(last4 ? { last4 } : {}),
        ...(this.unreadable.has(profileId) ? { needsReentry: true } : {})
      }
    }
    if (mem !== undefined) return { configured: true, protection: 'session', last4: mem.slice(-4) }
    return { configured: false, protection: 'none' }
  }

  /** Loads every stored key once at start, so the guard knows them before any message leaves. */
  async warm(profileIds: string[]): Promise<void> {
    for (const id of profileIds) await this.get(id)
  }
}

function isTransient(e: unknown): boolean {
  return typeof e === 'object' && e !== null && (e as { transient?: unknown }).transient === true
}
