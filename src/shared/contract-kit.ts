import type { z } from 'zod'
import type { Result } from './errors'

/**
 * Type machinery that derives the bridge API, the host's handler table and the renderer client
 * from one contract object. Channel `feature:verb-noun` becomes `studio.feature.verbNoun(input)`;
 * event `feature:noun-happened` becomes `studio.feature.onNounHappened(listener)` returning a disposer.
 */

export interface InvokeSpec<I extends z.ZodType = z.ZodType, O extends z.ZodType = z.ZodType> {
  input: I
  output: O
  /** One line for humans: what the channel does. */
  doc: string
}

export type InvokeTable = Record<`${string}:${string}`, InvokeSpec>
export type EventTable = Record<`${string}:${string}`, z.ZodType>

export type Disposer = () => void

type CamelCase<S extends string> = S extends `${infer H}-${infer T}` ? `${H}${Capitalize<CamelCase<T>>}` : S
type Namespace<C> = C extends `${infer N}:${string}` ? N : never

type ArgsOf<In> = undefined extends In ? [input?: In] : [input: In]

export type InvokeInput<T extends InvokeTable, C extends keyof T> = T[C] extends InvokeSpec<infer I, z.ZodType> ? z.input<I> : never
export type InvokeOutput<T extends InvokeTable, C extends keyof T> = T[C] extends InvokeSpec<z.ZodType, infer O> ? z.output<O> : never
export type EventPayload<E extends EventTable, N extends keyof E> = z.output<E[N]>

/** What `window.studio` looks like: every invoke resolves to a Result envelope. */
export type RawStudioApi<T extends InvokeTable, E extends EventTable> = {
  [N in Namespace<keyof T | keyof E>]: {
    [C in keyof T as C extends `${N}:${infer V}` ? CamelCase<V> : never]: (
      ...args: ArgsOf<InvokeInput<T, C>>
    ) => Promise<Result<InvokeOutput<T, C>>>
  } & {
    [Ev in keyof E as Ev extends `${N}:${infer V}` ? `on${Capitalize<CamelCase<V>>}` : never]: (
      listener: (payload: EventPayload<E, Ev>) => void
    ) => Disposer
  }
}

/** The renderer's client: the same shape, but errors are thrown as StudioError. */
export type StudioClient<T extends InvokeTable, E extends EventTable> = {
  [N in Namespace<keyof T | keyof E>]: {
    [C in keyof T as C extends `${N}:${infer V}` ? CamelCase<V> : never]: (
      ...args: ArgsOf<InvokeInput<T, C>>
    ) => Promise<InvokeOutput<T, C>>
  } & {
    [Ev in keyof E as Ev extends `${N}:${infer V}` ? `on${Capitalize<CamelCase<V>>}` : never]: (
      listener: (payload: EventPayload<E, Ev>) => void
    ) => Disposer
  }
}

/** How a shell moves messages: Electron IPC in the preload, a WebSocket in the browser host. */
export interface BridgeTransport {
  invoke(channel: string, input: unknown): Promise<Result<unknown>>
  subscribe(event: string, listener: (payload: unknown) => void): Disposer
}

export function camelCase(s: string): string {
  return s.replace(/-([a-z0-9])/g, (_, c: string) => c.toUpperCase())
}

/** Maps a channel name to its place in the API: `profiles:test-connection` -> ['profiles', 'testConnection']. */
export function apiPathOfChannel(channel: string): [string, string] {
  const i = channel.indexOf(':')
  return [channel.slice(0, i), camelCase(channel.slice(i + 1))]
}

/** Maps an event name to its place in the API: `profiles:changed` -> ['profiles', 'onChanged']. */
export function apiPathOfEvent(event: string): [string, string] {
  const [ns, name] = apiPathOfChannel(event)
  return [ns, 'on' + name.charAt(0).toUpperCase() + name.slice(1)]
}

/**
 * Builds the raw API object from channel names and a transport. Used by the preload and by the
 * browser-host bridge, so both shells expose exactly the same functions and nothing else.
 */
export function buildRawApi(
  invokeChannels: readonly string[],
  eventChannels: readonly string[],
  transport: BridgeTransport
): Record<string, Record<string, unknown>> {
  const api: Record<string, Record<string, unknown>> = {}
  for (const channel of invokeChannels) {
    const [ns, fn] = apiPathOfChannel(channel)
    api[ns] ??= {}
    api[ns][fn] = (input?: unknown) => transport.invoke(channel, input)
  }
  for (const event of eventChannels) {
    const [ns, fn] = apiPathOfEvent(event)
    api[ns] ??= {}
    api[ns][fn] = (listener: (payload: unknown) => void) => {
      if (typeof listener !== 'function') throw new TypeError(`${fn} needs a listener function`)
      return transport.subscribe(event, listener)
    }
  }
  for (const ns of Object.values(api)) Object.freeze(ns)
  return Object.freeze(api)
}
