/** Profile form limits without zod, for the renderer (profiles.ts builds schemas at load; it re-exports these). */
export const PROFILE_NAME_MAX = 60
export const API_KEY_MAX = 512
