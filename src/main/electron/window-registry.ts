import type { WebContents } from 'electron'

/**
 * The webContents of the windows the studio itself created. IPC answers only these, and events go
 * only to these; any other webContents (a devtools page, something a bug let in) is a stranger.
 */
export class WindowRegistry {
  private readonly contents = new Map<number, WebContents>()

  /** Tracks `wc` until it is destroyed. */
  add(wc: WebContents): void {
    this.contents.set(wc.id, wc)
    wc.once('destroyed', () => this.contents.delete(wc.id))
  }

  /** Same object, not just the same id: ids are numbers anyone can guess. */
  has(wc: unknown): wc is WebContents {
    if (!wc || typeof wc !== 'object') return false
    const id = (wc as { id?: unknown }).id
    return typeof id === 'number' && this.contents.get(id) === wc
  }

  /** The tracked webContents that can still receive messages. */
  live(): WebContents[] {
    return [...this.contents.values()].filter((wc) => !wc.isDestroyed())
  }
}
