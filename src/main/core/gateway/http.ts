import { STANDIN_NAMES, type GatewayNames } from '@shared/domain/gateway-names'
import { StudioError } from '@shared/errors'
import { ERROR_BODY_MAX_BYTES, JSON_ANSWER_MAX_BYTES, RESULT_ANSWER_MAX_BYTES, readBodyText } from './bounded-body'
import { errorFromBody, errorFromResponse } from './errors'

export type FetchLike = (input: string | URL, init?: RequestInit) => Promise<Response>

export interface GatewayConnection {
  baseUrl: string
  key: string
  /** The profile's own names (models, vendor paths and headers); absent: the spec's stand-ins. */
  names?: GatewayNames
}

/** The names a request to this connection uses: the profile's, else the spec's stand-ins. */
export function namesOf(conn: GatewayConnection): GatewayNames {
  return conn.names ?? STANDIN_NAMES
}

export interface GatewayRequest {
  method: 'GET' | 'POST'
  path: string
  query?: Record<string, string>
  json?: unknown
  body?: RequestInit['body']
  headers?: Record<string, string>
  /** Total time allowed for the answer's headers. */
  timeoutMs: number
  signal?: AbortSignal
  /** A POST that may charge: a failure after sending becomes OUTCOME_UNKNOWN, never a retry. */
  paid?: boolean
}

const TLS_CODES =
  /^(CERT_|ERR_TLS|ERR_SSL|UNABLE_TO_(GET|VERIFY)|DEPTH_ZERO_SELF_SIGNED_CERT|SELF_SIGNED_CERT_IN_CHAIN|HOSTNAME_MISMATCH|ERR_CERT)/
const PRE_SEND_CODES = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EADDRNOTAVAIL'
])

/** The system error code (ECONNRESET, ENOTFOUND …) of a failure, looked for a few causes deep. */
export function causeCode(e: unknown): string {
  let cur: unknown = e
  for (let i = 0; i < 4 && cur && typeof cur === 'object'; i++) {
    const c = (cur as { code?: unknown }).code
    if (typeof c === 'string') return c
    cur = (cur as { cause?: unknown }).cause
  }
  return ''
}

/**
 * Maps a thrown fetch failure to a coded error. Failures before any byte left (refused, DNS) are
 * safe to retry; failures after (reset, timeout) leave a paid POST's outcome unknown.
 */
export function classifyFetchFailure(
  e: unknown,
  req: Pick<GatewayRequest, 'method' | 'paid'>,
  userAborted: boolean,
  timedOut: boolean
): StudioError {
  if (userAborted) return new StudioError('CANCELLED', 'Cancelled', { cause: e })
  const code = causeCode(e)
  if (PRE_SEND_CODES.has(code)) {
    const what =
      code === 'ENOTFOUND' || code === 'EAI_AGAIN'
        ? 'the gateway host name could not be found'
        : 'nothing is listening there'
    return new StudioError(
      'NETWORK_UNREACHABLE',
      `Can't reach the gateway: ${what} (${code}). Check the address and your connection.`,
      {
        retryable: true,
        details: { cause: code, preSend: true },
        cause: e
      }
    )
  }
  if (TLS_CODES.test(code)) {
    return new StudioError(
      'TLS',
      `The gateway's secure connection could not be verified (${code}). Check the address or your network's certificate.`,
      {
        details: { cause: code },
        cause: e
      }
    )
  }
  const unknownOutcome = req.method === 'POST' && req.paid === true
  if (timedOut) {
    return unknownOutcome
      ? new StudioError(
          'OUTCOME_UNKNOWN',
          'The gateway did not answer in time after the request was sent; it may have been accepted and charged.',
          { cause: e }
        )
      : new StudioError('TIMEOUT', 'The gateway did not answer in time.', { retryable: true, cause: e })
  }
  if (unknownOutcome) {
    return new StudioError(
      'OUTCOME_UNKNOWN',
      'The connection dropped after the request was sent; it may have been accepted and charged.',
      {
        details: { cause: code || 'unknown' },
        cause: e
      }
    )
  }
  return new StudioError('NETWORK_UNREACHABLE', `The connection to the gateway failed${code ? ` (${code})` : ''}.`, {
    retryable: true,
    details: { cause: code || 'unknown' },
    cause: e
  })
}

export function gatewayUrl(
  conn: Pick<GatewayConnection, 'baseUrl'>,
  path: string,
  query?: Record<string, string>
): string {
  const url = new URL(conn.baseUrl.replace(/\/+$/, '') + path)
  if (query) for (const [k, v] of Object.entries(query)) url.searchParams.set(k, v)
  return url.toString()
}

/**
 * Sends one request to the profile's own origin: the key only in `Authorization: Bearer`, redirects
 * never followed (a redirect could carry the request to another origin), HTTP status checked before
 * the body is read. Returns the Response for the caller to parse (JSON, stream or bytes).
 */
export async function sendGateway(
  fetchImpl: FetchLike,
  conn: GatewayConnection,
  req: GatewayRequest
): Promise<Response> {
  // One controller for both the caller's signal and the headers timeout. Not AbortSignal.any: on
  // Node 20 it costs ~50 us per call (weak refs, a finalization registry), on the path of every
  // streamed answer's first token (R1). The caller's abort keeps reaching the body after the
  // headers (Stop while streaming); the timeout covers the headers only.
  const controller = new AbortController()
  let timedOut = false
  const timer = setTimeout(() => {
    timedOut = true
    controller.abort(new Error('timeout'))
  }, req.timeoutMs)
  const outer = req.signal
  if (outer?.aborted) controller.abort(outer.reason)
  else outer?.addEventListener('abort', () => controller.abort(outer.reason), { once: true })
  const signal = controller.signal
  const headers: Record<string, string> = {
    Accept: 'application/json',
    ...req.headers,
    Authorization: `Bearer ${conn.key}`
  }
  let body = req.body
  if (req.json !== undefined) {
    body = JSON.stringify(req.json)
    headers['Content-Type'] = 'application/json'
  }
  let res: Response
  try {
    // A streamed body (a multipart upload read from disk) must say it is sent half-duplex.
    const duplex = body instanceof ReadableStream ? { duplex: 'half' } : {}
    res = await fetchImpl(gatewayUrl(conn, req.path, req.query), {
      method: req.method,
      headers,
      body,
      redirect: 'manual',
      signal,
      ...duplex
    } as RequestInit)
  } catch (e) {
    throw classifyFetchFailure(e, req, req.signal?.aborted === true, timedOut)
  } finally {
    clearTimeout(timer)
  }
  if ((res.status >= 300 && res.status < 400) || res.type === 'opaqueredirect') {
    await res.body?.cancel().catch(() => {})
    throw new StudioError(
      'REDIRECT_REFUSED',
      `The gateway tried to redirect the request (${res.status}); redirects are not followed so the key stays with this gateway. Check the base URL.`,
      {
        status: res.status
      }
    )
  }
  return res
}

export interface ReadJsonOptions {
  /** The most decoded bytes read before the answer is refused (default JSON_ANSWER_MAX_BYTES, bounded-body.ts). */
  maxBytes?: number
}

/**
 * Reads a JSON answer: non-2xx becomes a coded error (from at most ERROR_BODY_MAX_BYTES of its
 * body), HTML or non-JSON becomes NOT_A_GATEWAY, and an answer past `maxBytes` decoded is stopped
 * there and refused (GATEWAY_ERROR, reason `answer_too_large`).
 */
export async function readJson(res: Response, opts: ReadJsonOptions = {}): Promise<unknown> {
  if (!res.ok)
    throw errorFromResponse(res.status, await readBodyText(res, ERROR_BODY_MAX_BYTES, { truncate: true }), res.headers)
  const text = await readBodyText(res, opts.maxBytes ?? JSON_ANSWER_MAX_BYTES)
  const trimmed = text.trimStart()
  if (trimmed.startsWith('<')) {
    throw new StudioError(
      'NOT_A_GATEWAY',
      'The address answered with a web page, not the gateway API. Check the base URL (it is usually the API address, not the website).',
      {
        status: res.status
      }
    )
  }
  try {
    return JSON.parse(text)
  } catch {
    throw new StudioError(
      'NOT_A_GATEWAY',
      'The address answered, but not with the gateway API (the answer was not JSON). Check the base URL.',
      { status: res.status }
    )
  }
}

/**
 * Reads the JSON answer of a route that returns a result: a 200 carrying an error object is that
 * error. Results may be inline (base64 images), so the cap is RESULT_ANSWER_MAX_BYTES by default.
 */
export async function readResultJson(res: Response, opts: ReadJsonOptions = {}): Promise<unknown> {
  const body = await readJson(res, { maxBytes: opts.maxBytes ?? RESULT_ANSWER_MAX_BYTES })
  const refused = errorFromBody(body)
  if (refused) throw refused
  return body
}
