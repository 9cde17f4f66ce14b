/**
 * The browser host's stand-in for the Electron preload: served as /bridge.js and injected into
 * index.html before the app's module script, so `window.studio` exists before the app runs.
 * Plain browser code. It runs before the app, so it imports no zod: channel names from the
 * zod-free lists, frames read by bridge-wire.ts, and the upload specs (zod meta schemas) from the
 * contract only when the first upload happens (T1).
 */
import { BRIDGE_PATH } from '@shared/bridge-wire'
import { EVENT_NAMES_LIST, INVOKE_CHANNEL_NAMES, UPLOAD_CHANNEL_NAMES } from '@shared/channel-names'
import { buildRawApi } from '@shared/contract-kit'
import { STARTUP_READS, STARTUP_READS_GLOBAL } from '@shared/startup-reads'
import { createHttpUpload } from './http-upload'
import { createSocketTransport } from './socket-transport'

// Start-up milestones for the benchmark (T1) and whoever profiles a slow start: performance marks.
performance.mark('studio:bridge')
const url = location.origin.replace(/^http/, 'ws') + BRIDGE_PATH
// The socket authenticates with the HttpOnly cookie the host set when the token URL was loaded.
const socket = createSocketTransport({ connect: () => new WebSocket(url) })
// Files go as same-origin POST bodies (streamed by the browser), never through the socket.
const transport = { invoke: socket.invoke, subscribe: socket.subscribe, upload: createHttpUpload() }

Object.defineProperty(window, 'studio', {
  value: buildRawApi(INVOKE_CHANNEL_NAMES, EVENT_NAMES_LIST, transport, {
    channels: UPLOAD_CHANNEL_NAMES,
    load: async () => (await import('@shared/contract')).uploads
  }),
  writable: false,
  configurable: false,
  enumerable: true
})

// The start-up reads go out now (queued until the socket opens), not after the app's first render.
const startupReads = Object.freeze(Object.fromEntries(STARTUP_READS.map((channel) => [channel, socket.invoke(channel, undefined)])))
Object.defineProperty(window, STARTUP_READS_GLOBAL, {
  value: startupReads,
  writable: false,
  configurable: false,
  enumerable: false
})

void Promise.allSettled(Object.values(startupReads)).then(() => performance.mark('studio:reads-in'))

// The launch token has done its job (the cookie carries it now): keep it out of the address bar,
// bookmarks and screenshots.
const here = new URL(location.href)
if (here.searchParams.has('token')) {
  here.searchParams.delete('token')
  history.replaceState(history.state, '', here.pathname + here.search + here.hash)
}
