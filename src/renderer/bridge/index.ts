/**
 * The browser host's stand-in for the Electron preload: served as /bridge.js and injected into
 * index.html before the app's module script, so `window.studio` exists before the app runs.
 * Plain browser code. It runs before the app, so it imports no zod: channel names from the
 * zod-free lists, frames read by bridge-wire.ts, and the upload specs (zod meta schemas) from the
 * contract only when the first upload happens (T1).
 */
import { BRIDGE_PATH, CHALLENGE_PARAM } from '@shared/bridge-wire'
import { EVENT_NAMES_LIST, INVOKE_CHANNEL_NAMES, UPLOAD_CHANNEL_NAMES } from '@shared/channel-names'
import { buildRawApi } from '@shared/contract-kit'
import { STARTUP_READS, STARTUP_READS_GLOBAL } from '@shared/startup-reads'
import { createHttpUpload } from './http-upload'
import { afterStartup, createHostHandshake, takeLaunchToken } from './launch-session'
import { createSocketTransport } from './socket-transport'

// Start-up milestones for the benchmark (T1) and whoever profiles a slow start: performance marks.
performance.mark('studio:bridge')
const url = location.origin.replace(/^http/, 'ws') + BRIDGE_PATH
// The token leaves the address bar now, before the app (or a screenshot, or history) sees it.
const storage = typeof sessionStorage === 'undefined' ? null : sessionStorage
const token = takeLaunchToken({
  location,
  history,
  storage,
  fetch: (input, init) => fetch(input, init),
  deferWrite:
    storage &&
    afterStartup({
      requestIdleCallback:
        typeof requestIdleCallback === 'function' ? (cb, opts) => requestIdleCallback(cb, opts) : undefined,
      setTimeout: (cb, ms) => setTimeout(cb, ms),
      addEventListener: (type, cb) => window.addEventListener(type, cb),
      removeEventListener: (type, cb) => window.removeEventListener(type, cb)
    })
})
// The host proves it knows the token before the page sends anything; then the token is the first frame.
const socket = createSocketTransport({
  connect: (challenge) => new WebSocket(`${url}?${CHALLENGE_PARAM}=${challenge ?? ''}`),
  handshake: createHostHandshake(token)
})
// Files go as same-origin POST bodies (streamed by the browser), never through the socket, and
// only once the socket's host has proved itself (the token goes with them).
const transport = {
  invoke: socket.invoke,
  subscribe: socket.subscribe,
  upload: createHttpUpload({ token: () => token, proven: () => socket.whenProven() })
}

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
const startupReads = Object.freeze(
  Object.fromEntries(STARTUP_READS.map((channel) => [channel, socket.invoke(channel, undefined)]))
)
Object.defineProperty(window, STARTUP_READS_GLOBAL, {
  value: startupReads,
  writable: false,
  configurable: false,
  enumerable: false
})

void Promise.allSettled(Object.values(startupReads)).then(() => performance.mark('studio:reads-in'))
