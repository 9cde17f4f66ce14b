import type {
  ActivationArguments,
  BrowserWindow,
  Notification as ElectronNotification,
  NotificationConstructorOptions,
  Shell
} from 'electron'
import type { Notify } from '../core/video/task-book'

export type NotificationClass = {
  new (options: NotificationConstructorOptions): ElectronNotification
  isSupported(): boolean
  /** Windows only in Electron 45 ("Notification.handleActivation(callback) _Windows_"); absent elsewhere. */
  handleActivation?: (callback: (details: ActivationArguments) => void) => void
}

/** The adapter: a Notify that answers what the OS did, and how many notifications it still holds (for tests). */
export type ElectronNotify = ((n: Parameters<Notify>[0], onClick: () => void) => Promise<boolean>) & { held(): number }

export interface NotifierOptions {
  /** How long the OS may take to answer show() before the notice counts as not shown (the page shows it). */
  answerWithinMs?: number
  /** The most notifications kept for clicks from the Action Center; the oldest is let go first. */
  keep?: number
  setTimer?: (fn: () => void, ms: number) => unknown
  clearTimer?: (handle: unknown) => void
}

/**
 * The OS notification adapter (video outcomes, low balance): an Electron Notification whose answer
 * is what the OS did with it. The returned promise resolves true on the notification's `show` event
 * ("Emitted when the notification is shown to the user") and false on `failed`, on a throw, or when
 * the OS says nothing in time, so the announcer lets the page show its own toast instead of assuming
 * the OS did (Windows drops a toast whose app id has no shortcut without a word to the caller).
 *
 * Clicks: the instance's `click` focuses the window and asks the page to open the card. Notifications
 * stay referenced until the user (or the app) closes them: Windows also fires `close` with reason
 * `timedOut` when a toast leaves the screen for the Action Center, where it can still be clicked, so
 * dropping it then would leave a click with no listener. Where Electron has Notification.handleActivation
 * (Windows), every activation, including one for a toast whose object is gone or from a cold start,
 * focuses the studio: a body click carries no id in its activation arguments, so the card itself opens
 * only through the instance's own click.
 */
export function createNotifier(
  Notification: NotificationClass,
  window: () => BrowserWindow | undefined,
  focus: (w: BrowserWindow) => void,
  opts: NotifierOptions = {}
): ElectronNotify | undefined {
  if (!Notification.isSupported()) return undefined
  const answerWithinMs = opts.answerWithinMs ?? 8000
  const keep = opts.keep ?? 50
  const setTimer = opts.setTimer ?? ((fn, ms) => setTimeout(fn, ms))
  const clearTimer = opts.clearTimer ?? ((h) => clearTimeout(h as NodeJS.Timeout))
  const live = new Set<ElectronNotification>()
  const bringForward = () => {
    const w = window()
    if (w && !w.isDestroyed()) focus(w)
  }
  if (typeof Notification.handleActivation === 'function') Notification.handleActivation(() => bringForward())

  const hold = (n: ElectronNotification) => {
    live.add(n)
    while (live.size > keep) live.delete(live.values().next().value!)
  }

  const notify = (
    { title, body, tag }: { title: string; body: string; tag: string },
    onClick: () => void
  ): Promise<boolean> =>
    new Promise<boolean>((resolve) => {
      let answered = false
      const bound: { timer?: unknown } = {}
      const answer = (shown: boolean) => {
        if (answered) return
        answered = true
        if (bound.timer !== undefined) clearTimer(bound.timer)
        resolve(shown)
      }
      let n: ElectronNotification
      try {
        // id: the notice's own id (the video task's), Windows' toast Tag and macOS' request identifier.
        n = new Notification({ title, body, id: tag })
      } catch {
        answer(false)
        return
      }
      hold(n)
      n.on('click', () => {
        bringForward()
        onClick()
      })
      n.on('show', () => answer(true))
      n.on('failed', () => {
        live.delete(n)
        answer(false)
      })
      n.on('close', (details) => {
        // `reason` is Windows-only; a timeout sends the toast to the Action Center, still clickable.
        if (details?.reason !== 'timedOut') live.delete(n)
      })
      bound.timer = setTimer(() => answer(false), answerWithinMs)
      try {
        n.show()
      } catch {
        live.delete(n)
        answer(false)
      }
    })
  return Object.assign(notify, { held: () => live.size })
}

/** video:open-file in the Electron shell: the system's default player; false when it refused. */
export function createOpenFile(shell: Pick<Shell, 'openPath'>): (path: string) => Promise<boolean> {
  return async (path) => (await shell.openPath(path)) === ''
}
