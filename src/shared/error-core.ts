/**
 * The zod-free half of errors.ts: the codes, StudioError and the Result envelope. The renderer
 * imports this module (not errors.ts) so zod stays off its start-up path (T1); errors.ts re-exports
 * everything here, so host code keeps importing '@shared/errors'.
 */
/**
 * Every failure that crosses the bridge is coded data, never a string to parse.
 * The codes are the vocabulary of the whole studio; features add codes here, not ad-hoc strings.
 */
export const ERROR_CODES = [
  // bridge and input
  'UNKNOWN_CHANNEL',
  'INVALID_INPUT',
  'FORBIDDEN_SENDER',
  'NOT_FOUND',
  'CONFLICT',
  // gateway answers
  'UNAUTHORIZED',
  'FORBIDDEN',
  'INSUFFICIENT_QUOTA',
  'RATE_LIMITED',
  'MODEL_UNAVAILABLE',
  'GATEWAY_VALIDATION',
  'GATEWAY_ERROR',
  'NOT_A_GATEWAY',
  'TASK_NOT_FOUND',
  // transport
  'NETWORK_UNREACHABLE',
  'TLS',
  'TIMEOUT',
  'REDIRECT_REFUSED',
  'OUTCOME_UNKNOWN',
  'STREAM_INCOMPLETE',
  'CANCELLED',
  // local
  'KEY_MISSING',
  'KEY_UNAVAILABLE',
  'STORAGE',
  'INTERNAL'
] as const

export type ErrorCode = (typeof ERROR_CODES)[number]

/** What crosses the bridge; errors.ts holds its schema (StudioErrorDataSchema) and checks the two agree. */
export interface StudioErrorData {
  code: ErrorCode
  message: string
  status?: number | undefined
  retryable: boolean
  /** Field name the error belongs to, so a form can show it at the field. */
  field?: string | undefined
  details?: Record<string, unknown> | undefined
}

/** An error the host throws on purpose: it crosses the bridge with its code intact. */
export class StudioError extends Error {
  readonly code: ErrorCode
  readonly status?: number
  readonly retryable: boolean
  readonly field?: string
  readonly details?: Record<string, unknown>

  constructor(
    code: ErrorCode,
    message: string,
    opts: {
      status?: number
      retryable?: boolean
      field?: string
      details?: Record<string, unknown>
      cause?: unknown
    } = {}
  ) {
    super(message, opts.cause === undefined ? undefined : { cause: opts.cause })
    this.name = 'StudioError'
    this.code = code
    this.status = opts.status
    this.retryable = opts.retryable ?? false
    this.field = opts.field
    this.details = opts.details
  }

  toData(): StudioErrorData {
    const data: StudioErrorData = { code: this.code, message: this.message, retryable: this.retryable }
    if (this.status !== undefined) data.status = this.status
    if (this.field !== undefined) data.field = this.field
    if (this.details !== undefined) data.details = this.details as StudioErrorData['details']
    return data
  }

  static fromData(data: StudioErrorData): StudioError {
    return new StudioError(data.code, data.message, {
      status: data.status,
      retryable: data.retryable,
      field: data.field,
      details: data.details
    })
  }
}

export function isStudioError(e: unknown): e is StudioError {
  return e instanceof StudioError
}

/** The envelope every invoke resolves to; errors are results, so nothing is lost to Electron's error flattening. */
export type Result<T> = { ok: true; value: T } | { ok: false; error: StudioErrorData }
