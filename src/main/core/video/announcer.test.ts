import { describe, expect, it, vi } from 'vitest'
import type { VideoNotice } from '@shared/contract/video'
import type { VideoTask } from '@shared/domain/video'
import { VideoAnnouncer } from './announcer'

const task = (o: Partial<VideoTask>) =>
  ({
    id: 'v-1',
    model: 'vidq1',
    state: 'running',
    prompt: 'a storm at sea',
    rawStatus: null,
    download: { state: 'none', attempts: 0 },
    ...o
  }) as VideoTask

function rig(notify?: (n: { title: string }) => void) {
  const notices: VideoNotice[] = []
  const shown: string[] = []
  const a = new VideoAnnouncer({
    emit: ((name: string, payload: unknown) =>
      void (name === 'video:notice' && notices.push(payload as VideoNotice))) as never,
    notify: notify ? (n) => (notify(n), shown.push(n.title)) : undefined,
    log: () => {}
  })
  return { a, notices, shown }
}

describe('the host decides video notifications once', () => {
  it('announces each outcome once with what the page words it from; a later update of the same outcome is not news', () => {
    const { a, notices } = rig()
    a.announce(task({ state: 'succeeded', download: { state: 'waiting-retry', attempts: 1 } }))
    a.announce(task({ state: 'succeeded', download: { state: 'done', attempts: 2 } }))
    a.announce(task({ id: 'v-2', state: 'failed', error: { message: 'moderation', code: 'policy_violation' } }))
    a.announce(task({ id: 'v-3', state: 'cancelled' }))
    a.announce(task({ id: 'v-4', state: 'lost' }))
    a.announce(task({ id: 'v-5', state: 'outcome-unknown' }))
    expect(notices.map((n) => [n.id, n.state])).toEqual([
      ['v-1', 'succeeded'],
      ['v-2', 'failed'],
      ['v-4', 'lost'],
      ['v-5', 'outcome-unknown']
    ])
    expect(notices[0]).toMatchObject({ prompt: 'a storm at sea', downloadPending: true, shownBySystem: false })
    expect(notices[1]).toMatchObject({ message: 'moderation', code: 'policy_violation' })
  })

  it('tasks that had ended before the start are not announced again', () => {
    const { a, notices } = rig()
    a.seed([task({ id: 'old', state: 'lost' })])
    a.announce(task({ id: 'old', state: 'lost' }))
    expect(notices).toEqual([])
  })

  it('says when the OS showed it, so the page does not show it again; a failing OS notification leaves it to the page', () => {
    const ok = rig(() => {})
    ok.a.announce(task({ state: 'failed' }))
    expect(ok.shown).toEqual(['Video failed'])
    expect(ok.notices[0].shownBySystem).toBe(true)
    const broken = rig(() => {
      throw new Error('no notification daemon')
    })
    broken.a.announce(task({ state: 'failed' }))
    expect(broken.notices[0].shownBySystem).toBe(false)
  })

  it('waits for an adapter that answers later: the OS showing it, or not, decides the page toast', async () => {
    // Each answer is made when its turn comes: a rejection made ahead would be unhandled meanwhile.
    const answers: Array<[() => Promise<boolean>, boolean]> = [
      [() => Promise.resolve(true), true],
      [() => Promise.resolve(false), false],
      [() => Promise.reject(new Error('gone')), false]
    ]
    for (const [answerOf, shown] of answers) {
      const answer = answerOf()
      const notices: VideoNotice[] = []
      const a = new VideoAnnouncer({
        emit: ((name: string, payload: unknown) =>
          void (name === 'video:notice' && notices.push(payload as VideoNotice))) as never,
        notify: () => answer as unknown as void,
        log: () => {}
      })
      a.announce(task({ state: 'failed' }))
      await vi.waitFor(() => expect(notices).toHaveLength(1))
      expect(notices[0].shownBySystem).toBe(shown)
    }
  })
})
