import type { TFunction } from 'i18next'
import { errorTitle } from '@renderer/lib/error-text'
import { StudioError } from '@shared/error-core'
import type { StudioErrorData } from '@shared/errors'

/**
 * The title of a failed answer, specific to what the user can do about it: a bad key (401), quota
 * (403), rate limit (429), an unavailable model (503), or a stream that broke after text arrived.
 */
export function chatErrorTitle(t: TFunction, error: StudioErrorData, hadOutput: boolean): string {
  const { code, status } = error
  if (status === 401 || code === 'UNAUTHORIZED') return t('chat.errors.badKey')
  if (status === 403 || code === 'FORBIDDEN' || code === 'INSUFFICIENT_QUOTA') return t('chat.errors.quota')
  if (status === 429 || code === 'RATE_LIMITED') return t('chat.errors.rateLimited')
  if (status === 503 || code === 'MODEL_UNAVAILABLE') return t('chat.errors.modelUnavailable')
  if (hadOutput) return t('chat.errors.midStream')
  if (code === 'STREAM_INCOMPLETE') return t('chat.errors.incomplete')
  if (code === 'NOT_FOUND') return t('chat.errors.notFound')
  return errorTitle(t, StudioError.fromData(error))
}

/** Seconds to wait, when the gateway said (`Retry-After`). */
export function retryAfterSeconds(error: StudioErrorData): number | undefined {
  const ms = error.details?.retryAfterMs
  return typeof ms === 'number' && ms > 0 ? Math.ceil(ms / 1000) : undefined
}
