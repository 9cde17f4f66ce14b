import { QUOTA_PER_UNIT } from '../accounts.js'
import { json } from '../reply.js'
import type { RouteDef } from '../router.js'

/** What an unlimited key reports as its limit on the billing routes. */
export const UNLIMITED_LIMIT = 100_000_000

/**
 * Usage and balance, in raw quota units on the usage route and in display units (USD at 500 000
 * units per dollar) on the billing routes, as the GATEWAY.md §4 describe.
 */
export const usageRoutes: RouteDef[] = [
  {
    method: 'GET',
    pattern: /^\/api\/usage\/token\/?$/,
    name: 'usage.token',
    auth: 'usage',
    format: 'usage',
    handler: (req) => {
      const a = req.account
      const limits = a.modelLimits ?? {}
      return json(200, {
        code: true,
        message: 'ok',
        data: {
          object: 'token_usage',
          name: a.name,
          total_granted: a.remain + a.used,
          total_used: a.used,
          total_available: a.remain,
          unlimited_quota: a.unlimited,
          model_limits: { ...limits },
          model_limits_enabled: Object.keys(limits).length > 0,
          expires_at: a.expiresAt > 0 ? a.expiresAt : 0
        }
      })
    }
  },
  ...['', '/v1'].map((prefix): RouteDef => ({
    method: 'GET',
    pattern: new RegExp(`^${prefix.replace('/', '\\/')}\\/dashboard\\/billing\\/subscription\\/?$`),
    name: 'billing.subscription',
    auth: 'bearer',
    format: 'billing',
    handler: (req) => {
      const a = req.account
      const limit = a.unlimited ? UNLIMITED_LIMIT : (a.remain + a.used) / QUOTA_PER_UNIT
      return json(200, {
        object: 'billing_subscription',
        has_payment_method: true,
        soft_limit_usd: limit,
        hard_limit_usd: limit,
        system_hard_limit_usd: limit,
        access_until: a.expiresAt > 0 ? a.expiresAt : 0
      })
    }
  })),
  ...['', '/v1'].map((prefix): RouteDef => ({
    method: 'GET',
    pattern: new RegExp(`^${prefix.replace('/', '\\/')}\\/dashboard\\/billing\\/usage\\/?$`),
    name: 'billing.usage',
    auth: 'bearer',
    format: 'billing',
    // Query parameters (start_date, end_date) are ignored: the figure is all-time, as on the gateway.
    handler: (req) => json(200, { object: 'list', total_usage: (req.account.used / QUOTA_PER_UNIT) * 100 })
  }))
]
