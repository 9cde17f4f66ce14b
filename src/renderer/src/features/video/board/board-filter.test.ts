import { describe, expect, it } from 'vitest'
import { videoTask } from '@renderer/testing/fake-video'
import { indexOf } from '../task-index'
import { EMPTY_FILTER, filterTasks, modelsOf } from './board-filter'
import { formatDuration, paramSummary } from './card-text'

const day = (y: number, m: number, d: number, h = 12) => new Date(y, m - 1, d, h).getTime()
const index = indexOf([
  videoTask({ id: 'run', state: 'running', model: 'gk-video-3', prompt: 'a red kite', createdAt: day(2026, 1, 5) }),
  videoTask({
    id: 'ok',
    state: 'succeeded',
    model: 'Kl-2.6',
    returnedModel: 'Kl-2.6-std-5s',
    prompt: 'harbour',
    createdAt: day(2026, 1, 4)
  }),
  videoTask({
    id: 'bad',
    state: 'failed',
    model: 'vidq1',
    prompt: 'storm',
    error: { message: 'moderation', code: 'policy_violation' },
    createdAt: day(2026, 1, 3)
  }),
  videoTask({ id: 'unk', state: 'outcome-unknown', model: 'vidq1', prompt: 'dusk', createdAt: day(2026, 1, 2) })
])

describe('board filter', () => {
  it('returns the order itself when nothing is filtered', () => {
    expect(filterTasks(index, EMPTY_FILTER)).toBe(index.order)
  })

  it('filters by status group, model, text (prompt, returned model, error code) and inclusive dates', () => {
    expect(filterTasks(index, { ...EMPTY_FILTER, status: 'active' })).toEqual(['run'])
    expect(filterTasks(index, { ...EMPTY_FILTER, status: 'attention' })).toEqual(['unk'])
    expect(filterTasks(index, { ...EMPTY_FILTER, model: 'vidq1' })).toEqual(['bad', 'unk'])
    expect(filterTasks(index, { ...EMPTY_FILTER, query: 'STD-5S' })).toEqual(['ok'])
    expect(filterTasks(index, { ...EMPTY_FILTER, query: 'policy' })).toEqual(['bad'])
    expect(filterTasks(index, { ...EMPTY_FILTER, from: '2026-01-03', to: '2026-01-04' })).toEqual(['ok', 'bad'])
    expect(modelsOf(index)).toEqual(['Kl-2.6', 'gk-video-3', 'vidq1'])
  })
})

describe('board search through the host index', () => {
  it("shows what the host's index found, and matches here only the tasks changed since it was asked", () => {
    const q = { ...EMPTY_FILTER, query: 'harbour' }
    // The host's answer wins over the local text (it searched every task, in the database).
    expect(filterTasks(index, q, { ids: new Set(['run']), at: Number.MAX_SAFE_INTEGER })).toEqual(['run'])
    expect(filterTasks(index, q, { ids: new Set(), at: Number.MAX_SAFE_INTEGER })).toEqual([])
    // Tasks updated after the search ran are matched on the board (no stale miss while it asks again).
    expect(filterTasks(index, q, { ids: new Set(), at: 0 })).toEqual(['ok'])
    // The other filters still apply to what the host found.
    expect(
      filterTasks(index, { ...q, status: 'failed' }, { ids: new Set(['run', 'bad']), at: Number.MAX_SAFE_INTEGER })
    ).toEqual(['bad'])
  })
})

describe('card text', () => {
  it('formats elapsed time and the parameter summary', () => {
    expect([formatDuration(42_000), formatDuration(185_000), formatDuration(3_725_000)]).toEqual([
      '0:42',
      '3:05',
      '1:02:05'
    ])
    expect(paramSummary({ size: '720P', aspect_ratio: '16:9', seconds: 10 })).toBe('720P · 16:9 · 10 s')
    expect(paramSummary({ output_config: { resolution: '1080P', duration: 5 } })).toBe('1080P · 5 s')
  })
})
