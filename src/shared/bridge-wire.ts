import type { UploadChannelName } from './channel-names'
import { ERROR_CODES, type Result, type StudioErrorData } from './error-core'

/**
 * The zod-free half of bridge-protocol.ts: constants, frame types and the page's reading of host
 * frames. The page's bridge script runs before the app, so everything it imports is on the
 * renderer's start-up path (T1); zod (~100 KB with the schemas) must not be. bridge-protocol.ts
 * re-exports this module and keeps the zod schemas the host parses with; bridge-wire.test.ts checks
 * that readServerFrame/readResult accept exactly what ServerFrameSchema/ResultSchema accept.
 * Hand-written instead of zod on purpose: three small object shapes, and it keeps zod lazy.
 */

export const BRIDGE_PATH = '/bridge'

/**
 * How the page and the host find each other without a cookie (cookies are not separated by port,
 * so another server on 127.0.0.1 would receive one). The page holds the launch token in memory:
 *  - it opens the socket with a fresh random `?challenge=`; before the page sends anything, the
 *    host's first frame `{ t: 'hello', proof }` must be HMAC-SHA256(token, HOST_PROOF_LABEL +
 *    challenge), which only the host that printed the token can compute (a server that took the
 *    port after the host exited cannot);
 *  - the page's first frame is then `{ t: 'auth', token }`; the host answers nothing and pushes no
 *    event before it;
 *  - uploads carry the token in TOKEN_HEADER;
 *  - a one-time launch code (the address the host gives the browser) is exchanged for the token by
 *    POSTing it to SESSION_PATH.
 */
export const CHALLENGE_PARAM = 'challenge'
export const HOST_PROOF_LABEL = 'generation-studio host proof\n'
export const TOKEN_HEADER = 'X-Studio-Token'
export const SESSION_PATH = '/session'
/**
 * The query parameter of the addresses the host gives out (`/?launch=<nonce>`): the first page
 * asked for with an unused one gets `Clear-Site-Data` (browser state a server that held this
 * address before may have left); the page removes it from the address bar with the fragment.
 */
export const LAUNCH_PARAM = 'launch'

export type HelloFrame = { t: 'hello'; proof: string }

/** The host's first frame, or null. */
export function readHelloFrame(text: unknown): HelloFrame | null {
  if (typeof text !== 'string' || text.length > 200) return null
  try {
    const v = JSON.parse(text) as unknown
    if (isObj(v) && v.t === 'hello' && typeof v.proof === 'string') return { t: 'hello', proof: v.proof }
  } catch {
    // not a hello
  }
  return null
}

/**
 * Uploads do not fit a WebSocket frame (MAX_FRAME_BYTES) and should stream, so each upload channel
 * is a POST route: the body is the file, the meta fields are query parameters, the answer is the
 * Result as JSON. Same origin, authenticated by the launch cookie, Origin required.
 */
export const UPLOAD_ROUTES = { 'files:upload': '/upload' } as const satisfies Record<UploadChannelName, string>

/** Media by id: `/media/<id>`, same origin and cookie as the page (the Electron shell uses studio-media://). */
export const MEDIA_PATH_PREFIX = '/media/'

/** Host -> page frames: the size the host's own answers are designed to stay under. */
export const MAX_FRAME_BYTES = 1024 * 1024

/**
 * Page -> host frames (invokes). Larger ones close the socket (ws maxPayload on the host), so the
 * page refuses them before sending. 4 MiB: a maximal legal video `payload` (1,048,576 characters)
 * still crosses when every character takes 3 UTF-8 bytes, plus the rest of the request.
 */
export const MAX_REQUEST_FRAME_BYTES = 4 * 1024 * 1024

/** The page's refusal of an invoke over MAX_REQUEST_FRAME_BYTES (nothing is sent). */
export function requestTooLargeMessage(bytes: number): string {
  const mb = (n: number) => (n / (1024 * 1024)).toFixed(1)
  return `The request is ${mb(bytes)} MB; the studio bridge takes at most ${mb(MAX_REQUEST_FRAME_BYTES)} MB per request. Nothing was sent.`
}

export type ResultFrame = { t: 'result'; id: number; result: Result<unknown> }
export type EventFrame = { t: 'event'; name: string; payload: unknown }
export type ServerFrame = ResultFrame | EventFrame

type Obj = Record<string, unknown>
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v)
const has = (o: Obj, k: string): boolean => Object.prototype.hasOwnProperty.call(o, k) && o[k] !== undefined
const isFrameId = (v: unknown): v is number =>
  Number.isInteger(v) && (v as number) >= 0 && (v as number) <= Number.MAX_SAFE_INTEGER
const CODES: ReadonlySet<string> = new Set(ERROR_CODES)

function isJson(v: unknown): boolean {
  if (v === null || typeof v === 'string' || typeof v === 'boolean') return true
  if (typeof v === 'number') return Number.isFinite(v)
  if (Array.isArray(v)) return v.every(isJson)
  return isObj(v) && Object.values(v).every(isJson)
}

/** StudioErrorDataSchema's rules; the copy keeps only the known keys (as zod's object does). */
function readErrorData(v: unknown): StudioErrorData | null {
  if (
    !isObj(v) ||
    typeof v.code !== 'string' ||
    !CODES.has(v.code) ||
    typeof v.message !== 'string' ||
    typeof v.retryable !== 'boolean'
  )
    return null
  // zod 4's int() means a safe integer.
  if (has(v, 'status') && !Number.isSafeInteger(v.status)) return null
  if (has(v, 'field') && typeof v.field !== 'string') return null
  if (has(v, 'details') && !(isObj(v.details) && isJson(v.details))) return null
  const data: StudioErrorData = { code: v.code as StudioErrorData['code'], message: v.message, retryable: v.retryable }
  if (has(v, 'status')) data.status = v.status as number
  if (has(v, 'field')) data.field = v.field as string
  if (has(v, 'details')) data.details = v.details as Record<string, unknown>
  return data
}

/** A Result envelope (ResultSchema's rules), or null. */
export function readResult(v: unknown): Result<unknown> | null {
  if (!isObj(v)) return null
  if (v.ok === true) return { ok: true, value: v.value }
  if (v.ok !== false) return null
  const error = readErrorData(v.error)
  return error ? { ok: false, error } : null
}

/** One host -> page text frame (ServerFrameSchema's rules); bad JSON or a wrong shape is null. */
export function readServerFrame(text: string): ServerFrame | null {
  let json: unknown
  try {
    json = JSON.parse(text)
  } catch {
    return null
  }
  if (!isObj(json)) return null
  if (json.t === 'result') {
    if (!isFrameId(json.id)) return null
    const result = readResult(json.result)
    return result ? { t: 'result', id: json.id, result } : null
  }
  if (json.t === 'event')
    return typeof json.name === 'string' ? { t: 'event', name: json.name, payload: json.payload } : null
  return null
}

/** What an invoke resolves to when the socket carrying it went away before its answer came. */
export function lostConnectionResult(): Result<never> {
  return {
    ok: false,
    error: { code: 'NETWORK_UNREACHABLE', message: 'Lost the connection to the studio host', retryable: true }
  }
}
