import { z } from 'zod'
import { StudioErrorDataSchema } from '../errors'

/**
 * Model discovery: what a profile's gateway lists on its two model-list routes. Each route reports
 * on its own, so a gateway that serves only one of them (or refuses one) still yields names, and the
 * page can say which route failed.
 */
export const DISCOVERY_ROUTES = ['GET /v1beta/models', 'GET /v1/models'] as const
export type DiscoveryRoute = (typeof DISCOVERY_ROUTES)[number]

/** Bounds on what a gateway may hand over; names beyond them are dropped, never sent to the page. */
export const DISCOVERY_LIMITS = {
  nameMax: 200,
  labelMax: 200,
  endpointTypeMax: 64,
  endpointTypesMax: 16,
  modelsMax: 5000
} as const

export const DiscoveredModelSchema = z.object({
  name: z.string().min(1).max(DISCOVERY_LIMITS.nameMax),
  label: z.string().max(DISCOVERY_LIMITS.labelMax).optional(),
  endpointTypes: z
    .array(z.string().max(DISCOVERY_LIMITS.endpointTypeMax))
    .max(DISCOVERY_LIMITS.endpointTypesMax)
    .optional()
})
export type DiscoveredModel = z.infer<typeof DiscoveredModelSchema>

export const DiscoveryRouteReportSchema = z.object({
  route: z.enum(DISCOVERY_ROUTES),
  ok: z.boolean(),
  models: z.array(DiscoveredModelSchema).max(DISCOVERY_LIMITS.modelsMax),
  error: StudioErrorDataSchema.optional()
})
export type DiscoveryRouteReport = z.infer<typeof DiscoveryRouteReportSchema>

export const DiscoveryReportSchema = z.object({
  /** When the host asked (ms since epoch). */
  fetchedAt: z.number(),
  routes: z.array(DiscoveryRouteReportSchema)
})
export type DiscoveryReport = z.infer<typeof DiscoveryReportSchema>
