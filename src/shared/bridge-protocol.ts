import { z } from 'zod'
import type { UploadChannel } from './contract'
import { StudioErrorDataSchema, type Result } from './errors'

/**
 * The browser host's WebSocket protocol, shared by the host (src/main/host/ws-bridge.ts) and the
 * page's bridge (src/renderer/bridge). One JSON object per text frame:
 *   page -> host  { t: 'invoke', id, channel, input }    id: unique per page, echoed back
 *   host -> page  { t: 'result', id, result: Result }     exactly one per invoke
 *   host -> page  { t: 'event', name, payload }           every contract event, to every page
 * Either side ignores frames that do not parse; nothing here trusts the other side.
 */

export const BRIDGE_PATH = '/bridge'

/**
 * Uploads do not fit a WebSocket frame (MAX_FRAME_BYTES) and should stream, so each upload channel
 * is a POST route: the body is the file, the meta fields are query parameters, the answer is the
 * Result as JSON. Same origin, authenticated by the launch cookie, Origin required.
 */
export const UPLOAD_ROUTES = { 'files:upload': '/upload' } as const satisfies Record<UploadChannel, string>

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

const FrameId = z.number().int().min(0).max(Number.MAX_SAFE_INTEGER)

export const InvokeFrameSchema = z.strictObject({
  t: z.literal('invoke'),
  id: FrameId,
  channel: z.string().min(1).max(200),
  // Absent for channels without input: JSON drops `undefined`. (zod 4 object keys are required
  // unless marked optional, even for unknown.)
  input: z.unknown().optional()
})
export type InvokeFrame = z.infer<typeof InvokeFrameSchema>

export const ResultSchema = z.union([
  z.object({ ok: z.literal(true), value: z.unknown().optional() }),
  z.object({ ok: z.literal(false), error: StudioErrorDataSchema })
])

export const ResultFrameSchema = z.object({ t: z.literal('result'), id: FrameId, result: ResultSchema })
export const EventFrameSchema = z.object({ t: z.literal('event'), name: z.string(), payload: z.unknown().optional() })
export const ServerFrameSchema = z.discriminatedUnion('t', [ResultFrameSchema, EventFrameSchema])

export type ResultFrame = { t: 'result'; id: number; result: Result<unknown> }
export type EventFrame = { t: 'event'; name: string; payload: unknown }
export type ServerFrame = ResultFrame | EventFrame

/** Parses one text frame against a schema; anything else (bad JSON, wrong shape) is null. */
export function parseFrame<S extends z.ZodType>(schema: S, text: string): z.output<S> | null {
  let json: unknown
  try {
    json = JSON.parse(text)
  } catch {
    return null
  }
  const parsed = schema.safeParse(json)
  return parsed.success ? parsed.data : null
}

/** What an invoke resolves to when the socket carrying it went away before its answer came. */
export function lostConnectionResult(): Result<never> {
  return {
    ok: false,
    error: { code: 'NETWORK_UNREACHABLE', message: 'Lost the connection to the studio host', retryable: true }
  }
}
