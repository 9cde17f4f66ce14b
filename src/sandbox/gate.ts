import type { ModelKind } from './catalog.js'
import type { SandboxContext } from './context.js'
import { invalid, middlewareError, relayError } from './errors.js'
import { isMultipart, parseMultipart, type Form } from './multipart.js'
import { ReplyError } from './reply.js'
import type { SandboxRequest } from './router.js'

/**
 * The distributor's checks, in the gateway's order: a model name, the key's allow-list, then a channel
 * that serves the model on this route. All three answer in the middleware shape, whatever the route.
 */
export function requireModel(req: SandboxRequest, model: unknown, kinds: readonly ModelKind[]): string {
  const t = { format: req.route.format, requestId: req.requestId }
  if (typeof model !== 'string' || model.trim() === '') {
    throw new ReplyError(middlewareError(t, 400, 'Model name not specified, model name cannot be empty'))
  }
  const limits = req.account.modelLimits
  if (limits && Object.keys(limits).length > 0 && limits[model] !== true) {
    throw new ReplyError(middlewareError(t, 403, `This token has no access to model ${model}`))
  }
  if (!req.catalog.hasKind(model, kinds)) {
    throw new ReplyError(
      middlewareError(
        t,
        503,
        `No available channel for model ${model} under group default (distributor)`,
        'model_not_found'
      )
    )
  }
  return model
}

/** Pre-charge check for paid creates: a key that cannot cover the price is refused before any work. */
export function requireQuota(req: SandboxRequest, ctx: SandboxContext, cost: number): void {
  const acc = req.account
  if (ctx.accounts.canAfford(acc, cost)) return
  const usd = (n: number) => `＄${(n / 500_000).toFixed(6)}`
  throw new ReplyError(
    relayError(
      { format: req.route.format, requestId: req.requestId },
      403,
      'insufficient_user_quota',
      `预扣费额度失败, 用户剩余额度: ${usd(acc.remain)}, 需要预扣费额度: ${usd(cost)}`
    )
  )
}

/** Charges and marks the request as a paid create in the log. */
export function charge(req: SandboxRequest, ctx: SandboxContext, cost: number): void {
  ctx.accounts.charge(req.account, cost)
  req.entry.paid = true
}

// Small typed readers for validation. Each throws the route's invalid_request error.

type Body = Record<string, unknown>

function t(req: SandboxRequest) {
  return { format: req.route.format, requestId: req.requestId }
}

export function reqString(
  req: SandboxRequest,
  b: Body,
  field: string,
  opts: { max?: number; allowEmpty?: boolean } = {}
): string {
  const v = b[field]
  if (v === undefined || v === null || (v === '' && !opts.allowEmpty))
    throw invalid(t(req), `field ${field} is required`)
  if (typeof v !== 'string') throw invalid(t(req), `field ${field} must be a string`)
  if (opts.max !== undefined && [...v].length > opts.max)
    throw invalid(t(req), `field ${field} must be at most ${opts.max} characters`)
  return v
}

export function optString(
  req: SandboxRequest,
  b: Body,
  field: string,
  opts: { max?: number; oneOf?: readonly string[] } = {}
): string | undefined {
  const v = b[field]
  if (v === undefined || v === null) return undefined
  if (typeof v !== 'string') throw invalid(t(req), `field ${field} must be a string`)
  if (opts.max !== undefined && [...v].length > opts.max)
    throw invalid(t(req), `field ${field} must be at most ${opts.max} characters`)
  if (opts.oneOf && !opts.oneOf.includes(v))
    throw invalid(t(req), `field ${field} must be one of ${opts.oneOf.join(', ')}`)
  return v
}

export function optInt(
  req: SandboxRequest,
  b: Body,
  field: string,
  opts: { min?: number; max?: number } = {}
): number | undefined {
  const v = b[field]
  if (v === undefined || v === null) return undefined
  if (typeof v !== 'number' || !Number.isInteger(v)) throw invalid(t(req), `field ${field} must be an integer`)
  if ((opts.min !== undefined && v < opts.min) || (opts.max !== undefined && v > opts.max)) {
    throw invalid(t(req), `field ${field} must be between ${opts.min ?? '-∞'} and ${opts.max ?? '∞'}`)
  }
  return v
}

export function optNumber(
  req: SandboxRequest,
  b: Body,
  field: string,
  opts: { min?: number; max?: number } = {}
): number | undefined {
  const v = b[field]
  if (v === undefined || v === null) return undefined
  if (typeof v !== 'number' || !Number.isFinite(v)) throw invalid(t(req), `field ${field} must be a number`)
  if ((opts.min !== undefined && v < opts.min) || (opts.max !== undefined && v > opts.max)) {
    throw invalid(t(req), `field ${field} must be between ${opts.min ?? '-∞'} and ${opts.max ?? '∞'}`)
  }
  return v
}

export function optBool(req: SandboxRequest, b: Body, field: string): boolean | undefined {
  const v = b[field]
  if (v === undefined || v === null) return undefined
  if (typeof v !== 'boolean') throw invalid(t(req), `field ${field} must be a boolean`)
  return v
}

export function optObject(req: SandboxRequest, b: Body, field: string): Body | undefined {
  const v = b[field]
  if (v === undefined || v === null) return undefined
  if (typeof v !== 'object' || Array.isArray(v)) throw invalid(t(req), `field ${field} must be an object`)
  return v as Body
}

export function optArray(
  req: SandboxRequest,
  b: Body,
  field: string,
  opts: { max?: number } = {}
): unknown[] | undefined {
  const v = b[field]
  if (v === undefined || v === null) return undefined
  if (!Array.isArray(v)) throw invalid(t(req), `field ${field} must be an array`)
  if (opts.max !== undefined && v.length > opts.max)
    throw invalid(t(req), `field ${field} must have at most ${opts.max} items`)
  return v
}

export function fail(req: SandboxRequest, message: string): ReplyError {
  return invalid(t(req), message)
}

/** The request's multipart form; null when the body is not multipart (JSON), refused when it is broken. */
export async function formOf(req: SandboxRequest): Promise<Form | null> {
  const ct = req.headers['content-type']
  if (!isMultipart(ct)) return null
  try {
    return await parseMultipart(req.body, ct!)
  } catch (err) {
    throw fail(req, `invalid multipart body: ${(err as Error).message}`)
  }
}
