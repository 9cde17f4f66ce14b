import type { Metric } from '../lib/metric'
import { entry } from '../lib/report'
import { sized } from '../lib/smoke'
import { interleave, median, round } from '../lib/stats'

const TASKS = 100
const SIM_MS = sized(10, 1) * 60_000
const PAIRS = sized(5, 1)

/**
 * P1: host CPU while polling 100 running video tasks over 10 simulated minutes (fake clock, an
 * in-process gateway), against a fixed 5 s, one-fetch-per-poll loop in the same run.
 */
export const p1: Metric = {
  id: 'P1',
  describes: [
    {
      id: 'P1',
      metric: 'host CPU polling 100 running video tasks, % of one core over 10 simulated minutes',
      target: '<= 1% of one core'
    },
    {
      id: 'P1-requests',
      metric: 'poll requests in 10 simulated minutes vs fixed 5 s polling',
      target: '<= 0.5x baseline'
    }
  ],
  budgetMs: 180_000,
  async run(ctx) {
    // Loaded here: src/ resolves '@shared/*' only after the runner has set TSX_TSCONFIG_PATH.
    const { subjectPolling, baselinePolling } = await import('../lib/video-sim')
    const runs = await interleave(PAIRS, {
      baseline: () => baselinePolling(TASKS, SIM_MS, {}),
      subject: () => subjectPolling(TASKS, SIM_MS, {})
    })
    const pct = (ms: number) => (ms / SIM_MS) * 100
    const cpu = median(runs.subject.map((r) => pct(r.cpuMs)))
    const cpuBase = median(runs.baseline.map((r) => pct(r.cpuMs)))
    const req = median(runs.subject.map((r) => r.stats.requests.length))
    const reqBase = median(runs.baseline.map((r) => r.stats.requests.length))
    ctx.log(`P1: subject ${round(cpu, 3)}% (${req} requests), baseline ${round(cpuBase, 3)}% (${reqBase} requests)`)
    return [
      entry({
        id: 'P1',
        metric: this.describes[0].metric,
        value: cpu,
        baseline: cpuBase,
        target: this.describes[0].target,
        pass: cpu <= 1,
        runs: PAIRS
      }),
      entry({
        id: 'P1-requests',
        metric: this.describes[1].metric,
        value: req,
        baseline: reqBase,
        target: this.describes[1].target,
        pass: req / reqBase <= 0.5,
        runs: PAIRS
      })
    ]
  }
}
