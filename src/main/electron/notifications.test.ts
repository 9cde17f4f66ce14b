import { EventEmitter } from 'node:events'
import { describe, expect, it, vi } from 'vitest'
import { createNotifier, createOpenFile } from './notifications'

class FakeNotification extends EventEmitter {
  static supported = true
  static shown: FakeNotification[] = []
  static isSupported = () => FakeNotification.supported
  show = vi.fn(() => FakeNotification.shown.push(this))
  constructor(readonly options: { title: string; body: string }) {
    super()
  }
}

describe('OS notifications for video tasks', () => {
  it('shows the notification; a click focuses the window and asks the page to open the card', () => {
    const win = { isDestroyed: () => false }
    const focus = vi.fn()
    const notify = createNotifier(FakeNotification as never, () => win as never, focus)!
    const opened = vi.fn()
    notify({ title: 'Video ready', body: 'vidq1: a fox', tag: 'v1' }, opened)
    const n = FakeNotification.shown.at(-1)!
    expect(n.options).toEqual({ title: 'Video ready', body: 'vidq1: a fox' })
    n.emit('click')
    expect(focus).toHaveBeenCalledWith(win)
    expect(opened).toHaveBeenCalledTimes(1)
  })

  it('no adapter where the OS has no notifications (the page shows them instead)', () => {
    FakeNotification.supported = false
    expect(createNotifier(FakeNotification as never, () => undefined, vi.fn())).toBeUndefined()
    FakeNotification.supported = true
  })

  it('open-file: true only when the system player accepted the file', async () => {
    expect(await createOpenFile({ openPath: async () => '' })('/x.mp4')).toBe(true)
    expect(await createOpenFile({ openPath: async () => 'no app' })('/x.mp4')).toBe(false)
  })
})
