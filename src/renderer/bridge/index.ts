/**
 * The browser host's stand-in for the Electron preload: served as /bridge.js and injected into
 * index.html before the app's module script, so `window.studio` exists before the app runs.
 * Plain browser code; imports only the shared contract and protocol.
 */
import { BRIDGE_PATH } from '@shared/bridge-protocol'
import { EVENT_NAMES, INVOKE_CHANNELS, uploads } from '@shared/contract'
import { buildRawApi } from '@shared/contract-kit'
import { createHttpUpload } from './http-upload'
import { createSocketTransport } from './socket-transport'

const url = location.origin.replace(/^http/, 'ws') + BRIDGE_PATH
// The socket authenticates with the HttpOnly cookie the host set when the token URL was loaded.
const socket = createSocketTransport({ connect: () => new WebSocket(url) })
// Files go as same-origin POST bodies (streamed by the browser), never through the socket.
const transport = { invoke: socket.invoke, subscribe: socket.subscribe, upload: createHttpUpload() }

Object.defineProperty(window, 'studio', {
  value: buildRawApi(INVOKE_CHANNELS, EVENT_NAMES, transport, uploads),
  writable: false,
  configurable: false,
  enumerable: true
})

// The launch token has done its job (the cookie carries it now): keep it out of the address bar,
// bookmarks and screenshots.
const here = new URL(location.href)
if (here.searchParams.has('token')) {
  here.searchParams.delete('token')
  history.replaceState(history.state, '', here.pathname + here.search + here.hash)
}
