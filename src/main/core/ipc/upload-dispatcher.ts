import type { z } from 'zod'
import { isUploadChannel, uploads, type UploadChannel, type Uploads } from '@shared/contract'
import type { Result } from '@shared/errors'
import { answer, toErrorData, type CallContext } from './dispatcher'
import type { SecretGuard } from './secret-guard'

/**
 * How an upload's bytes reach the host. `path` comes only from the Electron preload (the path
 * behind a real File, from webUtils.getPathForFile); `bytes` from the preload for a blob with no
 * file behind it; `stream` from the browser host's POST body.
 */
export type UploadBody =
  | { kind: 'path'; path: string }
  | { kind: 'bytes'; bytes: Uint8Array }
  | { kind: 'stream'; stream: AsyncIterable<Uint8Array> }

/** One handler per upload channel; a missing one fails to compile. */
export type UploadHandlers = {
  [C in UploadChannel]: (
    body: UploadBody,
    meta: z.output<Uploads[C]['meta']>,
    ctx: CallContext
  ) => Promise<z.input<Uploads[C]['output']>>
}

export type UploadDispatch = (
  channel: unknown,
  body: UploadBody,
  meta: unknown,
  ctx: CallContext
) => Promise<Result<unknown>>

/**
 * The upload twin of the invoke dispatcher, shared by both shells (after their own sender or
 * access check): unknown channel refused, meta parsed by the contract, the answer parsed by the
 * contract and checked for keys, every failure turned into coded data.
 */
export function createUploadDispatcher(
  handlers: UploadHandlers,
  opts: { guard: SecretGuard; log?: (line: string) => void }
): UploadDispatch {
  const { guard } = opts
  const log = opts.log ?? (() => {})
  return async (channel, body, meta, ctx) => {
    if (!isUploadChannel(channel)) {
      log(`refused unknown upload channel ${JSON.stringify(String(channel).slice(0, 80))}`)
      return {
        ok: false,
        error: { code: 'UNKNOWN_CHANNEL', message: 'This upload is not part of the studio contract', retryable: false }
      }
    }
    const spec = uploads[channel]
    const parsed = spec.meta.safeParse(meta)
    if (!parsed.success) return { ok: false, error: toErrorData(parsed.error, guard) }
    return answer(channel, spec.output, () => handlers[channel](body, parsed.data, ctx), guard, log)
  }
}
