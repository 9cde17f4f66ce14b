import type { z } from 'zod'
import type { invokes } from '@shared/contract'
import type { VideoTask } from '@shared/domain/video'
import type { SandboxHandle } from '../../../../sandbox/index'
import { ended, type VideoHarness } from '../../video/testing/harness'

type VideoDraft = z.input<(typeof invokes)['video:create']['input']>

/**
 * F17 on one family: a task whose polls miss (task_not_exist) `survivable` times in a row, then
 * find it, followed to its end (`found`); then one whose polls never find it (`lost`).
 */
export async function missedPolls(
  h: VideoHarness,
  sb: SandboxHandle,
  pollRoute: string,
  draft: VideoDraft,
  survivable: number
): Promise<{ found: VideoTask; lost: VideoTask }> {
  sb.setFaults(sb.key, [`task-not-exist@${pollRoute}*${survivable}`])
  const found = await h.until((await h.call('video:create', draft)).id, ended)
  sb.setFaults(sb.key, [`task-not-exist@${pollRoute}`])
  const lost = await h.until((await h.call('video:create', draft)).id, ended)
  return { found, lost }
}
