import type { BrowserWindow } from 'electron'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import type { VideoNotice } from '@shared/contract/video'
import type { VideoTask } from '@shared/domain/video'
import { VideoAnnouncer } from '../core/video/announcer'
import { createNotifier, createOpenFile, type NotificationClass, type NotifierOptions } from './notifications'
import { FakeNotification } from './testing/notification'

beforeEach(() => FakeNotification.reset())

/** A timer the test fires by hand: the "no answer from the OS" bound without waiting. */
function manualTimers() {
  const pending = new Map<number, () => void>()
  let next = 1
  const opts: NotifierOptions = {
    setTimer: (fn) => {
      pending.set(next, fn)
      return next++
    },
    clearTimer: (h) => pending.delete(h as number)
  }
  return { opts, fireAll: () => [...pending.values()].forEach((fn) => fn()), pending }
}

function rig(Notification: NotificationClass = FakeNotification as unknown as NotificationClass) {
  const win = { isDestroyed: () => false } as unknown as BrowserWindow
  const focus = vi.fn()
  const timers = manualTimers()
  const notify = createNotifier(Notification, () => win, focus, timers.opts)!
  return { win, focus, notify, timers }
}

const notice = { title: 'Video ready', body: 'vidq1: a fox', tag: 'v-1' }

describe('OS notifications (Electron Notification, as documented)', () => {
  it('passes the notice id as the notification id; a click focuses the window and asks the page to open the card', async () => {
    const { win, focus, notify } = rig()
    const opened = vi.fn()
    const shown = notify(notice, opened)
    const n = FakeNotification.made.at(-1)!
    expect(n.options).toEqual({ title: 'Video ready', body: 'vidq1: a fox', id: 'v-1' })
    expect(n.id).toBe('v-1')
    expect(await shown).toBe(true)
    n.userClicks()
    expect(focus).toHaveBeenCalledWith(win)
    expect(opened).toHaveBeenCalledTimes(1)
  })

  it("counts a notice as shown only on the notification's 'show' event, not when show() returns", async () => {
    const { notify } = rig()
    let settled: boolean | undefined
    void notify(notice, () => {}).then((v) => (settled = v))
    expect(FakeNotification.made.at(-1)!.showCalls).toBe(1)
    // show() has returned; the OS has not answered yet.
    expect(settled).toBeUndefined()
    await vi.waitFor(() => expect(settled).toBe(true))
  })

  it("answers false on 'failed' (the page shows its own toast)", async () => {
    FakeNotification.os = 'fails'
    const { notify } = rig()
    expect(await notify(notice, () => {})).toBe(false)
  })

  it('answers false when the OS says nothing before the bound, and ignores a late answer', async () => {
    FakeNotification.os = 'silent'
    const { notify, timers } = rig()
    const answer = notify(notice, () => {})
    expect(timers.pending.size).toBe(1)
    timers.fireAll()
    expect(await answer).toBe(false)
    FakeNotification.made.at(-1)!.emit('show', {})
    expect(await answer).toBe(false)
  })

  it('answers false when constructing or showing throws', async () => {
    const Throwing = Object.assign(
      class {
        constructor() {
          throw new Error('no notification daemon')
        }
      },
      { isSupported: () => true }
    )
    const { notify } = rig(Throwing as unknown as NotificationClass)
    expect(await notify(notice, () => {})).toBe(false)
  })

  it('keeps a toast that Windows timed out into the Action Center, so a later click still opens the card (the click from the Action Center needs a Windows run)', async () => {
    const { notify } = rig()
    const opened = vi.fn()
    await notify(notice, opened)
    const n = FakeNotification.made.at(-1)!
    n.osTimesOut()
    expect(notify.held()).toBe(1)
    n.userClicks()
    expect(opened).toHaveBeenCalledTimes(1)
  })

  it.each([
    ['the user dismissed it (Windows)', 'userCanceled' as const],
    ['it closed without a reason (macOS, Linux)', undefined]
  ])('lets the notification go once %s', async (_what, reason) => {
    const { notify } = rig()
    await notify(notice, () => {})
    FakeNotification.made.at(-1)!.userDismisses(reason)
    expect(notify.held()).toBe(0)
  })

  it('holds a bounded number of notifications (the oldest goes first)', async () => {
    const win = { isDestroyed: () => false } as unknown as BrowserWindow
    const notify = createNotifier(FakeNotification as unknown as NotificationClass, () => win, vi.fn(), {
      ...manualTimers().opts,
      keep: 2
    })!
    for (const tag of ['a', 'b', 'c']) await notify({ ...notice, tag }, () => {})
    expect(notify.held()).toBe(2)
  })

  it('registers Notification.handleActivation where Electron has it (Windows): any activation focuses the studio, a cold start included (Windows only: unproven without a binary)', () => {
    // "If an activation already occurred before calling this method, the callback is invoked immediately."
    FakeNotification.activate({ type: 'click', arguments: '' })
    const { win, focus } = rig()
    expect(focus).toHaveBeenCalledWith(win)
    // A toast whose object is gone (collected, or from a previous run) still reaches the callback.
    FakeNotification.activate({ type: 'click', arguments: '' })
    expect(focus).toHaveBeenCalledTimes(2)
  })

  it('works without handleActivation (macOS and Linux have no such method in Electron 45)', async () => {
    const NoActivation = class extends FakeNotification {}
    Object.defineProperty(NoActivation, 'handleActivation', { value: undefined })
    const { notify } = rig(NoActivation as unknown as NotificationClass)
    expect(await notify(notice, () => {})).toBe(true)
  })

  it('no adapter where the OS has no notifications (the page shows them instead)', () => {
    FakeNotification.supported = false
    expect(createNotifier(FakeNotification as unknown as NotificationClass, () => undefined, vi.fn())).toBeUndefined()
  })

  it('open-file: true only when the system player accepted the file', async () => {
    expect(await createOpenFile({ openPath: async () => '' })('/x.mp4')).toBe(true)
    expect(await createOpenFile({ openPath: async () => 'no app' })('/x.mp4')).toBe(false)
  })
})

describe('the video announcer over the Electron notifier', () => {
  const task = {
    id: 'v-1',
    model: 'vidq1',
    state: 'succeeded',
    prompt: 'a fox',
    rawStatus: null,
    download: { state: 'done', attempts: 1 }
  } as unknown as VideoTask

  function announcer() {
    const notices: VideoNotice[] = []
    const { notify, timers } = rig()
    const a = new VideoAnnouncer({
      emit: ((name: string, p: unknown) => void (name === 'video:notice' && notices.push(p as VideoNotice))) as never,
      notify,
      log: () => {}
    })
    return { a, notices, timers }
  }

  it('tells the page the OS showed it once the OS has', async () => {
    const { a, notices } = announcer()
    a.announce(task)
    expect(notices).toEqual([])
    await vi.waitFor(() => expect(notices).toHaveLength(1))
    expect(notices[0].shownBySystem).toBe(true)
  })

  it("hands the notice to the page's toast when the OS fails it", async () => {
    FakeNotification.os = 'fails'
    const { a, notices } = announcer()
    a.announce(task)
    await vi.waitFor(() => expect(notices).toHaveLength(1))
    expect(notices[0].shownBySystem).toBe(false)
  })

  it('hands it to the page when the OS never answers (bound reached)', async () => {
    FakeNotification.os = 'silent'
    const { a, notices, timers } = announcer()
    a.announce(task)
    timers.fireAll()
    await vi.waitFor(() => expect(notices).toHaveLength(1))
    expect(notices[0].shownBySystem).toBe(false)
  })
})
