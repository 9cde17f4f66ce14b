import type { SandboxContext } from './context.js'
import type { FaultSet } from './faults.js'
import { json, type Reply } from './reply.js'
import type { SandboxRequest } from './router.js'

type Body = Record<string, unknown>

function parsed(reply: Reply): Body | null {
  if (reply.status !== 200 || reply.sse || reply.media || reply.body === undefined) return null
  try {
    const v: unknown = JSON.parse(reply.body.toString())
    return v && typeof v === 'object' && !Array.isArray(v) ? (v as Body) : null
  } catch {
    return null
  }
}

const CREATE_ROUTES = new Set(['video.create', 'videos.create', 'video.remix', 'videos.remix'])

/**
 * Faults that reshape a handler's answer after it ran (so what the answer says really happened):
 * a create that already reports `failed`, a native submit whose `code` is a string or missing.
 */
export function postFaultReply(ctx: SandboxContext, faults: FaultSet, req: SandboxRequest, reply: Reply): Reply {
  const created = faults.get('create-failed')
  if (created && CREATE_ROUTES.has(req.route.name)) {
    const body = parsed(reply)
    const id = body && (typeof body.task_id === 'string' ? body.task_id : typeof body.id === 'string' ? body.id : null)
    const task = id ? ctx.tasks.find(id, req.account.key) : undefined
    if (body && task) {
      const failure = {
        message: 'Video generation was refused upstream: the prompt was flagged',
        code: 'upstream_refused'
      }
      // The task is over before it started: refunded once, and every query reports the same failure.
      Object.assign(task, { outcome: 'failed', failure, queueMs: 0, runMs: 0 })
      const acc = ctx.accounts.get(task.owner)
      if (acc && !task.refunded) {
        task.refunded = true
        ctx.accounts.refund(acc, task.cost)
      }
      return {
        ...json(200, { ...body, status: created.arg || 'failed', progress: 100, error: failure }),
        paid: reply.paid
      }
    }
  }
  const code = faults.get('native-code')
  if (code && req.entry.route === 'image.native.submit') {
    const body = parsed(reply)
    if (body) {
      const { code: _dropped, ...rest } = body
      return { ...json(200, code.arg ? { code: code.arg, ...rest } : rest), paid: reply.paid }
    }
  }
  return reply
}
