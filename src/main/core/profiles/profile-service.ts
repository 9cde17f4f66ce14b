import { randomBytes } from 'node:crypto'
import { checkBaseUrl, type PlainHttpPolicy } from '@shared/domain/base-url'
import { cloneNames, parseNamesFile, STANDIN_NAMES, type GatewayNames } from '@shared/domain/gateway-names-schema'
import type { DisplayUnit, KeyPersistence, ProfileKind, ProfileList, ProfileView } from '@shared/domain/profiles'
import { keyStateOf, type ConnectionReport, type KeyUsage } from '@shared/domain/usage'
import { StudioError } from '@shared/errors'
import type { FetchLike, GatewayConnection } from '../gateway/http'
import { fetchTokenUsage } from '../gateway/usage'
import { SecretGuard } from '../ipc/secret-guard'
import type { KeyValueStore } from '../store/kv-store'
import { requireSameOrigin, requireTypedKeyForFile } from './key-origin'
import type { KeyVault } from './key-vault'

export interface StoredProfile {
  id: string
  name: string
  baseUrl: string
  displayUnit: DisplayUnit
}

export type ProfilesFile = {
  profiles: StoredProfile[]
  activeId: string
  /** Each profile's gateway names, by profile id (the Sandbox and environment profiles too); absent: the stand-ins. */
  names?: Record<string, GatewayNames>
} & Record<string, unknown>

/** A profile that exists only while the app runs: the Sandbox and one given by environment variables. */
export interface RuntimeProfile {
  id: string
  name: string
  baseUrl: string
  kind: Exclude<ProfileKind, 'gateway'>
  synthetic: boolean
}

/** One call of the usage route for a connection (the balance's rate budget wraps it in the full core). */
export type UsageRoute = (conn: { baseUrl: string; key: string }) => Promise<KeyUsage>

export const SANDBOX_PROFILE_ID = 'sandbox'
export const ENV_PROFILE_ID = 'env'

export function requireBaseUrl(input: string, plainHttp: PlainHttpPolicy = 'loopback'): string {
  const check = checkBaseUrl(input, plainHttp)
  if (!check.ok)
    throw new StudioError('INVALID_INPUT', check.message, { field: 'baseUrl', details: { reason: check.reason } })
  return check.url
}

/**
 * Profiles: the built-in Sandbox, an optional environment profile, and the user's gateways.
 * Every change is validated completely before anything is written, so nothing is saved half-way.
 */
export class ProfileService {
  private readonly runtime: RuntimeProfile[] = []
  private readonly listeners = new Set<(list: ProfileList) => void>()
  private usageRoute: UsageRoute

  constructor(
    private readonly store: KeyValueStore<ProfilesFile>,
    private readonly vault: KeyVault,
    private readonly fetchImpl: FetchLike,
    /** `never` in packaged builds: no saved address or key use over plain http (README, item 10). */
    private readonly plainHttp: PlainHttpPolicy = 'loopback'
  ) {
    this.usageRoute = (conn) => fetchTokenUsage(fetchImpl, conn)
  }

  /** Test connection calls the usage route through this (the balance's budget needs the profiles first). */
  useUsageRoute(route: UsageRoute): void {
    this.usageRoute = route
  }

  addRuntime(p: RuntimeProfile, key: string, select: boolean): void {
    this.runtime.push(p)
    this.vault.setEphemeral(p.id, key)
    if (select) this.store.set('activeId', p.id)
  }

  onChanged(listener: (list: ProfileList) => void): () => void {
    this.listeners.add(listener)
    return () => this.listeners.delete(listener)
  }

  private async changed(): Promise<ProfileList> {
    const list = await this.list()
    for (const l of this.listeners) l(list)
    return list
  }

  private view(p: StoredProfile | RuntimeProfile): ProfileView {
    const runtime = 'kind' in p
    return {
      id: p.id,
      name: p.name,
      baseUrl: p.baseUrl,
      kind: runtime ? p.kind : 'gateway',
      readOnly: runtime,
      synthetic: runtime ? p.synthetic : false,
      key: this.vault.status(p.id),
      displayUnit: runtime ? { kind: 'quota' } : p.displayUnit,
      names: this.namesOf(p.id)
    }
  }

  /** A profile's gateway names: what the user set, else the spec's stand-ins. */
  namesOf(id: string): GatewayNames {
    const stored = this.store.get('names')
    return stored && Object.prototype.hasOwnProperty.call(stored, id) ? stored[id] : cloneNames(STANDIN_NAMES)
  }

  /** Replaces a profile's names (validated by the contract); any profile, built-in ones included. */
  async setNames(id: string, names: GatewayNames): Promise<ProfileView> {
    this.get(id)
    this.requireNoKey(JSON.stringify(names), 'names')
    this.store.set('names', { ...(this.store.get('names') ?? {}), [id]: names })
    await this.changed()
    return this.get(id)
  }

  /** Reads a names file; every bad field is reported at its path and nothing is changed. */
  async importNames(id: string, text: string): Promise<ProfileView> {
    this.get(id)
    const parsed = parseNamesFile(text)
    if (!parsed.ok) {
      const first = parsed.problems[0]
      const count = parsed.problems.length
      throw new StudioError(
        'INVALID_INPUT',
        `The names file has ${count} problem${count === 1 ? '' : 's'}: ${first.field ? `${first.field}: ` : ''}${first.message}`,
        {
          field: 'names',
          details: { problems: parsed.problems.slice(0, 50).map((p) => ({ field: p.field, message: p.message })) }
        }
      )
    }
    return this.setNames(id, parsed.names)
  }

  async list(): Promise<ProfileList> {
    const views = [...this.runtime.map((p) => this.view(p)), ...this.store.get('profiles').map((p) => this.view(p))]
    let activeId = this.store.get('activeId')
    if (!views.some((v) => v.id === activeId)) activeId = views[0]?.id ?? SANDBOX_PROFILE_ID
    return { profiles: views, activeId, keychainAvailable: await this.vault.keychainAvailable() }
  }

  get(id: string): ProfileView {
    const p = this.runtime.find((r) => r.id === id) ?? this.store.get('profiles').find((s) => s.id === id)
    if (!p) throw new StudioError('NOT_FOUND', 'That profile no longer exists', { field: 'id' })
    return this.view(p)
  }

  async activeId(): Promise<string> {
    return (await this.list()).activeId
  }

  private checkName(name: string, exceptId?: string): string {
    const n = name.trim()
    if (n === '') throw new StudioError('INVALID_INPUT', 'Give the profile a name', { field: 'name' })
    const all = [...this.runtime, ...this.store.get('profiles')]
    if (all.some((p) => p.id !== exceptId && p.name.toLowerCase() === n.toLowerCase())) {
      throw new StudioError('CONFLICT', `A profile named "${n}" already exists`, { field: 'name' })
    }
    return n
  }

  /**
   * Every answer that carries a known key is withheld from the page (dispatcher), so a key written
   * into a profile's public text (its name, address or names) would hide the whole profile list
   * for good. Both ways round are refused before anything is saved or tried: a key that public text
   * already holds, and public text that holds a key.
   */
  private requireSecretKey(key: string, more: string[] = []): void {
    const k = key.trim()
    if (k.includes('://'))
      throw new StudioError('INVALID_INPUT', 'This looks like a web address, not an API key', { field: 'key' })
    if (k.length < SecretGuard.MIN_LENGTH) return
    if ([...more, ...this.publicTexts()].some((t) => t.includes(k))) {
      throw new StudioError(
        'INVALID_INPUT',
        "This key is written in a profile's name, address or model names; a key must not appear there",
        { field: 'key' }
      )
    }
  }

  private requireNoKey(text: string, field: 'name' | 'baseUrl' | 'names'): void {
    if (this.vault.exposes(text)) {
      const what = field === 'name' ? 'A profile name' : field === 'baseUrl' ? 'A gateway address' : 'Model names'
      throw new StudioError('INVALID_INPUT', `${what} cannot contain an API key`, { field })
    }
  }

  private publicTexts(): string[] {
    const names = this.store.get('names') ?? {}
    const profiles = [...this.runtime, ...this.store.get('profiles')]
    return [...profiles.flatMap((p) => [p.name, p.baseUrl]), ...Object.values(names).map((n) => JSON.stringify(n))]
  }

  async add(input: { name: string; baseUrl: string; key: string; persistence: KeyPersistence }): Promise<ProfileView> {
    const name = this.checkName(input.name)
    const baseUrl = requireBaseUrl(input.baseUrl, this.plainHttp)
    if (input.key.trim() === '')
      throw new StudioError('KEY_MISSING', 'Enter the API key for this gateway', { field: 'key' })
    this.requireNoKey(name, 'name')
    this.requireNoKey(baseUrl, 'baseUrl')
    this.requireSecretKey(input.key, [name, baseUrl])
    const id = `p-${randomBytes(6).toString('hex')}`
    await this.vault.set(id, input.key, input.persistence)
    const profile: StoredProfile = { id, name, baseUrl, displayUnit: { kind: 'quota' } }
    this.store.set('profiles', [...this.store.get('profiles'), profile])
    await this.changed()
    return this.view(profile)
  }

  async update(input: {
    id: string
    name?: string
    baseUrl?: string
    key?: string
    persistence?: KeyPersistence
    displayUnit?: DisplayUnit
  }): Promise<ProfileView> {
    const profiles = this.store.get('profiles')
    const current = profiles.find((p) => p.id === input.id)
    if (!current) {
      if (this.runtime.some((r) => r.id === input.id))
        throw new StudioError('FORBIDDEN', 'Built-in profiles cannot be edited', { field: 'id' })
      throw new StudioError('NOT_FOUND', 'That profile no longer exists', { field: 'id' })
    }
    // Validate everything first; write only when all of it is good.
    const next: StoredProfile = {
      ...current,
      ...(input.name !== undefined ? { name: this.checkName(input.name, current.id) } : {}),
      ...(input.baseUrl !== undefined ? { baseUrl: requireBaseUrl(input.baseUrl, this.plainHttp) } : {}),
      ...(input.displayUnit !== undefined ? { displayUnit: input.displayUnit } : {})
    }
    if (input.name !== undefined) this.requireNoKey(next.name, 'name')
    if (input.baseUrl !== undefined) this.requireNoKey(next.baseUrl, 'baseUrl')
    if (input.key !== undefined) {
      if (input.key.trim() === '')
        throw new StudioError(
          'KEY_MISSING',
          'Enter the new API key, or leave the field empty to keep the current one',
          { field: 'key' }
        )
      this.requireSecretKey(input.key, [next.name, next.baseUrl])
      await this.vault.set(current.id, input.key, input.persistence ?? 'auto')
    } else {
      // Keeping the saved key: it stays bound to its origin, and only a typed key goes to a plain file.
      requireSameOrigin(current.baseUrl, next.baseUrl)
      if (input.persistence === 'file') requireTypedKeyForFile()
      if (input.persistence !== undefined)
        await this.vault.set(current.id, await this.savedKeyFor(current.id, next.baseUrl), input.persistence)
    }
    this.store.set(
      'profiles',
      profiles.map((p) => (p.id === current.id ? next : p))
    )
    await this.changed()
    return this.view(next)
  }

  async remove(id: string): Promise<void> {
    const profiles = this.store.get('profiles')
    if (!profiles.some((p) => p.id === id)) {
      if (this.runtime.some((r) => r.id === id))
        throw new StudioError('FORBIDDEN', 'Built-in profiles cannot be removed', { field: 'id' })
      throw new StudioError('NOT_FOUND', 'That profile no longer exists', { field: 'id' })
    }
    this.store.set(
      'profiles',
      profiles.filter((p) => p.id !== id)
    )
    const names = { ...(this.store.get('names') ?? {}) }
    delete names[id]
    this.store.set('names', names)
    this.vault.remove(id)
    if (this.store.get('activeId') === id) this.store.set('activeId', SANDBOX_PROFILE_ID)
    await this.changed()
  }

  async select(id: string): Promise<ProfileList> {
    this.get(id)
    this.store.set('activeId', id)
    return this.changed()
  }

  /**
   * The saved key of a profile, for a call to `target`. Every use of a saved key comes through here,
   * so the origin rule (key-origin.ts) holds for gateway calls, tests and edits alike.
   */
  private async savedKeyFor(id: string, target: string): Promise<string> {
    const profile = this.get(id)
    requireSameOrigin(profile.baseUrl, target)
    // A profile saved by a development build may hold a plain-http address; the built-in sandbox is ours.
    if (profile.kind !== 'sandbox') requireBaseUrl(target, this.plainHttp)
    return this.vault.require(id)
  }

  /** The connection for gateway calls of a profile. */
  async connection(id: string): Promise<GatewayConnection> {
    const view = this.get(id)
    // A profile saved before the address was normalised may still end in "/v1": never double it.
    const check = checkBaseUrl(view.baseUrl)
    const baseUrl = check.ok ? check.url : view.baseUrl
    return { baseUrl, key: await this.savedKeyFor(id, baseUrl), names: view.names }
  }

  /** Calls the usage route and reports the key, for a saved profile or an unsaved address + key. */
  async testConnection(
    input: { id: string } | { baseUrl: string; key: string; id?: string }
  ): Promise<ConnectionReport> {
    let conn: { baseUrl: string; key: string }
    if ('baseUrl' in input) {
      const baseUrl = requireBaseUrl(input.baseUrl, this.plainHttp)
      let key = input.key.trim()
      // Editing a saved profile without retyping its key: test with the saved one, on its own origin only.
      if (key === '' && input.id) key = await this.savedKeyFor(input.id, baseUrl)
      if (key === '') throw new StudioError('KEY_MISSING', 'Enter the API key to test', { field: 'key' })
      this.requireNoKey(baseUrl, 'baseUrl')
      this.requireSecretKey(key, [baseUrl])
      this.vault.track(key)
      conn = { baseUrl, key }
    } else {
      conn = await this.connection(input.id)
    }
    const started = performance.now()
    const usage = await this.usageRoute(conn)
    return {
      keyName: usage.name,
      state: keyStateOf(usage, Date.now()),
      usage,
      latencyMs: Math.round(performance.now() - started)
    }
  }
}
