import type { Metric } from '../lib/metric'
import { b1 } from './b1'
import { b2 } from './b2'
import { b4 } from './b4'
import { c1 } from './c1'
import { c1Tools } from './c1-tools'
import { c2 } from './c2'
import { c3 } from './c3'
import { c4 } from './c4'
import { g1, g2, g3, g4, g5 } from './g'
import { g6, g6Jump } from './g6'
import { l1 } from './l1'
import { m1 } from './m1'
import { mdPeers } from './md-peers'
import { p1 } from './p1'
import { p2 } from './p2'
import { p3 } from './p3'
import { q1, q2 } from './q'
import { r1 } from './r1'
import { r3 } from './r3'
import { s1 } from './s1'
import { s2 } from './s2'
import { t1 } from './t1'
import { t2 } from './t2'
import { t3 } from './t3'

/** The suite in run order: start-up first (cheapest, least disturbed), then relay, then renderer. */
export const METRICS: Metric[] = [t1, t2, r1, r3, s1, s2, mdPeers, l1, m1]
// Video host (P1, P2, B4): in-process, simulated time where the spec says simulated minutes.
METRICS.push(p1, p2, b4)
// Video board (P3): the renderer under a routed bridge feed.
METRICS.push(p3)
// Balance chart (T3).
METRICS.push(t3)
// Images (issue 5): the painter and editor (C), then media transfer (B).
METRICS.push(c1, c1Tools, c2, c3, c4, b1, b2)
// Library growth (issue 19): the same action on a large and a small seeded library.
METRICS.push(g1, g2, g3, g4, g5)
// A year of pictures (issue 26): the gallery scrolled through 50,000 images, and its timeline.
METRICS.push(g6, g6Jump)
// Costs and the queue (issue 28): the queue with many waiting, an estimate against a long generation log.
METRICS.push(q1, q2)
