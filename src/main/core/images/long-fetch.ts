import type { FetchLike } from '../gateway/http'

/**
 * Synchronous image generation and edits may legitimately take minutes before the first header.
 * Node's fetch (undici) gives up after 300 s (`headersTimeout`), before our own 600 s limit
 * (security-anchors §5.2, undici #1937). Passing a `dispatcher` with a longer limit fixes that
 * without adding undici as a dependency: the Agent class is taken from Node's own global
 * dispatcher. Electron's net.fetch has no such limit and ignores the extra init field.
 */

const GLOBAL_DISPATCHER = Symbol.for('undici.globalDispatcher.1')

interface AgentLike {
  close(): Promise<void>
}
type AgentClass = new (opts: { headersTimeout: number; bodyTimeout: number; connect?: { timeout: number } }) => AgentLike

async function nodeAgentClass(): Promise<AgentClass | null> {
  const find = () => (globalThis as Record<symbol, unknown>)[GLOBAL_DISPATCHER] as { constructor?: AgentClass } | undefined
  // Node installs its global Agent lazily, on the first fetch; a data: URL makes that happen offline.
  if (!find()) await fetch('data:,').catch(() => {})
  const ctor = find()?.constructor
  // A custom global dispatcher (a proxy agent, a mock) must not be swapped for a plain Agent.
  return typeof ctor === 'function' && ctor.name === 'Agent' ? ctor : null
}

export interface LongFetch {
  fetch: FetchLike
  /** Whether undici's default would have been in force (false: the limit really was raised). */
  readonly fallback: boolean
  close(): Promise<void>
}

/**
 * A FetchLike whose calls may wait `headersTimeoutMs` for headers (our AbortSignal still decides
 * when to give up). `bodyTimeoutMs` bounds silence between body bytes of a large JSON answer.
 */
export async function createLongFetch(base: FetchLike, headersTimeoutMs: number, bodyTimeoutMs = 120_000): Promise<LongFetch> {
  const Agent = await nodeAgentClass()
  if (!Agent) return { fetch: base, fallback: true, close: async () => {} }
  // The dispatcher's own limit sits a little above ours, so the studio's timer (and message) wins.
  const agent = new Agent({ headersTimeout: headersTimeoutMs + 5_000, bodyTimeout: bodyTimeoutMs, connect: { timeout: 10_000 } })
  return {
    fetch: (input, init) => base(input, { ...init, dispatcher: agent } as RequestInit),
    fallback: false,
    close: () => agent.close()
  }
}
