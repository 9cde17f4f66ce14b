import type { IpcMain, IpcMainInvokeEvent } from 'electron'
// Names only (no zod, no schemas): this module is on the start path before the window (T2).
import { INVOKE_CHANNEL_NAMES as INVOKE_CHANNELS } from '@shared/channel-names'
import type { Disposer } from '@shared/contract-kit'
import type { Result } from '@shared/errors'
import type { Dispatch } from '../core/ipc/dispatcher'
import type { EventHub } from '../core/ipc/event-hub'
import { APP_ORIGIN, hasTrustedOrigin } from '../security/origins'
import type { WindowRegistry } from './window-registry'

export interface SenderPolicy {
  windows: WindowRegistry
  /** Origins our pages live on. */
  trusted?: readonly string[]
}

/**
 * Why a call must be refused, or null when it comes from the main frame of one of our windows on a
 * trusted origin (SECURITY.md A17). Fails closed: anything missing, odd or throwing is a refusal.
 * Unlike VS Code's validateEvent, an undefined or about:blank sender URL is refused.
 */
export function senderRefusal(event: IpcMainInvokeEvent, policy: SenderPolicy): string | null {
  try {
    const frame = event.senderFrame
    // Null after the frame navigated away or was destroyed while the call was in flight.
    if (!frame) return 'no sender frame'
    if (frame !== event.sender.mainFrame) return 'sender is not the main frame'
    if (!hasTrustedOrigin(frame.url, policy.trusted ?? [APP_ORIGIN])) return 'sender origin is not the studio'
    if (!policy.windows.has(event.sender)) return 'sender is not a studio window'
    return null
  } catch {
    return 'sender could not be inspected'
  }
}

function forbidden(reason: string): Result<never> {
  return {
    ok: false,
    error: { code: 'FORBIDDEN_SENDER', message: `This request was refused: ${reason}`, retryable: false }
  }
}

/**
 * Registers every contract channel on ipcMain (the only place ipcMain.handle is called). The sender
 * check runs before anything else, so a refused call never reaches the core.
 */
export function registerIpcHandlers(
  ipcMain: Pick<IpcMain, 'handle' | 'removeHandler'>,
  dispatch: Dispatch,
  policy: SenderPolicy,
  log: (line: string) => void = () => {}
): Disposer {
  for (const channel of INVOKE_CHANNELS) {
    ipcMain.handle(channel, async (event, input: unknown) => {
      const reason = senderRefusal(event, policy)
      if (reason !== null) {
        log(`refused ${channel}: ${reason}`)
        return forbidden(reason)
      }
      return dispatch(channel, input, { shell: 'electron' })
    })
  }
  return () => {
    for (const channel of INVOKE_CHANNELS) ipcMain.removeHandler(channel)
  }
}

/**
 * Delivers host events (already schema-checked and key-checked by the hub) to our live windows,
 * and only while they still show a trusted page.
 */
export function addWindowEventSink(events: EventHub, policy: SenderPolicy): Disposer {
  const trusted = policy.trusted ?? [APP_ORIGIN]
  return events.addSink((...[name, payload]) => {
    for (const wc of policy.windows.live()) {
      try {
        if (hasTrustedOrigin(wc.getURL(), trusted)) wc.send(name, payload)
      } catch {
        // A window closing mid-send must not keep the event from the other windows.
      }
    }
  })
}
