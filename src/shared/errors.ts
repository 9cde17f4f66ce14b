import { z } from 'zod'
import { ERROR_CODES, type StudioErrorData } from './error-core'

export * from './error-core'

const JsonValue: z.ZodType<unknown> = z.lazy(() =>
  z.union([z.string(), z.number(), z.boolean(), z.null(), z.array(JsonValue), z.record(z.string(), JsonValue)])
)

export const StudioErrorDataSchema = z.object({
  code: z.enum(ERROR_CODES),
  message: z.string(),
  status: z.number().int().optional(),
  retryable: z.boolean(),
  /** Field name the error belongs to, so a form can show it at the field. */
  field: z.string().optional(),
  details: z.record(z.string(), JsonValue).optional()
})

/** The hand-written StudioErrorData (error-core.ts) and the schema's type must not drift apart. */
type SameType<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false
type MustBeTrue<T extends true> = T
export type StudioErrorDataMatchesSchema = MustBeTrue<SameType<z.infer<typeof StudioErrorDataSchema>, StudioErrorData>>
