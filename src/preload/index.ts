/**
 * The sandboxed preload: exposes exactly the contract as `window.studio` (security-anchors A20).
 * Named functions only, built from the contract's channel lists; the page never gets ipcRenderer,
 * process, or a way to name an arbitrary channel. Bundled into one CJS file: a sandboxed preload can
 * require nothing but 'electron'.
 */
import { contextBridge, ipcRenderer, type IpcRendererEvent } from 'electron'
import { EVENT_NAMES, INVOKE_CHANNELS } from '@shared/contract'
import { buildRawApi, type BridgeTransport } from '@shared/contract-kit'
import type { Result } from '@shared/errors'

const transport: BridgeTransport = {
  invoke: (channel, input) => ipcRenderer.invoke(channel, input) as Promise<Result<unknown>>,
  subscribe: (event, listener) => {
    // The IpcRendererEvent carries `sender` (an ipcRenderer handle); it must not reach the page.
    const handler = (_event: IpcRendererEvent, payload: unknown) => listener(payload)
    ipcRenderer.on(event, handler)
    return () => {
      ipcRenderer.removeListener(event, handler)
    }
  }
}

contextBridge.exposeInMainWorld('studio', buildRawApi(INVOKE_CHANNELS, EVENT_NAMES, transport))
