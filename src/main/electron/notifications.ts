import type { BrowserWindow, Notification as ElectronNotification, Shell } from 'electron'
import type { Notify } from '../core/video/task-book'

type NotificationClass = {
  new (options: { title: string; body: string; silent?: boolean }): ElectronNotification
  isSupported(): boolean
}

/**
 * The core's OS notification adapter (video tasks that complete or fail): an Electron Notification;
 * clicking it brings the studio window forward and lets the core ask the page to open the card.
 * Shown notifications are kept referenced until closed, or the click handler could be collected.
 */
export function createNotifier(Notification: NotificationClass, window: () => BrowserWindow | undefined, focus: (w: BrowserWindow) => void): Notify | undefined {
  if (!Notification.isSupported()) return undefined
  const live = new Set<ElectronNotification>()
  return ({ title, body }, onClick) => {
    const n = new Notification({ title, body })
    live.add(n)
    n.on('click', () => {
      const w = window()
      if (w && !w.isDestroyed()) focus(w)
      onClick()
    })
    n.on('close', () => live.delete(n))
    n.show()
  }
}

/** video:open-file in the Electron shell: the system's default player; false when it refused. */
export function createOpenFile(shell: Pick<Shell, 'openPath'>): (path: string) => Promise<boolean> {
  return async (path) => (await shell.openPath(path)) === ''
}
