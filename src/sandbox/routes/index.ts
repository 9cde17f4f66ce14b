import type { SandboxNaming } from '../naming.js'
import { Router } from '../router.js'
import { assetRoutes } from './assets.js'
import { chatRoutes } from './chat.js'
import { editRoutes } from './image-edits.js'
import { imageTaskRoutes } from './image-task.js'
import { imageRoutes } from './images.js'
import { modelRoutes } from './models.js'
import { completionRoutes } from './text-completions.js'
import { contentRoutes } from './text-content.js'
import { messagesRoutes } from './text-messages.js'
import { usageRoutes } from './usage.js'
import { videoObjectRoutes } from './video-object.js'
import { unifiedVideoRoutes } from './video-unified.js'

/** The whole route table of the gateway origin. */
export function buildRouter(naming: SandboxNaming): Router {
  return new Router().add(
    ...usageRoutes,
    ...modelRoutes,
    ...contentRoutes,
    ...messagesRoutes,
    ...completionRoutes,
    ...chatRoutes,
    ...imageRoutes,
    ...editRoutes,
    ...imageTaskRoutes(naming),
    ...unifiedVideoRoutes,
    ...videoObjectRoutes,
    ...assetRoutes(naming)
  )
}
