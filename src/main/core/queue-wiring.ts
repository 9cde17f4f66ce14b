import type { openBalance } from './balance/open-balance'
import type { ImageService } from './images/image-service'
import { queueImagesPort } from './images/queue-port'
import type { EventHub } from './ipc/event-hub'
import type { Logger } from './log'
import type { ProfileService } from './profiles/profile-service'
import { profileHold, queueHold } from './queue/hold-reason'
import { QueueService } from './queue/queue-service'
import type { StoreNotice } from './store/kv-store'
import type { VideoService } from './video/video-service'

export interface QueueWiring {
  dataDir: string
  images: ImageService
  video: VideoService
  profiles: ProfileService
  balance: Awaited<ReturnType<typeof openBalance>>
  events: EventHub
  disposers: Array<() => Promise<void> | void>
  log: Logger
  notices: StoreNotice[]
}

/** Opens the queue and ties it to the services it sends through and the changes that recheck its holds. */
export async function openQueue({
  dataDir,
  images,
  video,
  profiles,
  balance,
  events,
  disposers,
  log,
  notices
}: QueueWiring): Promise<QueueService> {
  // The local queue in front of the gateway: image creates and video tasks wait here under the profile's caps.
  // Opened after both services: on a start it settles items found `sending` by their journals.
  const queue = await QueueService.open({
    dataDir,
    images: queueImagesPort(images),
    videos: {
      create: (req, id) => video.create(req, id),
      remix: (req, id) => video.remix(req, id),
      taskState: (id) => video.taskState(id),
      remixProfile: (req) => video.remixProfile(req)
    },
    activeId: () => profiles.activeId(),
    checkProfile: (id) => void profiles.get(id),
    // An item is sent as its own profile only: one removed or without a usable key holds it.
    profileHold: (id) => profileHold(profiles, id),
    // Spending limits and the low-balance threshold hold a queued item before its create, as they hold a form's send.
    limitReason: (profileId, item, model) => queueHold(balance.balance, profileId, item, model),
    emit: (profileId) => events.emit('queue:changed', { profileId }),
    log,
    notice: (message) => notices.push({ store: 'library', message })
  })
  disposers.push(balance.balance.onSettingsChanged((profileId) => queue.recheckHeld(profileId)))
  // A key entered (or a profile removed): items held by their profile are checked again.
  profiles.onChanged(() => queue.recheckProfiles())
  disposers.push(() => queue.dispose())
  disposers.push(events.addSink((...event) => queue.observe(...event)))
  queue.pump()
  return queue
}
