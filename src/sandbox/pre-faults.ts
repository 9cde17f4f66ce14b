import type { SandboxContext } from './context.js'
import { invalidUrl, middlewareError, relayError, taskNotExist, upstreamError, type ErrorFormat } from './errors.js'
import type { FaultSet } from './faults.js'
import { json, text, type Reply } from './reply.js'

export const HTML_ERROR_PAGE =
  '<!DOCTYPE html>\n<html><head><meta charset="utf-8"><title>502 Bad Gateway</title></head>\n' +
  '<body><h1>502 Bad Gateway</h1><p>The proxy could not reach the service. Please try again later.</p>\n' +
  '<hr><center>nginx</center></body></html>\n'

export interface PreFaultTarget {
  format: ErrorFormat
  requestId: string
  routeName: string
  /** Path and query, for a redirect to the same place on the other origin. */
  pathAndQuery: string
  /** For answers that name the request, as the gateway's NoRoute does. */
  method?: string
  /** CDN downloads answer like an object store, not like the gateway. */
  cdn?: boolean
}

function retryAfter(arg: string | undefined, nowMs: number): Record<string, string> {
  if (arg === undefined || arg === '') return {}
  if (arg.startsWith('date:')) return { 'retry-after': new Date(nowMs + Number(arg.slice(5)) * 1000).toUTCString() }
  return { 'retry-after': arg }
}

export function cdnError(status: number, code: string, message: string): Reply {
  return text(
    status,
    `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${code}</Code><Message>${message}</Message></Error>\n`,
    'application/xml'
  )
}

/**
 * Faults that answer instead of the handler: the request is refused, so nothing is created or charged.
 * Returns null when none applies.
 */
export function preFaultReply(ctx: SandboxContext, faults: FaultSet, t: PreFaultTarget): Reply | null {
  const e = { format: t.format, requestId: t.requestId }
  for (const f of faults.list) {
    switch (f.mode) {
      case '429':
        return { status: 429, headers: { 'content-length': '0', ...retryAfter(f.arg, ctx.clock.wallMs()) }, body: '' }
      case '429-json':
        // Task routes replace an upstream 429's message with their own.
        if (t.format === 'task')
          return json(429, { code: 'fail_to_fetch_task', message: '当前分组上游负载已饱和，请稍后再试', data: null })
        return middlewareError(e, 429, '您已达到请求数限制：1分钟内最多请求10次')
      case '5xx': {
        const status = Number(f.arg) >= 500 ? Number(f.arg) : 502
        return t.cdn
          ? cdnError(status, 'InternalError', 'We encountered an internal error. Please try again.')
          : upstreamError(e, status)
      }
      case 'stream-error': {
        const status = Number(f.arg) >= 400 ? Number(f.arg) : 503
        const r = upstreamError(e, status)
        return { ...r, headers: { ...r.headers, 'content-type': 'text/event-stream' } }
      }
      case 'redirect':
        return {
          status: 302,
          headers: {
            location: f.arg || `${t.cdn ? ctx.gatewayUrl : ctx.cdnUrl}${t.pathAndQuery}`,
            'content-length': '0'
          },
          body: ''
        }
      case 'html-200':
        return text(200, HTML_ERROR_PAGE, 'text/html; charset=utf-8')
      case 'quota-query-fail':
        if (t.format !== 'billing') break
        return json(200, {
          error: {
            message: 'query quota failed',
            type: t.routeName.endsWith('subscription') ? 'upstream_error' : 'new_api_error',
            param: '',
            code: null
          }
        })
      case 'error-200':
        // new-api passes an upstream's 200 error body on as it is (GATEWAY.md §3b).
        return json(200, {
          error: {
            message: `upstream error: the request was refused upstream (request id: ${t.requestId})`,
            type: 'upstream_error',
            param: '',
            code: f.arg || 'upstream_error'
          }
        })
      case 'forbidden':
        return middlewareError(e, 403, 'This token has no access to this model')
      case 'insufficient-quota':
        return relayError(e, 403, 'insufficient_user_quota', '用户额度不足, 剩余额度: ＄0.000000')
      case 'model-unavailable':
        return middlewareError(
          e,
          503,
          'No available channel for model under group default (distributor)',
          'model_not_found'
        )
      case 'unauthorized':
        if (t.format === 'usage') return json(401, { success: false, message: 'Invalid token' })
        return middlewareError(e, 401, 'Invalid token')
      case 'task-not-exist':
        return taskNotExist()
      case 'not-found':
        return t.cdn ? cdnError(404, 'NoSuchKey', 'The specified key does not exist.') : text(404, '404 page not found')
      case 'no-route':
        if (t.cdn) return cdnError(404, 'NoSuchKey', 'The specified key does not exist.')
        return invalidUrl(e, t.method ?? 'GET', t.pathAndQuery.split('?')[0])
      case 'expired-url':
        if (t.cdn) return cdnError(403, 'AccessDenied', 'Request has expired')
        break
      default:
        break
    }
  }
  return null
}
