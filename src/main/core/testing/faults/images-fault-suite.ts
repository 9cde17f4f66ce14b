import { afterEach } from 'vitest'
import { imagesHarness, type ImagesHarness } from '../../images/testing/harness'
import type { ImageTiming } from '../../images/timing'
import { sandboxSuite, type SandboxSuite } from '../sandbox-suite'
import { faultingFetch, isPoll, type FaultRule } from './support'

export interface ImagesFaultSuite extends SandboxSuite<ImagesHarness> {
  /** Faults a test aims at single requests (emptied after each test). */
  rules: FaultRule[]
  /** When each native poll left (emptied after each test): how tests measure the wait between polls. */
  polledAt: number[]
}

/**
 * The images host over one sandbox for a whole fault file: faults armed on the sandbox or aimed at
 * one request by `rules`, and nothing of a test (faults, log, rules, poll times) left for the next.
 */
export function imagesFaultSuite(timing?: Partial<ImageTiming>): ImagesFaultSuite {
  const rules: FaultRule[] = []
  const polledAt: number[] = []
  const timed: typeof fetch = (input, init) => {
    if (isPoll(String(input))) polledAt.push(performance.now())
    return fetch(input, init)
  }
  const suite = sandboxSuite((o) => imagesHarness({ ...o, fetch: faultingFetch(rules, timed), timing }), {
    resetEach: true
  })
  afterEach(() => {
    rules.length = 0
    polledAt.length = 0
  })
  return { ...suite, rules, polledAt }
}
