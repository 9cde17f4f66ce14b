import type { IpcMainInvokeEvent } from 'electron'
import { describe, expect, it, vi } from 'vitest'
import { INVOKE_CHANNELS } from '@shared/contract'
import type { Dispatch } from '../core/ipc/dispatcher'
import { EventHub } from '../core/ipc/event-hub'
import { SecretGuard } from '../core/ipc/secret-guard'
import { addWindowEventSink, registerIpcHandlers, senderRefusal } from './ipc'
import { FakeWebContents, fakeIpcSetup } from './testing/fakes'
import { WindowRegistry } from './window-registry'

function setup() {
  const base = fakeIpcSetup()
  const dispatch = vi.fn<Dispatch>(async () => ({ ok: true, value: 'dispatched' }))
  const dispose = registerIpcHandlers(base.asIpcMain, dispatch, { windows: base.windows }, base.log)
  return { ...base, dispatch, dispose }
}

/** An invoke event as Electron builds it: the sender and the frame that sent it. */
const eventFrom = (sender: FakeWebContents, senderFrame: unknown = sender.mainFrame) => ({ sender, senderFrame })

const CHANNEL = 'app:get-info'

describe('IPC registration', () => {
  it('registers exactly the contract channels and removes them on dispose', () => {
    const { handlers, ipcMain, dispose } = setup()
    expect([...handlers.keys()].sort()).toEqual([...INVOKE_CHANNELS].sort())
    dispose()
    expect(ipcMain.removeHandler).toHaveBeenCalledTimes(INVOKE_CHANNELS.length)
    expect(handlers.size).toBe(0)
  })

  it('dispatches a call from our window to the core, tagged as the Electron shell', async () => {
    const { call, ours, dispatch } = setup()
    expect(await call('profiles:select', eventFrom(ours), { id: 'sandbox' })).toEqual({ ok: true, value: 'dispatched' })
    expect(dispatch).toHaveBeenCalledWith('profiles:select', { id: 'sandbox' }, { shell: 'electron' })
  })
})

describe('the sender check', () => {
  const NO_FRAME = 'no sender frame'
  const NOT_MAIN = 'sender is not the main frame'
  const FOREIGN = 'sender origin is not the studio'
  const STRANGER = 'sender is not a studio window'
  const BROKEN = 'sender could not be inspected'
  const refusals: Array<[string, string, (s: ReturnType<typeof setup>) => unknown]> = [
    ['a null senderFrame (navigated away or destroyed)', NO_FRAME, ({ ours }) => eventFrom(ours, null)],
    ['an iframe of our window', NOT_MAIN, ({ ours }) => eventFrom(ours, { url: 'app://bundle/index.html' })],
    [
      'a foreign origin in our window',
      FOREIGN,
      ({ ours }) => {
        ours.mainFrame.url = 'https://evil.example/'
        return eventFrom(ours)
      }
    ],
    [
      'a lookalike origin',
      FOREIGN,
      ({ ours }) => {
        ours.mainFrame.url = 'app://bundle.evil/index.html'
        return eventFrom(ours)
      }
    ],
    [
      'about:blank',
      FOREIGN,
      ({ ours }) => {
        ours.mainFrame.url = 'about:blank'
        return eventFrom(ours)
      }
    ],
    [
      'an empty URL',
      FOREIGN,
      ({ ours }) => {
        ours.mainFrame.url = ''
        return eventFrom(ours)
      }
    ],
    [
      'a webContents that is not one of our windows',
      STRANGER,
      () => eventFrom(new FakeWebContents('app://bundle/index.html'))
    ],
    [
      'a stranger reusing our window id',
      STRANGER,
      ({ ours }) => {
        const impostor = new FakeWebContents('app://bundle/index.html')
        Object.defineProperty(impostor, 'id', { value: ours.id })
        return eventFrom(impostor)
      }
    ],
    [
      'our window after it was destroyed',
      STRANGER,
      ({ ours }) => {
        ours.destroy()
        return eventFrom(ours)
      }
    ],
    ['an event with no sender', BROKEN, () => ({ senderFrame: { url: 'app://bundle/' } })],
    [
      'an event whose senderFrame getter throws',
      BROKEN,
      ({ ours }) => ({
        sender: ours,
        get senderFrame() {
          throw new Error('Render frame was disposed before WebFrameMain could be accessed')
        }
      })
    ]
  ]

  it.each(refusals)('refuses %s (%s), and the core never sees the call', async (_what, reason, makeEvent) => {
    const s = setup()
    const r = await s.call(CHANNEL, makeEvent(s))
    expect(r).toEqual({
      ok: false,
      error: { code: 'FORBIDDEN_SENDER', message: `This request was refused: ${reason}`, retryable: false }
    })
    expect(s.dispatch).not.toHaveBeenCalled()
    expect(s.log).toHaveBeenCalledWith(expect.stringContaining(`refused ${CHANNEL}`))
  })

  it('refuses on every channel, not just one', async () => {
    const s = setup()
    for (const channel of INVOKE_CHANNELS) {
      const r = await s.call(channel, eventFrom(s.ours, null), {})
      expect(r.ok).toBe(false)
    }
    expect(s.dispatch).not.toHaveBeenCalled()
  })

  it('accepts the dev server origin only when it is trusted', () => {
    const windows = new WindowRegistry()
    const dev = new FakeWebContents('http://localhost:5173/')
    windows.add(dev.asElectron)
    const event = eventFrom(dev) as unknown as IpcMainInvokeEvent
    expect(senderRefusal(event, { windows })).toBe('sender origin is not the studio')
    expect(senderRefusal(event, { windows, trusted: ['app://bundle', 'http://localhost:5173'] })).toBeNull()
  })
})

describe('the window event sink', () => {
  it('sends checked events to our live windows on a trusted page, and stops on dispose', () => {
    const windows = new WindowRegistry()
    const a = new FakeWebContents()
    const b = new FakeWebContents()
    const gone = new FakeWebContents()
    const strayed = new FakeWebContents('https://evil.example/')
    const stranger = new FakeWebContents()
    for (const wc of [a, b, gone, strayed]) windows.add(wc.asElectron)
    gone.destroy()
    const hub = new EventHub(new SecretGuard())
    const dispose = addWindowEventSink(hub, { windows })
    const settings = { theme: 'dark', language: 'en' } as const
    hub.emit('settings:changed', settings)
    expect(a.sent).toEqual([['settings:changed', settings]])
    expect(b.sent).toEqual([['settings:changed', settings]])
    expect(gone.sent).toEqual([])
    expect(strayed.sent).toEqual([])
    expect(stranger.sent).toEqual([])
    dispose()
    hub.emit('settings:changed', settings)
    expect(a.sent).toHaveLength(1)
  })

  it('keeps delivering to other windows when one send throws', () => {
    const windows = new WindowRegistry()
    const broken = new FakeWebContents()
    broken.send = () => {
      throw new Error('Object has been destroyed')
    }
    const fine = new FakeWebContents()
    windows.add(broken.asElectron)
    windows.add(fine.asElectron)
    const hub = new EventHub(new SecretGuard())
    addWindowEventSink(hub, { windows })
    hub.emit('settings:changed', { theme: 'light', language: 'en' })
    expect(fine.sent).toHaveLength(1)
  })
})
