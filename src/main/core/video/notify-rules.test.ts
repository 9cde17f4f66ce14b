import { describe, expect, it } from 'vitest'
import type { VideoTask } from '@shared/domain/video'
import { noticeOf, NotifyTracker } from './notify-rules'

const videoTask = (o: Partial<VideoTask>) =>
  ({ id: 'v-1', state: 'running', prompt: '', rawStatus: null, ...o }) as VideoTask

describe('notifications', () => {
  it('announce a task once when it reaches succeeded or failed, never for what the board already showed', () => {
    const tracker = new NotifyTracker()
    tracker.seed([{ id: 'old', state: 'succeeded' }])
    expect(tracker.observe({ id: 'old', state: 'succeeded' })).toBe(false)
    expect(tracker.observe({ id: 'a', state: 'running' })).toBe(false)
    expect(tracker.observe({ id: 'a', state: 'succeeded' })).toBe(true)
    expect(tracker.observe({ id: 'a', state: 'succeeded' })).toBe(false)
    expect(tracker.observe({ id: 'b', state: 'failed' })).toBe(true)
    expect(tracker.observe({ id: 'c', state: 'cancelled' })).toBe(false)
  })

  it('says what failed with its code', () => {
    const n = noticeOf(
      videoTask({ state: 'failed', prompt: 'storm', error: { message: 'moderation', code: 'policy_violation' } }),
      'Untitled'
    )
    expect(n).toEqual({ kind: 'failed', prompt: 'storm', message: 'moderation', code: 'policy_violation' })
  })
})
