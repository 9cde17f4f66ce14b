import { z } from 'zod'
import { invokes, isInvokeChannel, type InvokeChannel, type Invokes } from '@shared/contract'
import { StudioError, type Result, type StudioErrorData } from '@shared/errors'
import { withoutPaths } from '../store/file-role'
import { fromRawError, rawText } from './host-errors'
import type { SecretGuard } from './secret-guard'

export interface CallContext {
  /** Which shell carried the call (for logs; both shells get the same handlers). */
  shell: 'electron' | 'browser'
}

/** One handler per channel; a missing or mistyped one fails to compile. */
export type Handlers = {
  [C in InvokeChannel]: (
    input: z.output<Invokes[C]['input']>,
    ctx: CallContext
  ) => Promise<z.input<Invokes[C]['output']>> | z.input<Invokes[C]['output']>
}

export interface DispatcherOptions {
  guard: SecretGuard
  log?: (line: string) => void
}

export type Dispatch = (channel: unknown, input: unknown, ctx: CallContext) => Promise<Result<unknown>>

/**
 * Turns anything thrown into coded data with no key and no path of this machine in it: raw errors
 * (Node's file system, the image library) become coded messages of their own (host-errors.ts).
 */
export function toErrorData(e: unknown, guard: SecretGuard): StudioErrorData {
  if (!(e instanceof z.ZodError)) {
    const data = fromRawError(e).toData()
    data.message = guard.scrub(data.message)
    if (data.details)
      data.details = cleanStrings(JSON.parse(guard.scrub(JSON.stringify(data.details)))) as StudioErrorData['details']
    return data
  }
  const issue = e.issues[0]
  const field = issue?.path.map(String).join('.') || undefined
  const message = issue ? `${field ? field + ': ' : ''}${issue.message}` : 'Invalid input'
  return { code: 'INVALID_INPUT', message: guard.scrub(message), retryable: false, ...(field ? { field } : {}) }
}

/** Every string inside a JSON value without paths (details may quote a raw message). */
function cleanStrings(v: unknown): unknown {
  if (typeof v === 'string') return withoutPaths(v)
  if (Array.isArray(v)) return v.map(cleanStrings)
  if (v && typeof v === 'object') return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, cleanStrings(x)]))
  return v
}

/**
 * The one entry point for every invoke, shared by both shells (after their own sender check):
 * unknown channel -> refused; input parsed by the contract schema before the handler runs;
 * output parsed by the contract (unknown fields stripped) and checked for keys before it leaves.
 */
export function createDispatcher(handlers: Handlers, opts: DispatcherOptions): Dispatch {
  const { guard } = opts
  const log = opts.log ?? (() => {})
  return async (channel, input, ctx) => {
    if (!isInvokeChannel(channel)) {
      log(`refused unknown channel ${JSON.stringify(String(channel).slice(0, 80))}`)
      return {
        ok: false,
        error: { code: 'UNKNOWN_CHANNEL', message: 'This request is not part of the studio contract', retryable: false }
      }
    }
    const spec = invokes[channel]
    const parsed = spec.input.safeParse(input)
    if (!parsed.success) return { ok: false, error: toErrorData(parsed.error, guard) }
    const handler = handlers[channel] as (i: unknown, c: CallContext) => unknown
    return answer(channel, spec.output, () => handler(parsed.data, ctx), guard, log)
  }
}

/**
 * Runs a handler and vets what it gives back, for invokes and uploads alike: the answer parsed by
 * the contract (unknown fields stripped), refused whole if it carries a key, and anything thrown
 * turned into coded data with no key in it.
 */
export async function answer(
  channel: string,
  output: z.ZodType,
  run: () => unknown,
  guard: SecretGuard,
  log: (line: string) => void
): Promise<Result<unknown>> {
  try {
    const out = output.safeParse(await run())
    if (!out.success) {
      log(`handler ${channel} returned a value outside its contract: ${guard.scrub(out.error.message)}`)
      return {
        ok: false,
        error: { code: 'INTERNAL', message: `The host produced an invalid answer for ${channel}`, retryable: false }
      }
    }
    if (guard.leaks(JSON.stringify(out.data) ?? '')) {
      log(`blocked a ${channel} answer that contained a key`)
      return {
        ok: false,
        error: { code: 'INTERNAL', message: 'The answer was withheld because it contained a secret', retryable: false }
      }
    }
    return { ok: true, value: out.data }
  } catch (e) {
    const data = toErrorData(e, guard)
    // The log keeps the raw text (paths and all: it stays on this machine), never a key.
    if (data.code === 'INTERNAL' || !(e instanceof StudioError)) log(`${channel} failed: ${guard.scrub(rawText(e))}`)
    return { ok: false, error: data }
  }
}
