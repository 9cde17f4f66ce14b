import type { Account } from '../accounts.js'
import { MODELS } from '../catalog.js'
import { withRequestId } from '../errors.js'
import { json } from '../reply.js'
import type { RouteDef } from '../router.js'

/** The key's allow-list when it has one, otherwise every model of its group. */
function visibleModels(acc: Account): string[] {
  const limits = acc.modelLimits
  if (limits && Object.keys(limits).length > 0) return Object.keys(limits)
  return MODELS.map((m) => m.id)
}

/** OpenAI routes the gateway knows but does not implement. */
const notImplemented: RouteDef['handler'] = (req) =>
  json(501, { error: { message: withRequestId('API not implemented', req.requestId), type: 'new_api_error', param: '', code: 'api_not_implemented' } })

export const modelRoutes: RouteDef[] = [
  { method: 'POST', pattern: /^\/v1\/images\/variations\/?$/, name: 'not_implemented', auth: 'bearer', format: 'openai', handler: notImplemented },
  { method: 'GET', pattern: /^\/v1\/files(\/.*)?$/, name: 'not_implemented', auth: 'bearer', format: 'openai', handler: notImplemented },
  { method: 'POST', pattern: /^\/v1\/files(\/.*)?$/, name: 'not_implemented', auth: 'bearer', format: 'openai', handler: notImplemented },
  {
    method: 'GET',
    pattern: /^\/v1beta\/models\/?$/,
    name: 'models.content',
    auth: 'content',
    format: 'openai',
    handler: (req) =>
      json(200, {
        models: visibleModels(req.account).map((id) => ({
          name: id,
          baseModelId: null,
          version: null,
          displayName: id,
          description: null,
          inputTokenLimit: null,
          outputTokenLimit: null,
          supportedGenerationMethods: null,
          thinking: null,
          temperature: null,
          maxTemperature: null,
          topP: null,
          topK: null
        })),
        nextPageToken: null
      })
  },
  {
    method: 'GET',
    pattern: /^\/v1\/models\/?$/,
    name: 'models.list',
    auth: 'messages',
    format: 'openai',
    handler: (req) =>
      json(200, {
        object: 'list',
        data: visibleModels(req.account).map((id) => ({ id, object: 'model', created: 1_700_000_000, owned_by: 'custom' })),
        success: true
      })
  }
]
