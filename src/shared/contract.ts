/**
 * THE contract: every invoke channel (input and output schemas) and every event (payload schema).
 * The preload's `window.studio`, the host's handler table and the renderer's `lib/studio.ts` are all
 * derived from these two objects, so a missing handler or a drifted type fails to compile.
 * Features declare their part in `contract/<feature>.ts` and are merged here.
 */
import type { EventTable, InvokeTable, RawStudioApi, StudioClient } from './contract-kit'
import { appEvents, appInvokes } from './contract/app'
import { balanceEvents, balanceInvokes } from './contract/balance'
import { profileEvents, profileInvokes } from './contract/profiles'

export const invokes = {
  ...appInvokes,
  ...profileInvokes,
  ...balanceInvokes
} satisfies InvokeTable

export const events = {
  ...appEvents,
  ...profileEvents,
  ...balanceEvents
} satisfies EventTable

export type Invokes = typeof invokes
export type Events = typeof events
export type InvokeChannel = keyof Invokes
export type EventName = keyof Events

export const INVOKE_CHANNELS = Object.keys(invokes) as InvokeChannel[]
export const EVENT_NAMES = Object.keys(events) as EventName[]

export function isInvokeChannel(c: unknown): c is InvokeChannel {
  return typeof c === 'string' && Object.prototype.hasOwnProperty.call(invokes, c)
}
export function isEventName(e: unknown): e is EventName {
  return typeof e === 'string' && Object.prototype.hasOwnProperty.call(events, e)
}

/** The shape of `window.studio`. */
export type StudioBridge = RawStudioApi<Invokes, Events>
/** The renderer's typed client (errors thrown as StudioError). */
export type Studio = StudioClient<Invokes, Events>
