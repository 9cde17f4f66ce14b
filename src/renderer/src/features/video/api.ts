/** The video namespace of the typed client (lib/studio.ts), in one place so tests and code agree on it. */
import type { Studio } from '@shared/contract'
import { studio } from '@renderer/lib/studio'

export type VideoApi = Studio['video']

export function videoApi(): VideoApi {
  return studio.video
}
