import { z } from 'zod'
import type { InvokeSpec } from '../contract-kit'
import { COMPARE_MAX, CompareAreaSchema, CompareRunIdSchema, CompareRunSchema, CompareStartSchema } from '../domain/compare'

export const compareRunsInvokes = {
  'compare:start-run': {
    doc: 'Records a compare run (2–4 image or video requests, one per model), then sends one create per cell; the same runId again answers the run already started, sending nothing.',
    input: CompareStartSchema,
    output: CompareRunSchema
  },
  'compare:list-runs': {
    doc: "An area's recent compare runs, newest first.",
    input: z.strictObject({ area: CompareAreaSchema, limit: z.number().int().min(1).max(50).optional() }),
    output: z.object({ runs: z.array(CompareRunSchema) })
  },
  'compare:keep-cell': {
    doc: "Picks a cell as the run's winner (an image cell's results become favourites).",
    input: z.strictObject({ runId: CompareRunIdSchema, index: z.number().int().min(0).max(COMPARE_MAX - 1) }),
    output: CompareRunSchema
  }
} satisfies Record<string, InvokeSpec>

export const compareRunsEvents = {
  'compare:run-updated': CompareRunSchema
}
