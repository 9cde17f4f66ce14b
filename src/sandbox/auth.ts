import type { Account } from './accounts.js'
import type { SandboxContext } from './context.js'
import { middlewareError } from './errors.js'
import { STANDIN_NAMING, type SandboxNaming } from './naming.js'
import { json, type Reply } from './reply.js'
import type { AuthMode } from './router.js'

/** The credential as sent, in the places the route's auth mode allows, Bearer first. */
export function presentedCredential(
  mode: AuthMode,
  headers: Record<string, string>,
  query: Record<string, string>,
  naming: SandboxNaming = STANDIN_NAMING
): string | null {
  const auth = headers['authorization']
  if (auth) return auth
  if (mode === 'content') {
    const h = [naming.contentKeyHeader, ...(naming.aliases?.contentKeyHeaders ?? [])]
      .map((name) => headers[name])
      .find(Boolean)
    if (h) return h
    if (query.key) return query.key
  }
  if (mode === 'messages' && headers['x-api-key']) return headers['x-api-key']
  return null
}

/** The gateway strips an optional `Bearer ` and then `sk-`; stored keys may carry `sk-` or not. */
export function resolveKey(ctx: SandboxContext, credential: string | null): Account | undefined {
  if (!credential) return undefined
  let k = credential.trim()
  if (/^bearer\s+/i.test(k)) k = k.replace(/^bearer\s+/i, '')
  const bare = k.startsWith('sk-') ? k.slice(3) : k
  return ctx.accounts.get(k) ?? ctx.accounts.get(`sk-${bare}`) ?? ctx.accounts.get(bare)
}

export type AuthResult = { ok: true; account: Account } | { ok: false; reply: Reply }

/** Relay and dashboard routes: any unusable key is a 401 `Invalid token` (GATEWAY.md §3b). */
export function authorizeRelay(
  ctx: SandboxContext,
  mode: AuthMode,
  headers: Record<string, string>,
  query: Record<string, string>,
  requestId: string
): AuthResult {
  const acc = resolveKey(ctx, presentedCredential(mode, headers, query, ctx.naming))
  const problem = ctx.accounts.problem(acc, ctx.clock.wallSec())
  if (problem || !acc)
    return { ok: false, reply: middlewareError({ format: 'openai', requestId }, 401, 'Invalid token') }
  return { ok: true, account: acc }
}

/**
 * `GET /api/usage/token/`: the header must be exactly `Bearer <key>` (two parts, `bearer` in any
 * case). Expired and exhausted keys may still look at their usage; disabled ones may not.
 */
export function authorizeUsage(ctx: SandboxContext, headers: Record<string, string>): AuthResult {
  const header = headers['authorization']
  if (!header) return { ok: false, reply: json(401, { success: false, message: 'No Authorization header' }) }
  const parts = header.split(' ')
  if (parts.length !== 2 || parts[0].toLowerCase() !== 'bearer' || !parts[1]) {
    return { ok: false, reply: json(401, { success: false, message: 'Invalid Bearer token' }) }
  }
  const acc = resolveKey(ctx, parts[1])
  if (!acc || acc.disabled) return { ok: false, reply: json(401, { success: false, message: 'Invalid token' }) }
  return { ok: true, account: acc }
}
