import type { AssetService } from '../assets/asset-service'
import type { Handlers } from '../ipc/dispatcher'
import type { VideoService } from './video-service'

type VideoChannels = Extract<keyof Handlers, `video:${string}`>

/** Contract channel -> video core call. */
export function createVideoHandlers(
  video: VideoService,
  assets: AssetService,
  activeProfile: () => Promise<string>,
  /** Throws for an unknown profile id (a named profile is checked, never just looked up). */
  knownProfile?: (id: string) => unknown
): Pick<Handlers, VideoChannels> {
  return {
    'video:create': (req) => video.create(req),
    'video:remix': (req) => video.remix(req),
    'video:list': (input) => video.list(input),
    'video:search': ({ query, limit }) => video.search(query, limit),
    'video:get': ({ id }) => video.get(id),
    'video:remove': async ({ id, keepFile }) => {
      await video.remove(id, keepFile === true)
      return {}
    },
    'video:retry-download': ({ id }) => video.retryDownload(id),
    'video:check-now': ({ id }) => video.checkNow(id),
    'video:open-file': ({ id }) => video.openFile(id),
    'video:submit-again': ({ id }) => video.submitAgain(id),
    'video:assets-create-group': (req) => assets.createGroup(req),
    'video:assets-import': (req) => assets.importAsset(req),
    'video:assets-list': async (input) => {
      if (input?.profileId !== undefined) knownProfile?.(input.profileId)
      return assets.list(input?.profileId ?? (await activeProfile()))
    },
    'video:assets-refresh': ({ id }) => assets.refresh(id)
  }
}
