import { z } from 'zod'

export const ThemeSchema = z.enum(['system', 'light', 'dark'])
export const LanguageSchema = z.enum(['system', 'en', 'zh'])

export const AppSettingsSchema = z.object({
  theme: ThemeSchema,
  language: LanguageSchema
})
export type AppSettings = z.infer<typeof AppSettingsSchema>

export const DEFAULT_SETTINGS: AppSettings = { theme: 'system', language: 'system' }

export const AppInfoSchema = z.object({
  name: z.string(),
  version: z.string(),
  shell: z.enum(['electron', 'browser']),
  platform: z.string()
})
export type AppInfo = z.infer<typeof AppInfoSchema>
