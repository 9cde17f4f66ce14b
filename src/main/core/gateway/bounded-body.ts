import { StudioError } from '@shared/errors'

/**
 * Caps on how much of a gateway's answer the host reads. fetch undoes gzip and brotli, so a few
 * kilobytes on the wire can decode to gigabytes: the caps count decoded bytes, as they arrive, and
 * the read stops (and the connection is cancelled) as soon as one is passed. Each is far above any
 * real answer of its kind, so only a broken or hostile gateway meets it.
 */
const MB = 1024 * 1024

/**
 * A JSON answer (usage, billing, model lists, task polls, assets). The largest real ones are model
 * lists: a gateway with thousands of models answers a few MB.
 */
export const JSON_ANSWER_MAX_BYTES = 32 * MB

/**
 * A JSON answer that carries results inline (image generate and edit answers, native image task
 * results and video creates): several images as base64 (`b64_json`), 4096 px PNGs among them.
 */
export const RESULT_ANSWER_MAX_BYTES = 256 * MB

/**
 * An error answer (any non-2xx status): only its message is used, so at most this much is read and
 * the rest dropped; the error is still the one its status and the first bytes say.
 */
export const ERROR_BODY_MAX_BYTES = 1 * MB

function inMb(bytes: number): string {
  const mb = bytes / MB
  return Number.isInteger(mb) ? String(mb) : mb.toFixed(1)
}

/** The coded error for an answer past its cap (the read has been stopped and the connection cancelled). */
export function answerTooLarge(limitBytes: number): StudioError {
  return new StudioError(
    'GATEWAY_ERROR',
    `The gateway's answer was larger than ${inMb(limitBytes)} MB, so it was stopped to protect the app.`,
    {
      details: { reason: 'answer_too_large', limitBytes }
    }
  )
}

/**
 * Reads a body as UTF-8 text (as `Response.text()` does, BOM dropped) counting decoded bytes. Past
 * `maxBytes` the body is cancelled and the answer refused (`answerTooLarge`), or with `truncate`
 * the first `maxBytes` are kept and the rest never read. Failures of the connection are thrown as
 * fetch throws them.
 */
export async function readBodyText(
  res: Response,
  maxBytes: number,
  opts: { truncate?: boolean } = {}
): Promise<string> {
  if (!res.body) return ''
  const reader = res.body.getReader()
  const chunks: Uint8Array[] = []
  let total = 0
  let over = false
  try {
    for (;;) {
      const { done, value } = await reader.read()
      if (done) break
      if (total + value.byteLength > maxBytes) {
        over = true
        if (opts.truncate) chunks.push(value.subarray(0, maxBytes - total))
        break
      }
      chunks.push(value)
      total += value.byteLength
    }
  } finally {
    if (over) await reader.cancel().catch(() => {})
    reader.releaseLock()
  }
  if (over && !opts.truncate) throw answerTooLarge(maxBytes)
  // A character cut at the cap becomes U+FFFD, as any decoder does; stream: false flushes it.
  return new TextDecoder('utf-8').decode(Buffer.concat(chunks))
}
