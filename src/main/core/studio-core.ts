import { mkdirSync } from 'node:fs'
import type { ProfileList } from '@shared/domain/profiles'
import { DEFAULT_SETTINGS, type AppSettings } from '@shared/domain/settings'
import { UsageService } from './balance/usage-service'
import type { FetchLike } from './gateway/http'
import { createHandlers } from './handlers'
import { createDispatcher, type Dispatch } from './ipc/dispatcher'
import { EventHub } from './ipc/event-hub'
import { SecretGuard } from './ipc/secret-guard'
import { createFileLogger, type Logger } from './log'
import { KeyVault, type SecretsFile } from './profiles/key-vault'
import { ENV_PROFILE_ID, ProfileService, requireBaseUrl, SANDBOX_PROFILE_ID, type ProfilesFile } from './profiles/profile-service'
import type { SecretBackend } from './profiles/secret-backend'
import { openConfStore, type OpenStore, type StoreNotice } from './store/kv-store'

export interface CoreOptions {
  dataDir: string
  shell: 'electron' | 'browser'
  appVersion: string
  platform: string
  secrets: SecretBackend
  /** electron-store in the Electron shell; conf otherwise. */
  openStore?: OpenStore
  /** Electron's net.fetch in the Electron shell; Node's fetch otherwise. */
  fetch?: FetchLike
  /** STUDIO_GATEWAY_URL + STUDIO_API_KEY: a profile whose key stays in memory. */
  env?: { gatewayUrl?: string; apiKey?: string }
  /** The built-in Sandbox gateway (on by default). */
  sandbox?: { enabled: boolean; speed?: number }
  logToConsole?: boolean
}

export interface StudioCore {
  dispatch: Dispatch
  events: EventHub
  guard: SecretGuard
  log: Logger
  notices: StoreNotice[]
  sandboxUrl: string | null
  dispose(): Promise<void>
}

/** Builds the whole host core, shared by the Electron shell and the browser host. Imports nothing from electron. */
export async function createStudioCore(opts: CoreOptions): Promise<StudioCore> {
  mkdirSync(opts.dataDir, { recursive: true, mode: 0o700 })
  const guard = new SecretGuard()
  const log = createFileLogger(opts.dataDir, guard, opts.logToConsole)
  const notices: StoreNotice[] = []
  const open: OpenStore = opts.openStore ?? ((name, defaults) => openConfStore(opts.dataDir, name, defaults, notices))
  const fetchImpl: FetchLike = opts.fetch ?? ((input, init) => fetch(input, init))
  const events = new EventHub(guard, log)

  const settings = open<{ app: AppSettings }>('settings', { app: DEFAULT_SETTINGS })
  const vault = new KeyVault(open<SecretsFile>('secrets', { entries: {} }), opts.secrets, guard)
  const profiles = new ProfileService(open<ProfilesFile>('profiles', { profiles: [], activeId: SANDBOX_PROFILE_ID }), vault, fetchImpl)
  const usage = new UsageService(profiles, fetchImpl, (profileId, u) => events.emit('balance:usage-updated', { profileId, usage: u }))
  profiles.onChanged((list: ProfileList) => events.emit('profiles:changed', list))

  const disposers: Array<() => Promise<void> | void> = []
  let sandboxUrl: string | null = null
  if (opts.sandbox?.enabled !== false) {
    // Loaded lazily: the sandbox (and its image codecs) is not needed before the window exists.
    const { startSandbox } = await import('../../sandbox/index')
    const sandbox = await startSandbox({ port: 0, speed: opts.sandbox?.speed ?? 1, quiet: true })
    sandboxUrl = sandbox.url
    profiles.addRuntime({ id: SANDBOX_PROFILE_ID, name: 'Sandbox', baseUrl: sandbox.url, kind: 'sandbox', synthetic: true }, sandbox.key, false)
    disposers.push(() => sandbox.close())
  }
  if (opts.env?.gatewayUrl && opts.env.apiKey) {
    const baseUrl = requireBaseUrl(opts.env.gatewayUrl)
    profiles.addRuntime({ id: ENV_PROFILE_ID, name: 'From environment', baseUrl, kind: 'env', synthetic: false }, opts.env.apiKey, true)
  }
  const list = await profiles.list()
  await vault.warm(list.profiles.map((p) => p.id))
  for (const n of notices) log(`store notice: ${n.message}`)

  const handlers = createHandlers({
    info: { name: 'Generation Studio', version: opts.appVersion, shell: opts.shell, platform: opts.platform },
    settings: {
      get: () => settings.get('app'),
      update: (patch) => {
        const next = { ...settings.get('app'), ...patch }
        settings.set('app', next)
        events.emit('settings:changed', next)
        return next
      }
    },
    profiles,
    usage
  })
  const dispatch = createDispatcher(handlers, { guard, log })
  log(`core ready (${opts.shell})`)
  return {
    dispatch,
    events,
    guard,
    log,
    notices,
    sandboxUrl,
    dispose: async () => {
      for (const d of disposers.reverse()) await d()
    }
  }
}
