import type { IpcMain, IpcMainInvokeEvent } from 'electron'
import { vi } from 'vitest'
import type { Result } from '@shared/errors'
import { WindowRegistry } from '../window-registry'
import { fakeEvent } from './event'
import { FakeSession } from './session'
import { type FakeFrame, FakeWebContents } from './web-contents'

/**
 * The ipcMain setup every IPC registration test starts from. The Electron API fakes live one per file
 * (session.ts, web-contents.ts, event.ts, app.ts, dialog.ts, notification.ts, protocol.ts,
 * safe-storage.ts); they are re-exported here for the tests that import them from fakes.
 */
export { fakeEvent, FakeSession, FakeWebContents, type FakeFrame }

type InvokeHandler = (event: IpcMainInvokeEvent, input: unknown) => Promise<Result<unknown>>

/**
 * An ipcMain that keeps its handlers in a map, and a window registry holding one studio window on
 * app://bundle: what every IPC registration test starts from.
 */
export function fakeIpcSetup() {
  const handlers = new Map<string, InvokeHandler>()
  const ipcMain = {
    handle: vi.fn((channel: string, fn: InvokeHandler) => handlers.set(channel, fn)),
    removeHandler: vi.fn((channel: string) => handlers.delete(channel))
  }
  const windows = new WindowRegistry()
  const ours = new FakeWebContents('app://bundle/index.html')
  windows.add(ours.asElectron)
  const call = (channel: string, event: unknown, input?: unknown) =>
    handlers.get(channel)!(event as IpcMainInvokeEvent, input)
  return { handlers, ipcMain, asIpcMain: ipcMain as unknown as IpcMain, windows, ours, log: vi.fn(), call }
}
