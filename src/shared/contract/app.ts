import { z } from 'zod'
import type { InvokeSpec } from '../contract-kit'
import { AppInfoSchema, AppSettingsSchema, LanguageSchema, ThemeSchema } from '../domain/settings'

export const NoInput = z.undefined()

/** One repair the host made to stored data (src/main/core/store/kv-store.ts StoreNotice). */
export const StoreNoticeSchema = z.object({ store: z.string(), message: z.string() })

export const appInvokes = {
  'app:get-info': { doc: 'Name, version and which shell is running.', input: NoInput, output: AppInfoSchema },
  'settings:get': { doc: 'The app-wide settings (theme, language).', input: NoInput, output: AppSettingsSchema },
  'settings:update': {
    doc: 'Changes some settings and returns all of them.',
    input: z.strictObject({ theme: ThemeSchema.optional(), language: LanguageSchema.optional() }),
    output: AppSettingsSchema
  },
  'app:get-notices': {
    doc: 'What the studio repaired or could not read at start (a journal restored from its last good copy, a store reset): shown once to the user.',
    input: NoInput,
    output: z.object({ notices: z.array(StoreNoticeSchema) })
  }
} satisfies Record<string, InvokeSpec>

export const appEvents = {
  'settings:changed': AppSettingsSchema,
  /** A repair found after start (the library folder is checked once the studio is ready): ask `app:get-notices` again. */
  'app:notices-changed': z.object({ count: z.number().int().nonnegative() })
}
