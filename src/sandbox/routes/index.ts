import { Router } from '../router.js'
import { chatRoutes } from './chat.js'
import { modelRoutes } from './models.js'
import { contentRoutes } from './text-content.js'
import { completionRoutes } from './text-completions.js'
import { messagesRoutes } from './text-messages.js'
import { usageRoutes } from './usage.js'

/** The whole route table of the gateway origin. */
export function buildRouter(): Router {
  return new Router().add(...usageRoutes, ...modelRoutes, ...contentRoutes, ...messagesRoutes, ...completionRoutes, ...chatRoutes)
}
