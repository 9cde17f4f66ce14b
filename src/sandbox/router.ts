import type { Account } from './accounts.js'
import type { Catalog } from './catalog.js'
import type { SandboxContext } from './context.js'
import type { ErrorFormat } from './errors.js'
import type { Fault, FaultSet } from './faults.js'
import type { Reply } from './reply.js'
import type { SandboxRequestLogEntry } from './types.js'

/**
 * - bearer: `Authorization: Bearer` (the raw key without `Bearer ` is accepted too, as on the gateway)
 * - content: also the naming's content key header (stand-in `x-vendor-api-key`) or `?key=`
 * - messages: also `x-api-key` (with the naming's optional version header, stand-in `vendor-version`)
 * - usage: the usage route's own strict Bearer check and `{success:false}` bodies
 */
export type AuthMode = 'bearer' | 'content' | 'messages' | 'usage'

export interface SandboxRequest {
  method: string
  path: string
  query: Record<string, string>
  params: Record<string, string>
  headers: Record<string, string>
  body: Buffer
  requestId: string
  route: RouteDef
  /** The authenticated account (always set when a handler runs). */
  account: Account
  faults: FaultSet
  /** The models of the sandbox's naming (the distributor's channel table). */
  catalog: Catalog
  /** `result:` faults of this request, to be attached to what it produces. */
  resultFaults: Fault[]
  entry: SandboxRequestLogEntry
  /** The body as a JSON object; throws the route's invalid_request error when it is not one. */
  json(): Record<string, unknown>
}

export type Handler = (req: SandboxRequest, ctx: SandboxContext) => Reply | Promise<Reply>

export interface RouteDef {
  method: 'GET' | 'POST'
  pattern: RegExp
  name: string
  auth: AuthMode
  format: ErrorFormat
  handler: Handler
}

export type Match = { route: RouteDef; params: Record<string, string> } | null

export class Router {
  private readonly routes: RouteDef[] = []

  add(...defs: RouteDef[]): this {
    this.routes.push(...defs)
    return this
  }

  match(method: string, path: string): Match {
    for (const r of this.routes) {
      if (r.method !== method) continue
      const m = r.pattern.exec(path)
      if (m) return { route: r, params: { ...(m.groups ?? {}) } }
    }
    return null
  }

  list(): readonly RouteDef[] {
    return this.routes
  }
}
