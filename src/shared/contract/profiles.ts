import { z } from 'zod'
import type { InvokeSpec } from '../contract-kit'
import { DiscoveryReportSchema } from '../domain/discovery'
import { GatewayNamesSchema, NAMES_LIMITS } from '../domain/gateway-names-schema'
import {
  API_KEY_MAX,
  DisplayUnitSchema,
  KeyPersistenceSchema,
  PROFILE_NAME_MAX,
  ProfileListSchema,
  ProfileViewSchema
} from '../domain/profiles'
import { ConnectionReportSchema } from '../domain/usage'
import { NoInput } from './app'

const ProfileId = z
  .string()
  .min(1)
  .max(64)
  .regex(/^[a-z0-9-]+$/)
const Name = z.string().trim().min(1).max(PROFILE_NAME_MAX)
const BaseUrl = z.string().max(2048)
/** Write-only: the key goes to the host and never comes back. */
const ApiKey = z.string().max(API_KEY_MAX)

export const profileInvokes = {
  'profiles:list': {
    doc: 'All profiles (built-in Sandbox first) and the active one.',
    input: NoInput,
    output: ProfileListSchema
  },
  'profiles:add': {
    doc: 'Adds a gateway profile. The base URL and key are checked before anything is saved.',
    input: z.strictObject({
      name: Name,
      baseUrl: BaseUrl,
      key: ApiKey,
      persistence: KeyPersistenceSchema.default('auto')
    }),
    output: ProfileViewSchema
  },
  'profiles:update': {
    doc: 'Edits a profile; a key is replaced only when one is given.',
    input: z.strictObject({
      id: ProfileId,
      name: Name.optional(),
      baseUrl: BaseUrl.optional(),
      key: ApiKey.optional(),
      persistence: KeyPersistenceSchema.optional(),
      displayUnit: DisplayUnitSchema.optional()
    }),
    output: ProfileViewSchema
  },
  'profiles:set-names': {
    doc: "Replaces a profile's gateway names (model names per body family, native image path, asset prefix, version header).",
    input: z.strictObject({ id: ProfileId, names: GatewayNamesSchema }),
    output: ProfileViewSchema
  },
  'profiles:import-names': {
    doc: 'Reads a names file (JSON text) into a profile; every bad field is reported at its path, and nothing changes then.',
    input: z.strictObject({ id: ProfileId, text: z.string().max(NAMES_LIMITS.fileBytesMax) }),
    output: ProfileViewSchema
  },
  'profiles:remove': {
    doc: 'Deletes a profile and its stored key.',
    input: z.strictObject({ id: ProfileId }),
    output: z.strictObject({})
  },
  'profiles:select': {
    doc: 'Makes a profile the active one.',
    input: z.strictObject({ id: ProfileId }),
    output: ProfileListSchema
  },
  'profiles:test-connection': {
    doc: 'Calls the usage route with a saved profile, or with an unsaved address and key, and reports the key.',
    input: z.union([
      z.strictObject({ id: ProfileId }),
      z.strictObject({ baseUrl: BaseUrl, key: ApiKey, id: ProfileId.optional() })
    ]),
    output: ConnectionReportSchema
  },
  'profiles:discover-models': {
    doc: "Fetches the gateway's model lists (GET /v1beta/models with its page tokens, and GET /v1/models); each route reports its own models or error.",
    input: z.strictObject({ id: ProfileId }),
    output: DiscoveryReportSchema
  }
} satisfies Record<string, InvokeSpec>

export const profileEvents = {
  'profiles:changed': ProfileListSchema
}
