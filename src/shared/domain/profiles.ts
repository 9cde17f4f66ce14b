import { z } from 'zod'
import { GatewayNamesSchema } from './gateway-names-schema'

/** How the key of a profile is kept at rest. */
export const KeyProtectionSchema = z.enum([
  /** Encrypted with the OS keychain (Electron safeStorage). */
  'os',
  /** Kept in memory for this session only; re-entered after restart. */
  'session',
  /** Written to a file readable only by this user (mode 0600), not encrypted: the user opted in. */
  'file',
  /** No key configured. */
  'none'
])
export type KeyProtection = z.infer<typeof KeyProtectionSchema>

/** What the renderer may know about a key: never the key itself. */
export const KeyStatusSchema = z.object({
  configured: z.boolean(),
  last4: z.string().max(4).optional(),
  protection: KeyProtectionSchema,
  /** Set when a stored key exists but cannot be read (keychain changed, decrypt failed): re-enter it. */
  needsReentry: z.boolean().optional()
})
export type KeyStatus = z.infer<typeof KeyStatusSchema>

export const ProfileKindSchema = z.enum(['sandbox', 'gateway', 'env'])
export type ProfileKind = z.infer<typeof ProfileKindSchema>

export const DisplayUnitSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('quota') }),
  z.object({ kind: z.literal('usd') }),
  z.object({ kind: z.literal('cny'), rate: z.number().positive().max(1000) })
])
export type DisplayUnit = z.infer<typeof DisplayUnitSchema>

export const ProfileViewSchema = z.object({
  id: z.string(),
  name: z.string(),
  baseUrl: z.string(),
  kind: ProfileKindSchema,
  /** Built-in or from the environment: cannot be edited or removed. */
  readOnly: z.boolean(),
  /** Results are synthetic (the Sandbox profile). */
  synthetic: z.boolean(),
  key: KeyStatusSchema,
  displayUnit: DisplayUnitSchema,
  /** The gateway's own model names per body family, paths and header names (defaults: the spec's stand-ins). */
  names: GatewayNamesSchema
})
export type ProfileView = z.infer<typeof ProfileViewSchema>

export const ProfileListSchema = z.object({
  profiles: z.array(ProfileViewSchema),
  activeId: z.string(),
  /** Whether an OS keychain is available; when false, keys are session-only unless the user opts in. */
  keychainAvailable: z.boolean()
})
export type ProfileList = z.infer<typeof ProfileListSchema>

/** How the user wants the key kept. `auto` = OS keychain when available, else session-only. */
export const KeyPersistenceSchema = z.enum(['auto', 'session', 'file'])
export type KeyPersistence = z.infer<typeof KeyPersistenceSchema>

// The field limits live in the zod-free profile-limits.ts (the renderer imports them from there, T1).
export * from './profile-limits'
