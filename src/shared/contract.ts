/**
 * THE contract: every invoke channel (input and output schemas), every event (payload schema) and
 * every upload channel (meta and output schemas).
 * The preload's `window.studio`, the host's handler table and the renderer's `lib/studio.ts` are all
 * derived from these objects, so a missing handler or a drifted type fails to compile.
 * Features declare their part in `contract/<feature>.ts` and are merged here.
 */
import type { EventNameFromList, InvokeChannelName, UploadChannelName } from './channel-names'
import { appEvents, appInvokes } from './contract/app'
import { balanceEvents, balanceInvokes } from './contract/balance'
import { chatEvents, chatInvokes } from './contract/chat'
import { chatCompareInvokes } from './contract/chat-compare'
import { compareRunsEvents, compareRunsInvokes } from './contract/compare-runs'
import { filesInvokes, filesUploads } from './contract/files'
import { imagesEvents, imagesInvokes } from './contract/images'
import { libraryInvokes } from './contract/library'
import { lineageInvokes } from './contract/lineage'
import { profileEvents, profileInvokes } from './contract/profiles'
import { promptsEvents, promptsInvokes } from './contract/prompts'
import { queueEvents, queueInvokes } from './contract/queue'
import { videoEvents, videoInvokes } from './contract/video'
import type { EventPayload, EventTable, InvokeTable, RawStudioApi, StudioClient, UploadTable } from './contract-kit'

export const invokes = {
  ...appInvokes,
  ...profileInvokes,
  ...balanceInvokes,
  ...chatInvokes,
  ...chatCompareInvokes,
  ...filesInvokes,
  ...imagesInvokes,
  ...videoInvokes,
  ...compareRunsInvokes,
  ...lineageInvokes,
  ...promptsInvokes,
  ...queueInvokes,
  // Library channels stay last: the IPC fuzz runs channels in this order, and backups go on after their calls return.
  ...libraryInvokes
} satisfies InvokeTable

export const events = {
  ...appEvents,
  ...profileEvents,
  ...balanceEvents,
  ...chatEvents,
  ...imagesEvents,
  ...videoEvents,
  ...promptsEvents,
  ...compareRunsEvents,
  ...queueEvents
} satisfies EventTable

/** Channels that carry a file (Blob/File) from the page to the host; see UploadSpec. */
export const uploads = {
  ...filesUploads
} satisfies UploadTable

export type Invokes = typeof invokes
export type Events = typeof events
export type Uploads = typeof uploads
export type InvokeChannel = keyof Invokes
export type EventName = keyof Events
export type UploadChannel = keyof Uploads

/**
 * One host event as its sinks and listeners receive it: the name, the payload (parsed by its schema),
 * and the payload serialized once (undefined when the event has none). A rest parameter of this type
 * types `payload` by `name` once the name is tested (`if (name === 'images:job-updated') payload.jobId`).
 */
export type HostEventArgs = { [N in EventName]: [name: N, payload: EventPayload<Events, N>, json?: string] }[EventName]

/**
 * channel-names.ts lists the same names without zod (for the Electron start path); drift in either
 * direction fails to compile here.
 */
type SameUnion<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false
type MustBeTrue<T extends true> = T
export type ChannelNamesMatchContract = [
  MustBeTrue<SameUnion<InvokeChannelName, InvokeChannel>>,
  MustBeTrue<SameUnion<UploadChannelName, UploadChannel>>,
  MustBeTrue<SameUnion<EventNameFromList, EventName>>
]

export const INVOKE_CHANNELS = Object.keys(invokes) as InvokeChannel[]
export const EVENT_NAMES = Object.keys(events) as EventName[]
export const UPLOAD_CHANNELS = Object.keys(uploads) as UploadChannel[]

export function isInvokeChannel(c: unknown): c is InvokeChannel {
  return typeof c === 'string' && Object.prototype.hasOwnProperty.call(invokes, c)
}
export function isEventName(e: unknown): e is EventName {
  return typeof e === 'string' && Object.prototype.hasOwnProperty.call(events, e)
}
export function isUploadChannel(c: unknown): c is UploadChannel {
  return typeof c === 'string' && Object.prototype.hasOwnProperty.call(uploads, c)
}

/** The shape of `window.studio`. */
export type StudioBridge = RawStudioApi<Invokes, Events, Uploads>
/** The renderer's typed client (errors thrown as StudioError). */
export type Studio = StudioClient<Invokes, Events, Uploads>
