import type { AppInfo, AppSettings } from '@shared/domain/settings'
import type { AssetService } from './assets/asset-service'
import type { createBalanceHandlers } from './balance/balance-handlers'
import type { UsageService } from './balance/usage-service'
import { createChatHandlers } from './chat/chat-handlers'
import type { ChatService } from './chat/chat-service'
import { createCompareHandlers } from './compare/compare-handlers'
import type { CompareService } from './compare/compare-service'
import { fileHandlers, type FileDeps } from './files/file-handlers'
import { createImageHandlers } from './images/image-handlers'
import type { ImageService } from './images/image-service'
import type { Handlers } from './ipc/dispatcher'
import type { createLineageHandlers } from './lineage/lineage-handlers'
import type { ModelDiscovery } from './profiles/model-discovery'
import type { ProfileService } from './profiles/profile-service'
import type { createPromptHandlers } from './prompts/prompt-handlers'
import { createQueueHandlers } from './queue/queue-handlers'
import type { QueueService } from './queue/queue-service'
import { withoutPaths } from './store/file-role'
import type { createLibraryHandlers } from './store/library-handlers'
import { createVideoHandlers } from './video/video-handlers'
import type { VideoService } from './video/video-service'

export interface HandlerDeps {
  info: AppInfo
  /** Store and journal repairs made at start (F25 "the user is told"). */
  notices?: () => ReadonlyArray<{ store: string; message: string }>
  settings: { get(): AppSettings; update(patch: Partial<AppSettings>): AppSettings }
  profiles: ProfileService
  /** Both model-list routes of a profile's gateway (profiles:discover-models). */
  discovery: ModelDiscovery
  usage: UsageService
  /** Billing, history, spending, settings, pre-flight (src/main/core/balance). */
  balance: { handlers: ReturnType<typeof createBalanceHandlers>; balance: { forget(id: string): void } }
  chat: ChatService
  /** File grants (src/main/core/files); `pickFiles` only in the Electron shell. */
  files: FileDeps
  images: ImageService
  video: VideoService
  assets: AssetService
  /** Library backups and restore (src/main/core/store). */
  library: ReturnType<typeof createLibraryHandlers>
  /** Where results came from, and frames of videos into the gallery (src/main/core/lineage). */
  lineage: ReturnType<typeof createLineageHandlers>
  /** The prompt library: history and saved prompts (src/main/core/prompts). */
  prompts: ReturnType<typeof createPromptHandlers>
  /** Compare runs of chat, images and video (src/main/core/compare). */
  compare: CompareService
  /** The local queue in front of the gateway (src/main/core/queue). */
  queue: QueueService
}

/** Contract channel -> core call: one table, shared by both shells. */
export function createHandlers(d: HandlerDeps): Handlers {
  return {
    'app:get-info': () => d.info,
    'settings:get': () => d.settings.get(),
    'settings:update': (patch) => d.settings.update(patch),
    'app:get-notices': () => ({
      notices: (d.notices?.() ?? []).map(({ store, message }) => ({ store, message: withoutPaths(message) }))
    }),

    'profiles:list': () => d.profiles.list(),
    'profiles:add': (input) => d.profiles.add(input),
    'profiles:update': async (input) => {
      const view = await d.profiles.update(input)
      if (input.key !== undefined || input.baseUrl !== undefined) d.usage.forget(input.id)
      return view
    },
    'profiles:set-names': ({ id, names }) => d.profiles.setNames(id, names),
    'profiles:import-names': ({ id, text }) => d.profiles.importNames(id, text),
    'profiles:remove': async ({ id }) => {
      await d.profiles.remove(id)
      d.usage.forget(id)
      d.balance.balance.forget(id)
      return {}
    },
    'profiles:select': ({ id }) => d.profiles.select(id),
    'profiles:test-connection': (input) => d.profiles.testConnection(input),
    'profiles:discover-models': ({ id }) => d.discovery.discover(id),

    'balance:get-usage': async (input) => {
      const id = input?.profileId ?? (await d.profiles.activeId())
      return d.usage.get(id, input?.refresh === true)
    },

    // balance:* except get-usage (src/main/core/balance/balance-handlers.ts)
    ...d.balance.handlers,

    // chat:* (src/main/core/chat/chat-handlers.ts)
    ...createChatHandlers(d.chat),

    // files:pick, files:release (src/main/core/files/file-handlers.ts)
    ...fileHandlers(d.files),

    // images:* (src/main/core/images/image-handlers.ts)
    ...createImageHandlers(d.images, d.queue),

    // video:* (src/main/core/video/video-handlers.ts)
    ...createVideoHandlers(
      d.video,
      d.assets,
      () => d.profiles.activeId(),
      (id) => d.profiles.get(id)
    ),
    // library:* (src/main/core/store/library-handlers.ts)
    ...d.library,
    // lineage:* (src/main/core/lineage/lineage-handlers.ts)
    ...d.lineage,
    // prompts:* (src/main/core/prompts/prompt-handlers.ts)
    ...d.prompts,
    // compare:* and chat:*-compare (src/main/core/compare/compare-handlers.ts)
    ...createCompareHandlers(d.compare),
    // queue:* (src/main/core/queue/queue-handlers.ts)
    ...createQueueHandlers(d.queue)
  }
}
