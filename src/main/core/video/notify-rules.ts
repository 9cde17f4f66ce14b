/** When a task's outcome is news for the user, and what the notice says; pure and tested. */
import type { VideoState, VideoTask } from '@shared/domain/video'

/**
 * The outcomes the host announces: a result, a failure, and the two where the user must act (the
 * gateway lost the task; a submission may have been charged). A cancel is the key holder's own doing.
 */
export const NOTIFY: readonly VideoState[] = ['succeeded', 'failed', 'lost', 'outcome-unknown']

/**
 * Seen states per task: a task is announced once, when it reaches one of NOTIFY from another state
 * (a repeated update, e.g. after its download, does not notify again).
 */
export class NotifyTracker {
  private readonly seen = new Map<string, VideoState>()

  /** Tasks that had already ended when the host started: their current state is not news. */
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
  kind: VideoState
  /** The prompt, cut to 80 characters; `untitled` when there is none. */
  prompt: string
  message?: string
  code?: string
}

export function noticeOf(task: VideoTask, untitled: string): NoticeText {
  const prompt = task.prompt.trim().slice(0, 80) || untitled
  if (task.state === 'succeeded') return { kind: 'succeeded', prompt }
  return {
    kind: task.state,
    prompt,
    message: task.error?.message ?? task.rawStatus ?? '',
    ...(task.error?.code ? { code: task.error.code } : {})
  }
}
