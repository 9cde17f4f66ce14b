import { describe, expect, it } from 'vitest'
import { videoTask } from '@renderer/testing/fake-video'
import { indexOf } from '../task-index'
import { modelStats } from './Eta'

describe("a model's durations for the board's ETAs", () => {
  it('takes each model’s succeeded runs only, from start to end, and answers once per index', () => {
    const t0 = 1_000_000
    const index = indexOf([
      videoTask({ id: 'a', model: 'm1', state: 'succeeded', createdAt: t0, completedAt: t0 + 60_000 }),
      videoTask({
        id: 'b',
        model: 'm1',
        state: 'succeeded',
        createdAt: t0,
        submittedAt: t0 + 10_000,
        completedAt: t0 + 130_000
      }),
      videoTask({ id: 'c', model: 'm1', state: 'failed', createdAt: t0, completedAt: t0 + 5_000 }),
      videoTask({ id: 'd', model: 'm1', state: 'running', createdAt: t0 }),
      videoTask({ id: 'e', model: 'm2', state: 'succeeded', createdAt: t0, completedAt: t0 + 30_000 })
    ])
    const stats = modelStats(index)
    expect(stats.get('m1')).toEqual({ median: 90_000, p75: 120_000, runs: 2 })
    expect(stats.get('m2')).toEqual({ median: 30_000, p75: 30_000, runs: 1 })
    expect(stats.get('m3')).toBeUndefined()
    expect(modelStats(index)).toBe(stats)
  })
})
