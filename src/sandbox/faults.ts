/**
 * Fault specs: `[result:]mode[=arg][@routePrefix][*count]`, several separated by commas.
 * - `result:` scopes the fault to downloads of results produced by the request (file URLs, /content).
 * - `@video.create` limits it to routes whose name starts with that prefix.
 * - `*2` applies it to the next 2 matching requests only (meaningful for per-key and per-task faults).
 */

export const FAULT_MODES = {
  // Rejected before the handler runs: nothing is created or charged.
  '429': 'HTTP 429 with an empty body; `=N` adds Retry-After: N, `=date:N` an HTTP-date N s ahead',
  '429-json': 'HTTP 429 with the rate-limit JSON body (task routes: the upstream-saturated task error), no Retry-After',
  '5xx': 'upstream-style 5xx error (`=503`, default 502) in the route format',
  'stream-error': 'error status (`=N`, default 503) with a JSON body but Content-Type text/event-stream',
  redirect: '302 to another origin (`=url`; default the CDN origin, or the gateway origin for downloads), same path',
  'html-200': 'an HTML error page with status 200',
  'quota-query-fail': 'billing routes: 200 with the quota lookup error body',
  'error-200':
    'status 200 carrying an upstream error object `{"error":{message,type,code}}` (`=code`, default upstream_error); nothing is executed',
  forbidden: '403 with the gateway body of a key that may not do this (`This token has no access …`)',
  'insufficient-quota': '403 insufficient_user_quota',
  'model-unavailable': '503 model_not_found',
  unauthorized: '401 Invalid token',
  'task-not-exist': 'task queries: 400 task_not_exist',
  'not-found': '404 with a plain body (useful as result:not-found)',
  'no-route': '404 `Invalid URL (METHOD path)`, as a gateway that does not serve this route answers',
  'expired-url': 'result URLs in the response are already expired (downloads get 403)',
  // Timing.
  'slow-first-byte': 'wait `=ms` (default 1000, real time) before the status line',
  // Executed, then the response is damaged (so a create really happened).
  drop: 'destroy the socket without any response',
  hang: 'never send a status line; the socket stays open',
  stall: 'send headers and part of the body, then nothing',
  reset: 'send part of the body, then a TCP reset',
  truncate: 'streams: clean end without the terminal event; bodies: fewer bytes than Content-Length',
  'limit-data': 'destroy the socket after `=N` body bytes (default 64)',
  slicer: 'write the body in 1-3 byte pieces',
  'slow-body': 'wait `=ms` (default 50) between writes',
  malformed: 'streams: one malformed data line mid-stream',
  'error-mid-stream': 'streams: a bare JSON error line mid-stream, then end',
  'huge-event': 'streams: one event of `=N` bytes (default 10 MiB) without a newline, then end',
  crlf: 'streams: CRLF line endings',
  'sse-ping': 'streams: `: PING` comment lines between events',
  'wrong-bytes': 'binary results: bytes with the wrong magic number',
  'redirect-hops':
    "result files (`result:` only): each download answers 302 `=N` times (default 1, at most 10) on the CDN origin, one hop after another, before the file; also armed by `sandbox:redirect` or `sandbox:redirect=N` in a task's prompt",
  'data-url': 'image routes: each result as `data[].url` = `data:image/…;base64,…` instead of a link',
  'no-sse':
    'streamed text routes: one plain JSON answer (`application/json`), as older builds send without `alt=sse`; `=array` sends the content format as a JSON array of chunks',
  'create-failed':
    'video creates and remixes: the answer already says `failed` (or `=word`) with the reason; the task never runs and is refunded',
  'native-code':
    'native image submit: `code` becomes `=value` as a string (e.g. `=10000`), or is left out when no value is given; `data.task_id` stays',
  'odd-status': 'task queries: report `=word` (default unknown) as the status, the task goes on',
  'task-fail': 'the created task fails',
  'task-cancel': 'the created task ends cancelled (or failed where cancelled is not in the vocabulary)'
} as const

export type FaultMode = keyof typeof FAULT_MODES

export interface Fault {
  mode: FaultMode
  arg?: string
  route?: string
  /** Remaining uses; undefined = unlimited. */
  remaining?: number
  result: boolean
  spec: string
}

export class FaultSpecError extends Error {}

export function parseFault(raw: string): Fault {
  let s = raw.trim()
  const spec = s
  let remaining: number | undefined
  const count = /\*(\d+)$/.exec(s)
  if (count) {
    remaining = Number(count[1])
    s = s.slice(0, count.index)
  }
  let route: string | undefined
  const at = /@([a-z0-9.-]+)$/i.exec(s)
  if (at) {
    route = at[1]
    s = s.slice(0, at.index)
  }
  let result = false
  if (s.startsWith('result:')) {
    result = true
    s = s.slice('result:'.length)
  }
  const eq = s.indexOf('=')
  const mode = (eq >= 0 ? s.slice(0, eq) : s).trim()
  const arg = eq >= 0 ? s.slice(eq + 1).trim() : undefined
  if (!(mode in FAULT_MODES)) throw new FaultSpecError(`unknown sandbox fault '${mode}' in '${spec}'`)
  return { mode: mode as FaultMode, arg, route, remaining, result, spec }
}

export function parseFaultList(header: string | string[] | undefined): Fault[] {
  if (!header) return []
  const text = Array.isArray(header) ? header.join(',') : header
  return text
    .split(',')
    .map((x) => x.trim())
    .filter(Boolean)
    .map(parseFault)
}

/**
 * The faults that apply to one request: matching route, scope, and with uses left. Taking a fault
 * spends one use, so `429*1` on a key fails exactly one request.
 */
export function takeFaults(pool: Fault[], route: string, result: boolean): Fault[] {
  const out: Fault[] = []
  for (const f of pool) {
    if (f.result !== result) continue
    if (f.route && !route.startsWith(f.route)) continue
    if (f.remaining !== undefined) {
      if (f.remaining <= 0) continue
      f.remaining -= 1
    }
    out.push(f)
  }
  return out
}

/** A view over the faults of one request. */
export class FaultSet {
  constructor(readonly list: Fault[]) {}

  has(mode: FaultMode): boolean {
    return this.list.some((f) => f.mode === mode)
  }

  get(mode: FaultMode): Fault | undefined {
    return this.list.find((f) => f.mode === mode)
  }

  num(mode: FaultMode, fallback: number): number {
    const f = this.get(mode)
    if (!f || f.arg === undefined || f.arg === '') return fallback
    const n = Number(f.arg)
    return Number.isFinite(n) ? n : fallback
  }

  names(): string[] {
    return this.list.map((f) => (f.result ? 'result:' : '') + f.mode + (f.arg !== undefined ? `=${f.arg}` : ''))
  }
}
