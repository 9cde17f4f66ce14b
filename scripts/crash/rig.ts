import { mkdir } from 'node:fs/promises'
import { ChatService } from '../../src/main/core/chat/chat-service'
import { ConversationStore } from '../../src/main/core/chat/conversation-store'
import { PresetStore, type PresetsFile } from '../../src/main/core/chat/presets'
import { FileGrants } from '../../src/main/core/files/grants'
import { MediaLibrary } from '../../src/main/core/files/media'
import type { GatewayConnection } from '../../src/main/core/gateway/http'
import { allowLoopbackResultOrigin } from '../../src/main/core/gateway/result-address'
import { ImageService } from '../../src/main/core/images/image-service'
import { openConfStore } from '../../src/main/core/store/kv-store'
import { PollScheduler } from '../../src/main/core/tasks/scheduler'

/**
 * The real images host (job journal, native-task poller, result saver, gallery) and the real chat
 * service (conversation store, stream runner) on one data dir, wired as studio-core wires them:
 * what the crash child runs and what the parent's start-up recovery opens after each kill.
 */
export interface Services {
  images: ImageService
  chat: ChatService
  store: ConversationStore
  notices: string[]
  close(): Promise<void>
}

/** `resultOrigins`: the sandbox's file server, whose results a loopback gateway may hand out (result-address.ts). */
export async function openServices(
  dataDir: string,
  gateway: GatewayConnection,
  resultOrigins = (process.env.STUDIO_RESULT_ORIGINS ?? '').split(',').filter(Boolean)
): Promise<Services> {
  for (const origin of resultOrigins) allowLoopbackResultOrigin(origin)
  await mkdir(dataDir, { recursive: true, mode: 0o700 })
  const notices: string[] = []
  const notice = (m: string) => notices.push(m)
  const media = new MediaLibrary('/media/')
  const files = await FileGrants.open({ dataDir, media })
  const profiles = { activeId: async () => 'crash', connection: async () => gateway }
  const scheduler = new PollScheduler({ ratePerSecond: 100 })
  const images = await ImageService.open({
    dataDir,
    scheduler,
    profiles,
    fetch: (i, init) => fetch(i, init),
    files,
    media,
    emit: () => {},
    notice,
    timing: { poll: { delaysMs: [20, 30, 50], jitter: 0.2 }, downloadRetryMs: 20, syncHeadersMs: 20_000 }
  })
  // As studio-core does once the studio is ready: the gallery's check of its folder (leftovers, orphans).
  void images.reconcileLibrary()
  const store = await ConversationStore.open(dataDir, { notice })
  const chat = new ChatService({
    store,
    presets: new PresetStore(openConfStore<PresetsFile>(dataDir, 'chat-presets', { presets: [] })),
    profiles,
    fetch: (i, init) => fetch(i, init),
    emit: () => {},
    scrub: (s) => s.split(gateway.key).join('[key]'),
    timing: { checkpointMs: 10 }
  })
  return {
    images,
    chat,
    store,
    notices,
    close: async () => {
      await chat.dispose()
      await images.dispose()
      scheduler.dispose()
      await store.flush()
      await files.dispose()
    }
  }
}
