import type { SandboxContext } from '../context.js'
import { parseFault, type Fault } from '../faults.js'
import { charge, requireQuota } from '../gate.js'
import type { SandboxRequest } from '../router.js'
import type { Outcome, Snapshot, Task } from './store.js'

/**
 * How a task will end, fixed at creation: by a fault on the create request, or by a marker in the
 * prompt (so end-to-end tests can drive failures through a real client without custom headers).
 */
export function failureOf(
  req: SandboxRequest,
  prompt: string,
  canCancel: boolean
): { outcome: Outcome; failure?: { message: string; code: string } } {
  if (req.faults.has('task-cancel') || prompt.includes('sandbox:cancel')) {
    return canCancel
      ? { outcome: 'cancelled', failure: { message: 'The task was cancelled', code: 'cancelled' } }
      : { outcome: 'failed', failure: { message: 'The task was cancelled upstream', code: 'cancelled' } }
  }
  if (prompt.includes('sandbox:moderation')) {
    return {
      outcome: 'failed',
      failure: { message: 'The request was blocked by content moderation', code: 'content_policy_violation' }
    }
  }
  if (req.faults.has('task-fail') || prompt.includes('sandbox:fail')) {
    return {
      outcome: 'failed',
      failure: { message: 'Video generation failed upstream, please retry', code: 'generation_failed' }
    }
  }
  return { outcome: 'succeeded' }
}

/** At most this many hops for `sandbox:redirect=N` (a client's own cap is tested against more with the fault). */
export const MAX_MARKER_HOPS = 10

/**
 * `sandbox:redirect` or `sandbox:redirect=N` in a prompt: the task's result file answers 302 N times
 * (default 1) on the CDN origin before its bytes (fault `redirect-hops`), so a real client can be
 * driven through a redirecting result address without custom headers or per-key faults.
 */
export function promptResultFaults(prompt: string): Fault[] {
  const m = /sandbox:redirect(?:=(\d+))?/.exec(prompt)
  if (!m) return []
  const hops = Math.min(MAX_MARKER_HOPS, Math.max(1, Number(m[1] ?? 1)))
  return [parseFault(`result:redirect-hops=${hops}`)]
}

/**
 * A paid create's task fields once its price is checked against the quota and charged: who pays,
 * what was asked, and the faults armed on the request that act on its result.
 */
export function paidTask<I>(
  req: SandboxRequest,
  ctx: SandboxContext,
  asked: { model: string; prompt: string; input: I; cost: number }
) {
  requireQuota(req, ctx, asked.cost)
  charge(req, ctx, asked.cost)
  return {
    ...asked,
    owner: req.account.key,
    resultFaults: [...req.resultFaults.map((f) => ({ ...f })), ...promptResultFaults(asked.prompt)],
    expiredUrls: req.faults.has('expired-url')
  }
}

/** The task's state now; a task that ended badly gives its pre-charge back once, as the gateway's poller does. */
export function settle(ctx: SandboxContext, task: Task): Snapshot {
  const snap = ctx.tasks.snapshot(task)
  if (snap.done && task.outcome !== 'succeeded' && !task.refunded) {
    task.refunded = true
    const acc = ctx.accounts.get(task.owner)
    if (acc) ctx.accounts.refund(acc, task.cost)
  }
  return snap
}
