import type { VideoNotice } from '@shared/contract/video'
import type { VideoTask } from '@shared/domain/video'
import type { EventHub } from '../ipc/event-hub'
import { noticeOf, NotifyTracker } from './notify-rules'

/**
 * The one place that decides a video notification: the host, once per outcome (notify-rules.ts).
 * The OS shows it when the shell can (Electron); `video:notice` always tells the page what was
 * announced and whether the OS showed it, so the page only shows what arrives here and never
 * decides again from task updates.
 */

/**
 * The shell's OS notification. An adapter that learns what the OS did returns a promise of it (true:
 * shown, false: failed or no answer; the Electron adapter answers on the notification's `show` and
 * `failed` events). One that returns nothing and does not throw counts as shown (test doubles).
 */
export interface Notify {
  (n: { title: string; body: string; tag: string }, onClick: () => void): void
}

export interface AnnouncerDeps {
  emit: EventHub['emit']
  notify?: Notify
  log: (line: string) => void
}

export class VideoAnnouncer {
  private readonly tracker = new NotifyTracker()

  constructor(private readonly d: AnnouncerDeps) {}

  /** Tasks that had ended before this start: already told. */
  seed(tasks: Iterable<VideoTask>): void {
    this.tracker.seed(tasks)
  }

  announce(t: VideoTask): void {
    if (!this.tracker.observe(t)) return
    const text = noticeOf(t, '')
    const { title, body } = englishText(t)
    const tell = (shownBySystem: boolean) => {
      const notice: VideoNotice = {
        id: t.id,
        state: t.state,
        title,
        body,
        shownBySystem,
        prompt: text.prompt,
        ...(text.message ? { message: text.message } : {}),
        ...(text.code ? { code: text.code } : {}),
        ...(t.state === 'succeeded' && t.download.state !== 'done' ? { downloadPending: true } : {})
      }
      this.d.emit('video:notice', notice)
    }
    if (!this.d.notify) return tell(false)
    let answer: unknown
    try {
      answer = this.d.notify({ title, body, tag: t.id }, () => this.d.emit('video:open-requested', { id: t.id }))
    } catch (e) {
      this.d.log(`video: notification failed: ${String(e)}`)
      return tell(false)
    }
    if (!isThenable(answer)) return tell(true)
    // The page hears of it once the OS has answered: a notice the OS did not show is the page's to show.
    void Promise.resolve(answer).then(
      (shown) => {
        if (shown !== true) this.d.log('video: the system did not show the notification; the page shows it')
        tell(shown === true)
      },
      (e: unknown) => {
        this.d.log(`video: notification failed: ${String(e)}`)
        tell(false)
      }
    )
  }
}

function isThenable(v: unknown): v is PromiseLike<unknown> {
  return typeof v === 'object' && v !== null && typeof (v as { then?: unknown }).then === 'function'
}

/** The OS notification's words (the page words its own from the notice's fields, in its language). */
function englishText(t: VideoTask): { title: string; body: string } {
  const what = t.prompt ? `“${t.prompt.length > 80 ? t.prompt.slice(0, 79) + '…' : t.prompt}”` : t.model
  if (t.state === 'succeeded')
    return {
      title: t.download.state === 'done' ? 'Video ready' : 'Video finished; download pending',
      body: `${t.model}: ${what}`
    }
  if (t.state === 'failed')
    return {
      title: 'Video failed',
      body: `${t.model}: ${t.error?.message ?? what}${t.error?.code ? ` (${t.error.code})` : ''}`
    }
  if (t.state === 'lost')
    return { title: 'Video task lost', body: `${t.model}: the gateway no longer knows this task.` }
  return {
    title: 'Video submission outcome unknown',
    body: `${t.model}: it may have been accepted and charged; check before submitting again.`
  }
}
