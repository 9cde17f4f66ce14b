import { compareWorkflows } from './workflows/compare'
import { maskWorkflows } from './workflows/mask'

/**
 * Creator workflows across areas, driven as a user would against the sandbox. Each workflow lives
 * in its own module under `e2e/workflows/` (so each stays small) and is registered here, one line each.
 */

maskWorkflows()
compareWorkflows()
