import { isIP } from 'node:net'

/**
 * Node's own undici Agent class, taken from its global dispatcher (undici is not a dependency of the
 * studio). Node installs that dispatcher lazily, on the first fetch; a data: URL makes that happen
 * offline. Null when a custom global dispatcher (a proxy agent, a mock) is installed: it must not be
 * swapped for a plain Agent. Electron's net.request ignores a `dispatcher` in a fetch init.
 */

const GLOBAL_DISPATCHER = Symbol.for('undici.globalDispatcher.1')

export interface AgentLike {
  close(): Promise<void>
  destroy(): Promise<void>
}

type LookupCallback = (
  err: Error | null,
  address: string | Array<{ address: string; family: number }>,
  family?: number
) => void
export type Lookup = (
  hostname: string,
  options: { all?: boolean } | number | undefined,
  callback: LookupCallback
) => void

export interface AgentOptions {
  headersTimeout?: number
  bodyTimeout?: number
  connect?: { timeout?: number; lookup?: Lookup }
}
export type AgentClass = new (opts: AgentOptions) => AgentLike

export async function nodeAgentClass(): Promise<AgentClass | null> {
  const find = () =>
    (globalThis as Record<symbol, unknown>)[GLOBAL_DISPATCHER] as { constructor?: AgentClass } | undefined
  if (!find()) await fetch('data:,').catch(() => {})
  const ctor = find()?.constructor
  return typeof ctor === 'function' && ctor.name === 'Agent' ? ctor : null
}

/** A lookup that answers only `addresses` (the ones a policy checked), whatever the name. */
export function pinnedLookup(addresses: readonly string[]): Lookup {
  const list = addresses.map((address) => ({ address, family: isIP(address) }))
  return (_hostname, options, callback) => {
    if (typeof options === 'object' && options?.all) callback(null, list)
    else callback(null, list[0].address, list[0].family)
  }
}
