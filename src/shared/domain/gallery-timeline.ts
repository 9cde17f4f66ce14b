import { z } from 'zod'

/**
 * The gallery as a timeline: pages that start at a date or go either way from an item (so a gallery
 * scrolled far keeps only a few pages and can load the ones above again), and the months it spans.
 */

/** A page next to a loaded item: the items older than it, or the ones newer than it. Keyset on (date, id). */
export const GalleryPageCursorSchema = z.strictObject({
  createdAt: z.number(),
  id: z
    .string()
    .min(1)
    .max(64)
    .regex(/^[A-Za-z0-9_-]+$/),
  toward: z.enum(['older', 'newer'])
})
export type GalleryPageCursor = z.infer<typeof GalleryPageCursorSchema>

/** One month of the gallery in the host's local time: `YYYY-MM`, its items, and its newest item's date (where a jump starts). */
export const GalleryMonthSchema = z.object({
  month: z.string().regex(/^\d{4}-\d{2}$/),
  count: z.number().int().nonnegative(),
  newest: z.number()
})
export type GalleryMonth = z.infer<typeof GalleryMonthSchema>

/** The longest timeline the months answer covers (a clock set wrong once should not make it thousands long). */
export const MAX_MONTHS = 1200
