import { expect } from 'vitest'
import type { VideoTask } from '@shared/domain/video'
import type { SandboxHandle } from '../../../../sandbox/index'
import { ended, type VideoHarness } from './harness'

/**
 * The F18 promise from a task paused on refused polls (`paused`): no poll of `pollRoute` goes out
 * while it is paused, the same key leaves it paused, another key resumes polling at once (refused
 * too, as the sandbox knows no such key, so it pauses again), and the first key back lets it end.
 * `onOtherKey` sees the task the moment the other key was taken.
 */
export async function resumesOnlyOnNewKey(
  h: VideoHarness,
  sb: SandboxHandle,
  pollRoute: string,
  paused: VideoTask,
  onOtherKey: (t: VideoTask) => void = () => {}
): Promise<VideoTask> {
  const polls = () => sb.log().filter((e) => e.route === pollRoute).length
  const whilePaused = polls()
  await new Promise((r) => setTimeout(r, 200))
  expect(polls()).toBe(whilePaused)
  await h.video.onProfilesChanged()
  expect(h.video.get(paused.id).state).toBe('paused')
  sb.setFaults(sb.key, [])
  const first = h.gateway.key
  h.gateway.key = 'sk-someone-else-entirely'
  await h.video.onProfilesChanged()
  onOtherKey(h.video.get(paused.id))
  await h.until(paused.id, (x) => x.state === 'paused' && x.polls > paused.polls)
  h.gateway.key = first
  await h.video.onProfilesChanged()
  return h.until(paused.id, ended)
}
