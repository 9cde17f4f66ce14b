import type { Account } from '../accounts.js'
import type { ModelKind } from '../catalog.js'
import type { SandboxContext } from '../context.js'
import { relayError, withRequestId } from '../errors.js'
import { json, type Reply } from '../reply.js'
import type { RouteDef, SandboxRequest } from '../router.js'

/** The key's allow-list when it has one, otherwise every model of its group. */
function visibleModels(acc: Account, ctx: SandboxContext): string[] {
  const limits = acc.modelLimits
  if (limits && Object.keys(limits).length > 0) return Object.keys(limits)
  return ctx.catalog.models.map((m) => m.id)
}

/** new-api's endpoint types (`supported_endpoint_types`); every chat model is served on every text route here. */
const ENDPOINT_TYPES: Record<ModelKind, string[]> = {
  chat: ['openai', 'anthropic', 'gemini'],
  'image-gen-1': ['image-generation'],
  'image-gen-2': ['image-generation'],
  'image-edit': ['image-generation'],
  'video-unified-first': ['openai-video'],
  'video-unified-second': ['openai-video'],
  'video-json': ['openai-video'],
  'video-multipart': ['openai-video']
}

function endpointTypes(ctx: SandboxContext, id: string): string[] {
  return [...new Set((ctx.catalog.find(id)?.kinds ?? ['chat']).flatMap((k) => ENDPOINT_TYPES[k]))]
}

const MAX_PAGE = 1000
/** Page tokens are opaque to clients; here they carry the offset of the next page. */
const tokenFor = (offset: number) => Buffer.from(`models:${offset}`).toString('base64url')

function offsetOf(token: string): number | null {
  const m = /^models:(\d+)$/.exec(Buffer.from(token, 'base64url').toString('utf8'))
  return m ? Number(m[1]) : null
}

function badPaging(req: SandboxRequest, message: string): Reply {
  return relayError(
    { format: req.route.format, requestId: req.requestId },
    400,
    'invalid_request',
    message,
    'invalid_request_error'
  )
}

/** One page of the content format's model list: `pageSize` (1-1000) and the `nextPageToken` it handed out. */
function contentModels(req: SandboxRequest, ctx: SandboxContext): Reply {
  const all = visibleModels(req.account, ctx)
  let size = ctx.modelsPageSize
  if (req.query.pageSize !== undefined) {
    size = Number(req.query.pageSize)
    if (!Number.isInteger(size) || size < 1) return badPaging(req, 'pageSize must be a positive integer')
  }
  size = Math.min(size, MAX_PAGE)
  let offset = 0
  if (req.query.pageToken) {
    const o = offsetOf(req.query.pageToken)
    if (o === null || o > all.length) return badPaging(req, 'pageToken is not valid')
    offset = o
  }
  const end = offset + size
  return json(200, {
    models: all.slice(offset, end).map((id) => ({
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
    nextPageToken: end < all.length ? tokenFor(end) : null
  })
}

/** OpenAI routes the gateway knows but does not implement. */
const notImplemented: RouteDef['handler'] = (req) =>
  json(501, {
    error: {
      message: withRequestId('API not implemented', req.requestId),
      type: 'new_api_error',
      param: '',
      code: 'api_not_implemented'
    }
  })

export const modelRoutes: RouteDef[] = [
  {
    method: 'POST',
    pattern: /^\/v1\/images\/variations\/?$/,
    name: 'not_implemented',
    auth: 'bearer',
    format: 'openai',
    handler: notImplemented
  },
  {
    method: 'GET',
    pattern: /^\/v1\/files(\/.*)?$/,
    name: 'not_implemented',
    auth: 'bearer',
    format: 'openai',
    handler: notImplemented
  },
  {
    method: 'POST',
    pattern: /^\/v1\/files(\/.*)?$/,
    name: 'not_implemented',
    auth: 'bearer',
    format: 'openai',
    handler: notImplemented
  },
  {
    method: 'GET',
    pattern: /^\/v1beta\/models\/?$/,
    name: 'models.content',
    auth: 'content',
    format: 'openai',
    handler: contentModels
  },
  {
    method: 'GET',
    pattern: /^\/v1\/models\/?$/,
    name: 'models.list',
    auth: 'messages',
    format: 'openai',
    handler: (req, ctx) =>
      json(200, {
        object: 'list',
        data: visibleModels(req.account, ctx).map((id) => ({
          id,
          object: 'model',
          created: 1_700_000_000,
          owned_by: 'custom',
          supported_endpoint_types: endpointTypes(ctx, id)
        })),
        success: true
      })
  }
]
