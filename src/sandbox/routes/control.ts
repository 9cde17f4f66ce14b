import type { IncomingMessage, ServerResponse } from 'node:http'
import type { SandboxContext } from '../context.js'
import { FAULT_MODES, FaultSpecError } from '../faults.js'
import { MAX_CONTROL_BODY, readBody } from '../server.js'

function send(res: ServerResponse, status: number, value: unknown): void {
  const body = JSON.stringify(value)
  res.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': String(Buffer.byteLength(body))
  })
  res.end(body)
}

async function bodyJson(req: IncomingMessage): Promise<Record<string, unknown>> {
  const body = await readBody(req, MAX_CONTROL_BODY)
  if (body === null) throw new SyntaxError(`The control request body is over ${MAX_CONTROL_BODY} bytes`)
  const text = body.toString('utf8')
  return text ? (JSON.parse(text) as Record<string, unknown>) : {}
}

/**
 * Loopback-only control routes for tests that run the sandbox out of process. They are never logged,
 * so reading the log does not change it.
 */
export async function handleControl(
  ctx: SandboxContext,
  method: string,
  path: string,
  req: IncomingMessage,
  res: ServerResponse
): Promise<void> {
  try {
    if (method === 'GET' && path === '/__sandbox/log') return send(res, 200, { entries: ctx.log.list() })
    if ((method === 'DELETE' && path === '/__sandbox/log') || (method === 'POST' && path === '/__sandbox/log/clear')) {
      ctx.log.clear()
      return send(res, 200, { ok: true })
    }
    if (method === 'GET' && path === '/__sandbox/faults') return send(res, 200, { modes: FAULT_MODES })
    if (method === 'POST' && path === '/__sandbox/faults') {
      const b = await bodyJson(req)
      if (typeof b.key !== 'string' || !ctx.accounts.get(b.key)) return send(res, 404, { error: 'unknown key' })
      ctx.setKeyFaults(b.key, Array.isArray(b.faults) ? b.faults.map(String) : [])
      return send(res, 200, { ok: true })
    }
    if (method === 'POST' && path === '/__sandbox/advance') {
      const b = await bodyJson(req)
      ctx.clock.advance(Number(b.seconds ?? 0) * 1000)
      return send(res, 200, { ok: true })
    }
    if (method === 'GET' && path === '/__sandbox/health') return send(res, 200, { ok: true, speed: ctx.clock.speed })
    return send(res, 404, { error: 'unknown sandbox control route' })
  } catch (err) {
    if (err instanceof FaultSpecError || err instanceof SyntaxError) return send(res, 400, { error: err.message })
    throw err
  }
}
