import { chatCompareWorkflows } from './workflows/chat-compare'
import { compareWorkflows } from './workflows/compare'
import { flowsWorkflows } from './workflows/flows'
import { maskWorkflows } from './workflows/mask'
import { promptWorkflows } from './workflows/prompts'

/**
 * Creator workflows across areas, driven as a user would against the sandbox. Each workflow lives
 * in its own module under `e2e/workflows/` (so each stays small) and is registered here, one line each.
 */

maskWorkflows()
chatCompareWorkflows()
flowsWorkflows()
promptWorkflows()
compareWorkflows()
