import type { Handlers } from '../ipc/dispatcher'
import type { QueueService } from './queue-service'

type QueueChannel = Extract<keyof Handlers, `queue:${string}`>

/** The queue channels of the contract (src/shared/contract/queue.ts). */
export function createQueueHandlers(queue: QueueService): Pick<Handlers, QueueChannel> {
  return {
    'queue:list': (input) => queue.list(input?.profileId),
    'queue:add-image': (input) => queue.addImage(input),
    'queue:add-video': (input) => queue.addVideo(input),
    'queue:add-native': (input) => queue.addNative(input),
    'queue:add-edit': (input) => queue.addEdit(input),
    'queue:run-stats': ({ kind, models }) => queue.runStats(kind, models),
    // Each change answers the profile's queue as the panel shows it.
    'queue:move': ({ id, to }) => queue.view(queue.move(id, to)),
    'queue:remove': ({ id }) => queue.view(queue.remove(id)),
    'queue:release': ({ id }) => queue.view(queue.release(id)),
    'queue:set': async (input) => queue.view(await queue.set(input))
  }
}
