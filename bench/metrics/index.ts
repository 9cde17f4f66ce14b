import type { Metric } from '../lib/metric'
import { l1 } from './l1'
import { m1 } from './m1'
import { r1 } from './r1'
import { r3 } from './r3'
import { s1 } from './s1'
import { s2 } from './s2'
import { t1 } from './t1'
import { t2 } from './t2'
import { t3 } from './t3'

/** The suite in run order: start-up first (cheapest, least disturbed), then relay, then renderer. */
export const METRICS: Metric[] = [t1, t2, r1, r3, s1, s2, l1, m1, t3]
