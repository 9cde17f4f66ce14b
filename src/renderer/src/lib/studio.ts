/**
 * The only module that touches `window.studio`. It turns the bridge's Result envelopes into
 * resolved values or thrown `StudioError`s (so TanStack Query and forms see a typed `.code` and
 * `.field`), and passes event subscriptions through unchanged (each returns its disposer).
 */
// The zod-free name lists: the renderer never parses with the contract's schemas (the host does), and
// importing contract.ts would put every schema on the start-up path (T1).
import {
  EVENT_NAMES_LIST as EVENT_NAMES,
  INVOKE_CHANNEL_NAMES as INVOKE_CHANNELS,
  UPLOAD_CHANNEL_NAMES as UPLOAD_CHANNELS
} from '@shared/channel-names'
import type { Studio, StudioBridge } from '@shared/contract'
import { apiPathOfChannel, apiPathOfEvent } from '@shared/contract-kit'
import { StudioError } from '@shared/error-core'
import type { Result } from '@shared/errors'

type BridgeSource = StudioBridge | (() => StudioBridge)
type LooseApi = Record<string, Record<string, unknown>>

/** Why the bridge cannot be used, or null when every contract function is present. */
export type BridgeProblem = { kind: 'missing' } | { kind: 'incomplete'; missing: string[] }

/** Reads the bridge the preload (Electron) or the bridge script (browser host) installed. */
export function readBridge(): StudioBridge | undefined {
  if (typeof window === 'undefined') return undefined
  return (window as unknown as { studio?: StudioBridge }).studio
}

/** Checks the bridge against the contract, so a missing or outdated bridge shows a fatal screen instead of a crash. */
export function bridgeProblem(bridge: unknown = readBridge()): BridgeProblem | null {
  if (bridge === null || typeof bridge !== 'object') return { kind: 'missing' }
  const api = bridge as LooseApi
  const paths = [
    ...INVOKE_CHANNELS.map(apiPathOfChannel),
    ...UPLOAD_CHANNELS.map(apiPathOfChannel),
    ...EVENT_NAMES.map(apiPathOfEvent)
  ]
  const missing = paths
    .filter(([ns, fn]) => typeof api[ns]?.[fn] !== 'function')
    .map(([ns, fn]) => `studio.${ns}.${fn}`)
  return missing.length === 0 ? null : { kind: 'incomplete', missing }
}

function unwrap<T>(result: Result<T>): T {
  if (result.ok) return result.value
  throw StudioError.fromData(result.error)
}

/**
 * Builds the typed client. With a function source the bridge is looked up on every call, so the
 * app-wide client works no matter when the bridge appears (and tests can swap it per test).
 */
export function createStudioClient(source: BridgeSource): Studio {
  const bridge = (): LooseApi => {
    const b = typeof source === 'function' ? source() : source
    if (!b) throw new StudioError('INTERNAL', 'The studio host bridge (window.studio) is not available')
    return b as unknown as LooseApi
  }
  const client: Record<string, Record<string, unknown>> = {}
  for (const channel of INVOKE_CHANNELS) {
    const [ns, fn] = apiPathOfChannel(channel)
    client[ns] ??= {}
    client[ns][fn] = async (input?: unknown) => {
      const call = bridge()[ns][fn] as (input?: unknown) => Promise<Result<unknown>>
      return unwrap(await call(input))
    }
  }
  // Uploads: `studio.files.upload(file, meta)` takes the page's File/Blob; the bridge carries it
  // (Electron: the path behind it or its bytes, browser host: a POST body), never this client.
  for (const channel of UPLOAD_CHANNELS) {
    const [ns, fn] = apiPathOfChannel(channel)
    client[ns] ??= {}
    client[ns][fn] = async (blob: Blob, meta: unknown) => {
      const call = bridge()[ns][fn] as (blob: Blob, meta: unknown) => Promise<Result<unknown>>
      return unwrap(await call(blob, meta))
    }
  }
  for (const event of EVENT_NAMES) {
    const [ns, fn] = apiPathOfEvent(event)
    client[ns] ??= {}
    client[ns][fn] = (listener: (payload: unknown) => void) => {
      const subscribe = bridge()[ns][fn] as (l: (payload: unknown) => void) => () => void
      return subscribe(listener)
    }
  }
  return client as unknown as Studio
}

/** The app-wide client. */
export const studio: Studio = createStudioClient(() => readBridge() as StudioBridge)
