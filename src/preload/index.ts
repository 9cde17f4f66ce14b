/**
 * The sandboxed preload: exposes exactly the contract as `window.studio` (SECURITY.md A20).
 * Named functions only, built from the contract's channel lists; the page never gets ipcRenderer,
 * process, or a way to name an arbitrary channel. Bundled into one CJS file: a sandboxed preload can
 * require nothing but 'electron'.
 */
import { contextBridge, ipcRenderer, webUtils, type IpcRendererEvent } from 'electron'
import { EVENT_NAMES, INVOKE_CHANNELS, uploads } from '@shared/contract'
import { buildRawApi, type BridgeTransport } from '@shared/contract-kit'
import type { Result } from '@shared/errors'

/**
 * The disk path behind a File the user dropped or chose, or '' for a blob built in JS (a paste, a
 * generated image). It goes from here to main and never back to the page (SECURITY.md D2).
 */
function pathBehind(blob: Blob): string {
  try {
    return webUtils.getPathForFile(blob as File)
  } catch {
    return '' // not a File at all: getPathForFile throws for plain Blobs
  }
}

const transport: BridgeTransport = {
  invoke: (channel, input) => ipcRenderer.invoke(channel, input) as Promise<Result<unknown>>,
  subscribe: (event, listener) => {
    // The IpcRendererEvent carries `sender` (an ipcRenderer handle); it must not reach the page.
    const handler = (_event: IpcRendererEvent, payload: unknown) => listener(payload)
    ipcRenderer.on(event, handler)
    return () => {
      ipcRenderer.removeListener(event, handler)
    }
  },
  upload: async (channel, blob, meta) => {
    // Main streams a real file from disk; only a blob with no file behind it crosses IPC as bytes
    // (buildRawApi has already refused one over the purpose's size limit).
    const path = pathBehind(blob)
    if (path) return ipcRenderer.invoke(channel, { path, meta }) as Promise<Result<unknown>>
    return ipcRenderer.invoke(channel, { bytes: new Uint8Array(await blob.arrayBuffer()), meta }) as Promise<
      Result<unknown>
    >
  }
}

contextBridge.exposeInMainWorld('studio', buildRawApi(INVOKE_CHANNELS, EVENT_NAMES, transport, uploads))
