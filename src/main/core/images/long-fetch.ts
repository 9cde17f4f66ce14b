import type { FetchLike } from '../gateway/http'
import { nodeAgentClass } from '../gateway/node-agent'
import { bodyWriterOf, nodeUpload } from '../gateway/node-upload'

/**
 * Synchronous image generation and edits may legitimately take minutes before the first header.
 * Node's fetch (undici) gives up after 300 s (`headersTimeout`), before our own 600 s limit
 * (SECURITY.md §5.2, undici #1937). Passing a `dispatcher` with a longer limit fixes that
 * without adding undici as a dependency: the Agent class is taken from Node's own global
 * dispatcher (gateway/node-agent.ts). Electron's net.request has no such limit and ignores the extra init field.
 */

export interface LongFetch {
  fetch: FetchLike
  /** Whether undici's default would have been in force (false: the limit really was raised). */
  readonly fallback: boolean
  close(): Promise<void>
}

export interface LongFetchOptions {
  /** Bounds silence between body bytes of a large JSON answer (b64_json images). */
  bodyTimeoutMs?: number
  /** The dispatcher's limit sits this much above ours, so the studio's own timer (and message) wins. */
  marginMs?: number
  /**
   * `base` is Node's fetch: bodies with a direct writer (edit uploads) go over node:http instead
   * (gateway/node-upload.ts). Not for Electron's net.fetch, whose proxy settings an upload must keep.
   */
  directUploads?: boolean
}

/** A FetchLike whose calls may wait `headersTimeoutMs` for headers (our AbortSignal still decides when to give up). */
export async function createLongFetch(
  base: FetchLike,
  headersTimeoutMs: number,
  o: LongFetchOptions = {}
): Promise<LongFetch> {
  const bodyTimeoutMs = o.bodyTimeoutMs ?? 120_000
  const upload = (input: string | URL, init: RequestInit | undefined, fallback: FetchLike): Promise<Response> => {
    const write = o.directUploads && init ? bodyWriterOf(init.body) : undefined
    return write && init ? nodeUpload(input, init, write, { bodyTimeoutMs }) : fallback(input, init)
  }
  const Agent = await nodeAgentClass()
  if (!Agent) return { fetch: (input, init) => upload(input, init, base), fallback: true, close: async () => {} }
  const agent = new Agent({
    headersTimeout: headersTimeoutMs + (o.marginMs ?? 5_000),
    bodyTimeout: bodyTimeoutMs,
    connect: { timeout: 10_000 }
  })
  const viaAgent: FetchLike = (input, init) => base(input, { ...init, dispatcher: agent } as RequestInit)
  return {
    fetch: (input, init) => upload(input, init, viaAgent),
    fallback: false,
    close: () => agent.close()
  }
}
