import { mkdirSync } from 'node:fs'
import type { PlainHttpPolicy } from '@shared/domain/base-url'
import type { ProfileList } from '@shared/domain/profiles'
import { DEFAULT_SETTINGS, type AppSettings } from '@shared/domain/settings'
import { AssetService } from './assets/asset-service'
import { openBalance } from './balance/open-balance'
import { UsageService } from './balance/usage-service'
import { ChatService } from './chat/chat-service'
import { chatComparePort } from './chat/compare-cells'
import { ConversationStore } from './chat/conversation-store'
import { PresetStore, type PresetsFile } from './chat/presets'
import { CompareService } from './compare/compare-service'
import { CompareStore } from './compare/compare-store'
import { fileUploadHandlers, type PickFiles } from './files/file-handlers'
import { FileGrants } from './files/grants'
import { MediaLibrary } from './files/media'
import type { FetchLike } from './gateway/http'
import { createHandlers } from './handlers'
import { imageComparePort } from './images/compare-cells'
import type { SaveFile } from './images/gallery-actions'
import { ImageService } from './images/image-service'
import { createDispatcher, type Dispatch } from './ipc/dispatcher'
import { EventHub } from './ipc/event-hub'
import { SecretGuard } from './ipc/secret-guard'
import { createUploadDispatcher, type UploadDispatch } from './ipc/upload-dispatcher'
import { createLineageHandlers } from './lineage/lineage-handlers'
import { LineageStore } from './lineage/lineage-store'
import { createFileLogger, type Logger } from './log'
import { KeyVault, type SecretsFile } from './profiles/key-vault'
import { ModelDiscovery } from './profiles/model-discovery'
import { ProfileService, SANDBOX_PROFILE_ID, type ProfilesFile } from './profiles/profile-service'
import type { SecretBackend } from './profiles/secret-backend'
import { createPromptHandlers } from './prompts/prompt-handlers'
import { PromptHistory } from './prompts/prompt-history'
import { historyResultSink, withPromptHistory } from './prompts/prompt-recorder'
import { SavedPrompts } from './prompts/saved-prompts'
import { openQueue } from './queue-wiring'
import { addRuntimeGateways } from './runtime-gateways'
import { openConfStore, type OpenStore, type StoreNotice } from './store/kv-store'
import { openLibrary } from './store/library-db'
import { createLibraryHandlers } from './store/library-handlers'
import { tightenDir } from './store/private-files'
import { PollScheduler } from './tasks/scheduler'
import { videoComparePort } from './video/compare-cells'
import type { Notify } from './video/task-book'
import { VideoService } from './video/video-service'

export interface CoreOptions {
  /** Plain http for saved gateways: `never` in packaged Electron builds; `loopback` (the default) elsewhere. */
  plainHttp?: PlainHttpPolicy
  dataDir: string
  shell: 'electron' | 'browser'
  appVersion: string
  platform: string
  secrets: SecretBackend
  /** electron-store in the Electron shell; conf otherwise. */
  openStore?: OpenStore
  /** Electron's net.request (electron/net-fetch.ts) in the Electron shell; Node's fetch otherwise. */
  fetch?: FetchLike
  /**
   * STUDIO_GATEWAY_URL + STUDIO_API_KEY: a profile whose key stays in memory. STUDIO_RESULT_ORIGINS:
   * loopback origins (comma-separated) a loopback gateway's results may come from besides its own,
   * e.g. the file server of a sandbox run outside the studio (end-to-end tests).
   */
  env?: { gatewayUrl?: string; apiKey?: string; resultOrigins?: string }
  /** The built-in Sandbox gateway (on by default). */
  sandbox?: { enabled: boolean; speed?: number }
  logToConsole?: boolean
  /** The shell's file dialog (Electron); without it files:pick answers an empty list. */
  pickFiles?: PickFiles
  /** Media URLs are this + id: `studio-media://m/` (Electron), `/media/` (browser host, the default). */
  mediaUrlPrefix?: string
  /** Electron: gallery export through the save dialog; without it export answers a download URL. */
  saveFile?: SaveFile
  /** OS notifications (video task done or failed, low balance; Electron: electron/notifications.ts); without it the page shows them. */
  notify?: Notify
  /** Opens a downloaded video with the system player (Electron shell.openPath); without it video:open-file answers a download URL. */
  openFile?: (path: string) => Promise<boolean>
  /** The wall clock of the usage route's budget and double-click guard (default Date.now); end-to-end tests shift it instead of waiting. */
  now?: () => number
}

export interface StudioCore {
  dispatch: Dispatch
  /** Uploads (files.upload): both shells call this after their own sender/access check. */
  upload: UploadDispatch
  /** Serves media URLs: the shells' `studio-media:` handler and `/media/` route look ids up here. */
  media: MediaLibrary
  files: FileGrants
  events: EventHub
  guard: SecretGuard
  log: Logger
  notices: StoreNotice[]
  sandboxUrl: string | null
  /** The machine woke from sleep (Electron powerMonitor 'resume'): video tasks are checked again soon. */
  resume(): void
  dispose(): Promise<void>
}

const FOLDER_CHECK_DELAY_MS = 2_000

/** Builds the whole host core, shared by the Electron shell and the browser host. Imports nothing from electron. */
export async function createStudioCore(opts: CoreOptions): Promise<StudioCore> {
  mkdirSync(opts.dataDir, { recursive: true, mode: 0o700 })
  // mkdir's mode applies only to a folder it creates: one made by an earlier version, by the shell
  // (Electron's userData) or by hand is tightened here. A folder the user does not own is left as is.
  let loose: string | undefined
  try {
    tightenDir(opts.dataDir)
  } catch (e) {
    loose = (e as NodeJS.ErrnoException).code ?? 'unknown'
  }
  const guard = new SecretGuard()
  const log = createFileLogger(opts.dataDir, guard, opts.logToConsole)
  if (loose) log(`data folder could not be made private (0700): ${loose}`)
  const notices: StoreNotice[] = []
  const open: OpenStore = opts.openStore ?? ((name, defaults) => openConfStore(opts.dataDir, name, defaults, notices))
  const fetchImpl: FetchLike = opts.fetch ?? ((input, init) => fetch(input, init))
  const events = new EventHub(guard, log)

  const settings = open<{ app: AppSettings }>('settings', { app: DEFAULT_SETTINGS })
  const vault = new KeyVault(open<SecretsFile>('secrets', { entries: {} }), opts.secrets, guard)
  const profiles = new ProfileService(
    open<ProfilesFile>('profiles', { profiles: [], activeId: SANDBOX_PROFILE_ID }),
    vault,
    fetchImpl,
    opts.plainHttp
  )
  const usage = new UsageService(
    profiles,
    fetchImpl,
    (profileId, u) => events.emit('balance:usage-updated', { profileId, usage: u }),
    opts.now
  )
  profiles.useUsageRoute((conn) => usage.probe(conn))
  profiles.onChanged((list: ProfileList) => events.emit('profiles:changed', list))
  const disposers: Array<() => Promise<void> | void> = []
  let ready = false
  // The library database, opened before any store that lives in it, so damage found at start (and
  // a restore chosen last session) is told under its own name; released last.
  const library = openLibrary(opts.dataDir, (message) => {
    notices.push({ store: 'library', message })
    log(`store notice: ${message}`)
  })
  disposers.push(() => library.release())
  // Balance: snapshots and the generation log in the library database, per-profile settings in a small store.
  const balance = await openBalance({
    dataDir: opts.dataDir,
    open,
    fetch: fetchImpl,
    usage,
    profiles,
    emit: (name, payload) => events.emit(name, payload),
    notify: opts.notify ? (n) => opts.notify?.({ ...n, tag: 'balance-low' }, () => undefined) : undefined,
    language: () => (settings.get('app').language === 'zh' ? 'zh' : 'en'),
    log,
    now: opts.now,
    notice: (message) => {
      notices.push({ store: 'balance', message })
      log(`store notice: ${message}`)
    }
  })

  // The one task scheduler: video polls and downloads, asset imports and native image tasks share
  // its rate cap and Retry-After holds. A timer an hour late means the machine slept.
  const scheduler = new PollScheduler({ sleepGapMs: 60_000 })
  // Files: the grant table and the media table behind preview URLs.
  const media = new MediaLibrary(opts.mediaUrlPrefix ?? '/media/')
  const files = await FileGrants.open({ dataDir: opts.dataDir, media })
  disposers.push(() => files.dispose())

  const sandboxUrl = await addRuntimeGateways(opts, profiles, disposers, log)
  const list = await profiles.list()
  await vault.warm(list.profiles.map((p) => p.id))
  // A model renamed in a profile's names keeps its cost history (the estimator asks by both names).
  const observeNames = (l: ProfileList) => {
    for (const p of l.profiles) balance.balance.observeNames(p.id, p.names.models)
  }
  observeNames(list)
  profiles.onChanged(observeNames)
  for (const n of notices) log(`store notice: ${n.message}`)

  // Chat: conversations in the library database, presets in a small conf store, streams through the runner.
  const chatNotice = (message: string) => {
    notices.push({ store: 'chat', message })
    log(`store notice: ${message}`)
  }
  const conversations = await ConversationStore.open(opts.dataDir, { notice: chatNotice })
  // Released after the chat service has stopped its streams and saved their partial answers.
  disposers.push(() => conversations.close())
  const chat = new ChatService({
    store: conversations,
    presets: new PresetStore(open<PresetsFile>('chat-presets', { presets: [] })),
    profiles,
    fetch: fetchImpl,
    files,
    emit: (name, payload) => events.emit(name, payload),
    log,
    scrub: (text) => guard.scrub(text),
    recordGeneration: balance.recordGeneration
  })
  disposers.push(() => chat.dispose())

  // Images: gallery in <dataDir>/images + <dataDir>/library/images; running jobs resume from their journal.
  const images = await ImageService.open({
    dataDir: opts.dataDir,
    profiles,
    fetch: fetchImpl,
    scheduler,
    nodeFetch: opts.fetch === undefined,
    files,
    media,
    emit: (name, payload) => events.emit(name, payload),
    log,
    notice: (message) => {
      notices.push({ store: 'images', message })
      log(`store notice: ${message}`)
      // Repairs found after start (the folder check below) reach a page that has already asked.
      if (ready) events.emit('app:notices-changed', { count: notices.length })
    },
    saveFile: opts.saveFile,
    recordGeneration: balance.recordGeneration
  })
  disposers.push(() => images.dispose())
  // A new key (or profile) may unblock native tasks held after a 401/403.
  profiles.onChanged(() => images.resumeHeld())
  disposers.push(() => balance.dispose())

  // Video: tasks journaled in the library database, results in <dataDir>/library/videos.
  // Assets first: video references (asset://) are looked up in it.
  const assets = await AssetService.open({
    dataDir: opts.dataDir,
    profiles,
    fetch: fetchImpl,
    scheduler,
    emit: (name, payload) => events.emit(name, payload),
    log
  })
  const video = await VideoService.open({
    dataDir: opts.dataDir,
    profiles,
    fetch: fetchImpl,
    scheduler,
    files,
    gallery: images.gallery,
    media,
    emit: (name, payload) => events.emit(name, payload),
    log,
    notice: (message) => {
      notices.push({ store: 'video', message })
      log(`store notice: ${message}`)
    },
    notify: opts.notify,
    openFile: opts.openFile,
    asset: (id) => assets.find(id),
    recordGeneration: balance.recordGeneration
  })
  profiles.onChanged(() => {
    void video.onProfilesChanged()
    void assets.onProfilesChanged()
  })
  disposers.push(async () => {
    await video.dispose()
    await assets.flush()
    assets.close()
  })
  const queue = await openQueue({
    dataDir: opts.dataDir,
    images,
    video,
    profiles,
    balance,
    events,
    disposers,
    log,
    notices
  })
  // Compare runs of every area: recorded in the library database; each cell follows its area's own job,
  // each chat column is an ordinary conversation.
  const compareStore = CompareStore.open(opts.dataDir)
  const compare = new CompareService({
    store: compareStore,
    ports: { chat: chatComparePort(chat), images: imageComparePort(images), video: videoComparePort(video) },
    profiles,
    costOf: balance.costOf,
    emit: (run) => events.emit('compare:run-updated', run),
    log
  })
  disposers.push(events.listen((...event) => compare.observe(...event)))
  disposers.push(() => compareStore.close())
  // Runs first: nothing new starts while the services above wind down.
  disposers.push(() => scheduler.dispose())
  // Lineage: read off the host's own events (the requests behind them), so no area records it.
  const lineage = new LineageStore(opts.dataDir, (message) => notices.push({ store: 'library', message }))
  const unobserve = events.listen((...event) => lineage.observe(...event))
  disposers.push(() => {
    unobserve()
    lineage.close()
  })

  // The prompt library: history recorded where each area's send is accepted, saved prompts beside it.
  const promptHistory = new PromptHistory(library)
  const promptsChanged = (what: 'history' | 'saved') => events.emit('prompts:changed', { what })
  disposers.push(
    events.on(
      'images:job-updated',
      historyResultSink(promptHistory, () => promptsChanged('history'))
    )
  )

  const handlers = createHandlers({
    info: { name: 'Generation Studio', version: opts.appVersion, shell: opts.shell, platform: opts.platform },
    notices: () => notices,
    settings: {
      get: () => settings.get('app'),
      update: (patch) => {
        // An explicit `undefined` (Electron's structured clone keeps it) leaves the setting as it was.
        const next = {
          ...settings.get('app'),
          ...Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== undefined))
        }
        settings.set('app', next)
        events.emit('settings:changed', next)
        return next
      }
    },
    profiles,
    discovery: new ModelDiscovery(fetchImpl, (id) => profiles.connection(id)),
    usage,
    balance,
    chat,
    files: { grants: files, pickFiles: opts.pickFiles },
    images,
    video,
    assets,
    library: createLibraryHandlers({ dataDir: opts.dataDir, library }),
    lineage: createLineageHandlers({
      lineage,
      gallery: images.gallery,
      video,
      files,
      emit: (name, payload) => events.emit(name, payload)
    }),
    prompts: createPromptHandlers({
      history: promptHistory,
      saved: new SavedPrompts(library),
      lookups: { galleryItem: async (id) => images.actions.get(id), videoTask: async (id) => video.get(id) },
      changed: promptsChanged
    }),
    compare,
    queue
  })
  const recorded = withPromptHistory(handlers, {
    history: promptHistory,
    conversationModel: async (id) => (await chat.getConversation({ id, limit: 1 })).model,
    changed: () => promptsChanged('history'),
    log
  })
  const dispatch = createDispatcher(recorded, { guard, log })
  const upload = createUploadDispatcher(fileUploadHandlers(files), { guard, log })
  log(`core ready (${opts.shell})`)
  ready = true
  // The gallery's folder check costs in proportion to the library, so it runs once the window has
  // had its first load, in batches (gallery-reconcile.ts), never on the start path (G3).
  const folderCheck = setTimeout(() => void images.reconcileLibrary(), FOLDER_CHECK_DELAY_MS)
  folderCheck.unref()
  disposers.push(() => clearTimeout(folderCheck))
  // A usage record (and so a snapshot) on open; never holds up the window.
  void balance.balance.onOpen()
  return {
    dispatch,
    upload,
    media,
    files,
    events,
    guard,
    log,
    notices,
    sandboxUrl,
    resume: () => scheduler.resume(),
    dispose: async () => {
      for (const d of disposers.reverse()) await d()
    }
  }
}
