import type { z } from 'zod'
import type { Result, StudioErrorData } from './errors'

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

/**
 * An UPLOAD channel: the page hands over a Blob/File plus small `meta` fields and gets a Result.
 * The bytes never travel through the invoke path: the Electron preload sends the file's path (or,
 * for a blob with no file behind it, its bytes) to main; the browser host streams it over HTTP.
 * `feature:verb` becomes `studio.feature.verb(blob, meta)`.
 */
export interface UploadSpec<M extends z.ZodType = z.ZodType, O extends z.ZodType = z.ZodType> {
  /** Text fields only: in the browser host they travel as query parameters. */
  meta: M
  output: O
  doc: string
  /** Refuses a blob by its size before a byte is read or sent; the host checks again while streaming. */
  sizeRefusal(bytes: number, meta: z.output<M>): StudioErrorData | null
}

export type InvokeTable = Record<`${string}:${string}`, InvokeSpec>
export type EventTable = Record<`${string}:${string}`, z.ZodType>
export type UploadTable = Record<`${string}:${string}`, UploadSpec>

export type Disposer = () => void

type CamelCase<S extends string> = S extends `${infer H}-${infer T}` ? `${H}${Capitalize<CamelCase<T>>}` : S
type Namespace<C> = C extends `${infer N}:${string}` ? N : never

type ArgsOf<In> = undefined extends In ? [input?: In] : [input: In]

export type InvokeInput<T extends InvokeTable, C extends keyof T> =
  T[C] extends InvokeSpec<infer I, z.ZodType> ? z.input<I> : never
export type InvokeOutput<T extends InvokeTable, C extends keyof T> =
  T[C] extends InvokeSpec<z.ZodType, infer O> ? z.output<O> : never
export type EventPayload<E extends EventTable, N extends keyof E> = z.output<E[N]>
export type UploadMeta<U extends UploadTable, C extends keyof U> =
  U[C] extends UploadSpec<infer M, z.ZodType> ? z.input<M> : never
export type UploadOutput<U extends UploadTable, C extends keyof U> =
  U[C] extends UploadSpec<z.ZodType, infer O> ? z.output<O> : never

type NoUploads = Record<never, UploadSpec>

/** What `window.studio` looks like: every invoke and upload resolves to a Result envelope. */
export type RawStudioApi<T extends InvokeTable, E extends EventTable, U extends UploadTable = NoUploads> = {
  [N in Namespace<keyof T | keyof E | keyof U>]: {
    [C in keyof T as C extends `${N}:${infer V}` ? CamelCase<V> : never]: (
      ...args: ArgsOf<InvokeInput<T, C>>
    ) => Promise<Result<InvokeOutput<T, C>>>
  } & {
    [Ev in keyof E as Ev extends `${N}:${infer V}` ? `on${Capitalize<CamelCase<V>>}` : never]: (
      listener: (payload: EventPayload<E, Ev>) => void
    ) => Disposer
  } & {
    [C in keyof U as C extends `${N}:${infer V}` ? CamelCase<V> : never]: (
      blob: Blob,
      meta: UploadMeta<U, C>
    ) => Promise<Result<UploadOutput<U, C>>>
  }
}

/** The renderer's client: the same shape, but errors are thrown as StudioError. */
export type StudioClient<T extends InvokeTable, E extends EventTable, U extends UploadTable = NoUploads> = {
  [N in Namespace<keyof T | keyof E | keyof U>]: {
    [C in keyof T as C extends `${N}:${infer V}` ? CamelCase<V> : never]: (
      ...args: ArgsOf<InvokeInput<T, C>>
    ) => Promise<InvokeOutput<T, C>>
  } & {
    [Ev in keyof E as Ev extends `${N}:${infer V}` ? `on${Capitalize<CamelCase<V>>}` : never]: (
      listener: (payload: EventPayload<E, Ev>) => void
    ) => Disposer
  } & {
    [C in keyof U as C extends `${N}:${infer V}` ? CamelCase<V> : never]: (
      blob: Blob,
      meta: UploadMeta<U, C>
    ) => Promise<UploadOutput<U, C>>
  }
}

/** How a shell moves messages: Electron IPC in the preload, a WebSocket in the browser host. */
export interface BridgeTransport {
  invoke(channel: string, input: unknown): Promise<Result<unknown>>
  subscribe(event: string, listener: (payload: unknown) => void): Disposer
  /** Called only after the meta parsed and the size passed `sizeRefusal`. */
  upload(channel: string, blob: Blob, meta: unknown): Promise<Result<unknown>>
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

/** Duck-typed on purpose: a File handed through Electron's contextBridge is a copy from another world. */
function isBlobLike(value: unknown): value is Blob {
  const b = value as Blob | null
  return (
    typeof b === 'object' &&
    b !== null &&
    typeof b.size === 'number' &&
    typeof b.arrayBuffer === 'function' &&
    typeof b.slice === 'function'
  )
}

function refused(message: string, field?: string): Result<never> {
  return { ok: false, error: { code: 'INVALID_INPUT', message, retryable: false, ...(field ? { field } : {}) } }
}

/**
 * One upload function: checks the blob, parses the meta and refuses an oversized blob before the
 * transport reads a byte of it (reading 60 MB only to be refused would stall the page).
 */
function uploadFunction(
  channel: string,
  spec: UploadSpec | (() => Promise<UploadSpec | undefined>),
  transport: BridgeTransport
) {
  return async (blob: unknown, meta: unknown): Promise<Result<unknown>> => {
    if (!isBlobLike(blob)) return refused('Choose a file to upload', 'file')
    let loaded: UploadSpec | undefined
    try {
      loaded = typeof spec === 'function' ? await spec() : spec
    } catch {
      return {
        ok: false,
        error: { code: 'INTERNAL', message: 'The upload checks could not be loaded', retryable: true }
      }
    }
    if (!loaded) return refused(`No upload channel ${channel}`)
    const parsed = loaded.meta.safeParse(meta)
    if (!parsed.success) {
      const issue = parsed.error.issues[0]
      const field = issue?.path.map(String).join('.') || undefined
      return refused(`${field ? field + ': ' : ''}${issue?.message ?? 'Invalid upload details'}`, field)
    }
    const tooBig = loaded.sizeRefusal(blob.size, parsed.data)
    if (tooBig) return { ok: false, error: tooBig }
    return transport.upload(channel, blob, parsed.data)
  }
}

/**
 * Builds the raw API object from channel names, the upload table and a transport. Used by the
 * preload and by the browser-host bridge, so both shells expose exactly the same functions and
 * nothing else.
 */
export function buildRawApi(
  invokeChannels: readonly string[],
  eventChannels: readonly string[],
  transport: BridgeTransport,
  uploads: UploadTable | LazyUploads
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
  const specs: [string, UploadSpec | (() => Promise<UploadSpec | undefined>)][] =
    'load' in uploads && typeof uploads.load === 'function'
      ? lazySpecs(uploads as LazyUploads)
      : Object.entries(uploads as UploadTable)
  for (const [channel, spec] of specs) {
    const [ns, fn] = apiPathOfChannel(channel)
    api[ns] ??= {}
    api[ns][fn] = uploadFunction(channel, spec, transport)
  }
  for (const ns of Object.values(api)) Object.freeze(ns)
  return Object.freeze(api)
}

/**
 * Upload channels by name, with their specs (zod meta schemas) loaded on the first upload: the
 * browser host's bridge script runs before the app, and zod must not be on the page's start-up path (T1).
 */
export interface LazyUploads {
  channels: readonly string[]
  load: () => Promise<UploadTable>
}

function lazySpecs({ channels, load }: LazyUploads): [string, () => Promise<UploadSpec | undefined>][] {
  let table: Promise<UploadTable> | undefined
  return channels.map((channel) => [
    channel,
    async () => {
      // A failed load (a chunk that did not arrive) is retried by the next upload.
      const loaded = await (table ??= load().catch((e: unknown) => {
        table = undefined
        throw e
      }))
      return Object.prototype.hasOwnProperty.call(loaded, channel) ? loaded[channel as keyof UploadTable] : undefined
    }
  ])
}
