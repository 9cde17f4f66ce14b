/** Public types of the sandbox gateway (re-exported by index.ts). */
import type { SandboxNaming } from './naming.js'

export interface SandboxKeySpec {
  key: string
  name?: string
  /** Raw quota units remaining; default 50_000_000 (= 100 USD at 500_000 per unit). */
  quota?: number
  unlimited?: boolean
  /** Unix seconds; 0 = never. */
  expiresAt?: number
  modelLimits?: Record<string, true> | null
  disabled?: boolean
  /** Fault specs applied to every request of this key (syntax in faults.ts / README of the report). */
  faults?: string[]
}

export interface SandboxOptions {
  /** 0 = a free port. */
  port?: number
  /** Time scale, default 1; 60 = a minute of task time per second. */
  speed?: number
  seed?: number
  /** When omitted, one random key 'sk-sandbox-<random>'. */
  keys?: SandboxKeySpec[]
  /** No stderr report of internal sandbox errors (the sandbox never writes anything else). */
  quiet?: boolean
  /** Lifetime of result URLs in task-time seconds (default 86400, i.e. scaled by speed). */
  urlTtlSeconds?: number
  /** Port of the second ("CDN") origin that serves result files; 0 = a free port. */
  cdnPort?: number
  /** Which names it answers to (models, native path, req_key, asset prefix, headers); default the spec's stand-ins. */
  naming?: 'standin' | 'alt' | SandboxNaming
  /** Models per `GET /v1beta/models` page when the client sends no `pageSize` (default 50, as the content format's own API). */
  modelsPageSize?: number
  /**
   * The /__sandbox/ control and log routes (loopback only), for tests that run the sandbox out of
   * process. Default true; the studio's in-app sandbox turns them off, so they are absent there.
   */
  controlRoutes?: boolean
}

export interface SandboxRequestLogEntry {
  id: number
  at: number
  method: string
  /** Without query. */
  path: string
  query: Record<string, string>
  headers: Record<string, string>
  bodyDigest: string
  bodyBytes: number
  key: string | null
  /** 0 when the connection was dropped or is still hanging without a status. */
  status: number
  /** e.g. 'video.create'; 'cdn.file' for result downloads; 'cdn.other' for anything else on the CDN origin. */
  route: string
  /** A create that charged quota. */
  paid: boolean
  /** Which listener saw it: the gateway origin or the second (CDN) origin. */
  origin: 'gateway' | 'cdn'
  /** Fault modes that were applied to this request. */
  faults: string[]
  /** The connection closed before the response was complete (client abort, or a drop/reset/stall fault). */
  aborted: boolean
  /** When the response ended or the connection closed (real ms, like `receivedAt`); absent while in flight. */
  endedAt?: number
  /** When the request arrived (real ms). */
  receivedAt?: number
}

export interface SandboxAccountView {
  name: string
  quotaRemaining: number
  used: number
  unlimited: boolean
  expiresAt: number
}

export interface SandboxHandle {
  /** http://127.0.0.1:<port> */
  url: string
  /** The names this instance answers to. */
  naming: SandboxNaming
  /** The first key. */
  key: string
  /** The second origin (http://127.0.0.1:<other port>) that serves result files and receives redirects. */
  cdnUrl: string
  addKey(spec: SandboxKeySpec): void
  updateKey(key: string, patch: Partial<SandboxKeySpec>): void
  account(key: string): SandboxAccountView | undefined
  log(): SandboxRequestLogEntry[]
  clearLog(): void
  setFaults(key: string, faults: string[]): void
  /** Move task time forward by this many task seconds (tasks progress, URLs age). */
  advance(taskSeconds: number): void
  close(): Promise<void>
}
