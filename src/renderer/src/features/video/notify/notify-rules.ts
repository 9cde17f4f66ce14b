/** When a task update deserves a notification, and what it says; pure and tested. */
import type { VideoState, VideoTask } from '@shared/domain/video'

const NOTIFY: readonly VideoState[] = ['succeeded', 'failed']

/**
 * Seen states per task: an update notifies once, when the task reaches succeeded or failed from
 * another state (a repeated update, e.g. after its download, does not notify again).
 */
export class NotifyTracker {
  private readonly seen = new Map<string, VideoState>()

  /** Tasks already on the board when it loaded: their current state is not news. */
  seed(tasks: Iterable<Pick<VideoTask, 'id' | 'state'>>): void {
    for (const t of tasks) if (!this.seen.has(t.id)) this.seen.set(t.id, t.state)
  }

  /** Records the update; true when it should be announced. */
  observe(task: Pick<VideoTask, 'id' | 'state'>): boolean {
    const before = this.seen.get(task.id)
    this.seen.set(task.id, task.state)
    return NOTIFY.includes(task.state) && before !== task.state
  }
}

export interface NoticeText {
  kind: 'succeeded' | 'failed'
  prompt: string
  message?: string
  code?: string
}

export function noticeOf(task: VideoTask, untitled: string): NoticeText {
  const prompt = task.prompt.trim().slice(0, 80) || untitled
  if (task.state === 'succeeded') return { kind: 'succeeded', prompt }
  return { kind: 'failed', prompt, message: task.error?.message ?? task.rawStatus ?? '', ...(task.error?.code ? { code: task.error.code } : {}) }
}
