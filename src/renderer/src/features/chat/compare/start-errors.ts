import { create } from 'zustand'
import type { StudioErrorData } from '@shared/errors'

/**
 * Columns whose answer could not start (the host said why in its answer to the start); shown in
 * the column until the run is settled. Only for this session: nothing was sent for such a column.
 */
interface StartErrors {
  errors: Readonly<Record<string, StudioErrorData>>
  put: (errors: Record<string, StudioErrorData>) => void
}

export const useCompareStarts = create<StartErrors>()((set) => ({
  errors: {},
  put: (errors) => set((s) => ({ errors: { ...s.errors, ...errors } }))
}))

/** For tests: no column has failed to start. */
export function resetCompareStarts(): void {
  useCompareStarts.setState({ errors: {} })
}
