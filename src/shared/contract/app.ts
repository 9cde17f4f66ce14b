import { z } from 'zod'
import type { InvokeSpec } from '../contract-kit'
import { AppInfoSchema, AppSettingsSchema, LanguageSchema, ThemeSchema } from '../domain/settings'

export const NoInput = z.undefined()

export const appInvokes = {
  'app:get-info': { doc: 'Name, version and which shell is running.', input: NoInput, output: AppInfoSchema },
  'settings:get': { doc: 'The app-wide settings (theme, language).', input: NoInput, output: AppSettingsSchema },
  'settings:update': {
    doc: 'Changes some settings and returns all of them.',
    input: z.strictObject({ theme: ThemeSchema.optional(), language: LanguageSchema.optional() }),
    output: AppSettingsSchema
  }
} satisfies Record<string, InvokeSpec>

export const appEvents = {
  'settings:changed': AppSettingsSchema
}
