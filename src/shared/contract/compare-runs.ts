import { z } from 'zod'
import type { InvokeSpec } from '../contract-kit'
import {
  COMPARE_MAX,
  CompareRunIdSchema,
  CompareStartSchema,
  MediaCompareAreaSchema,
  MediaCompareRunSchema
} from '../domain/compare'

/** The image and video side of the compare engine (src/main/core/compare); chat runs use `chat:*-compare`. */
export const compareRunsInvokes = {
  'compare:start-run': {
    doc: 'Records a compare run (2–4 image or video requests, one per model), then sends one create per cell; the same runId again answers the run already started, sending nothing.',
    input: CompareStartSchema,
    output: MediaCompareRunSchema
  },
  'compare:list-runs': {
    doc: "An area's recent compare runs, newest first.",
    input: z.strictObject({ area: MediaCompareAreaSchema, limit: z.number().int().min(1).max(50).optional() }),
    output: z.object({ runs: z.array(MediaCompareRunSchema) })
  },
  'compare:keep-cell': {
    doc: "Picks a cell as the run's winner (an image cell's results become favourites).",
    input: z.strictObject({
      runId: CompareRunIdSchema,
      index: z
        .number()
        .int()
        .min(0)
        .max(COMPARE_MAX - 1)
    }),
    output: MediaCompareRunSchema
  }
} satisfies Record<string, InvokeSpec>

export const compareRunsEvents = {
  'compare:run-updated': MediaCompareRunSchema
}
