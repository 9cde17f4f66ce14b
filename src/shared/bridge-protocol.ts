import { z } from 'zod'
import { StudioErrorDataSchema } from './errors'

// Constants, frame types and the page's zod-free frame reader (the page's bridge imports only that).
export * from './bridge-wire'

/**
 * The browser host's WebSocket protocol, shared by the host (src/main/host/ws-bridge.ts) and the
 * page's bridge (src/renderer/bridge). One JSON object per text frame:
 *   page -> host  { t: 'invoke', id, channel, input }    id: unique per page, echoed back
 *   host -> page  { t: 'result', id, result: Result }     exactly one per invoke
 *   host -> page  { t: 'event', name, payload }           every contract event, to every page
 * Either side ignores frames that do not parse; nothing here trusts the other side.
 */

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

/** The page's first frame on a bridge socket (bridge-wire.ts): the launch token it holds. */
export const AuthFrameSchema = z.strictObject({ t: z.literal('auth'), token: z.string().min(1).max(200) })

export const ResultSchema = z.union([
  z.object({ ok: z.literal(true), value: z.unknown().optional() }),
  z.object({ ok: z.literal(false), error: StudioErrorDataSchema })
])

export const ResultFrameSchema = z.object({ t: z.literal('result'), id: FrameId, result: ResultSchema })
export const EventFrameSchema = z.object({ t: z.literal('event'), name: z.string(), payload: z.unknown().optional() })
export const ServerFrameSchema = z.discriminatedUnion('t', [ResultFrameSchema, EventFrameSchema])

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
