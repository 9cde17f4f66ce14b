import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import type { VideoTask } from '@shared/domain/video'
import { openLibrary } from '../store/library-db'
import { TaskJournal, type TaskRecord } from './task-journal'
import { VIDEO_TASKS_SCHEMA } from './task-table'

const record = (id: string, phase: TaskRecord['phase'], more: Partial<VideoTask> = {}): TaskRecord => ({
  version: 1,
  phase,
  task: {
    id,
    taskId: `task_${id}`,
    profileId: 'p',
    model: 'video-model',
    prompt: `prompt ${id}`,
    state: phase === 'ended' ? 'succeeded' : 'running',
    createdAt: Number(id.slice(1)),
    updatedAt: 0,
    ...more
  } as VideoTask
})

describe('video task journal: what a start reads', () => {
  it('reads only the tasks not ended at open; the rest are read a page at a time, the same record each time', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'video-journal-'))
    const a = await TaskJournal.open(dir, () => {})
    for (let i = 1; i <= 40; i++)
      await a.put(
        record(
          `v${i}`,
          i === 7 ? 'polling' : i === 9 ? 'downloading' : 'ended',
          i % 4 === 0 ? { state: 'failed', model: 'other-model' } : {}
        )
      )
    a.close()

    const b = await TaskJournal.open(dir, () => {})
    const read: string[] = []
    b.onRead = (rec) => read.push(rec.task.id)
    expect(
      b
        .loaded()
        .map((r) => r.task.id)
        .sort()
    ).toEqual(['v7', 'v9'])
    expect(b.size).toBe(40)
    const first = b.page({}, undefined, 10)
    expect(first.total).toBe(40)
    expect(first.records.map((r) => r.task.id)).toEqual([
      'v40',
      'v39',
      'v38',
      'v37',
      'v36',
      'v35',
      'v34',
      'v33',
      'v32',
      'v31'
    ])
    expect(read).toHaveLength(10)
    // A record read once is the one every caller holds.
    expect(b.get('v40')).toBe(first.records[0])
    expect(b.page({ states: ['failed'], model: 'other-model' }, 20, 100).records.map((r) => r.task.id)).toEqual([
      'v16',
      'v12',
      'v8',
      'v4'
    ])
    expect(b.page({ states: ['running'] }, undefined, 100).records.map((r) => r.task.id)).toEqual(['v9', 'v7'])
    expect(b.get('nope')).toBeUndefined()
    b.close()
  })

  it('a database from before the board columns gets them filled from the records', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'video-journal-'))
    const lib = openLibrary(dir)
    lib.schema('video-tasks', VIDEO_TASKS_SCHEMA.slice(0, 1))
    const old = record('v3', 'ended', { state: 'failed', returnedModel: 'video-model-fast' })
    lib.run(
      'INSERT INTO video_tasks (id, created_at, phase, prompt, detail, record) VALUES (?, ?, ?, ?, ?, ?)',
      'v3',
      3,
      'ended',
      old.task.prompt,
      '',
      JSON.stringify(old)
    )
    lib.run(
      'INSERT INTO video_tasks (id, created_at, phase, prompt, detail, record) VALUES (?, ?, ?, ?, ?, ?)',
      'v4',
      4,
      'ended',
      '',
      '',
      '{damaged'
    )
    lib.release()

    const j = await TaskJournal.open(dir, () => {})
    expect(
      j.page({ states: ['failed'], model: 'video-model-fast' }, undefined, 10).records.map((r) => r.task.id)
    ).toEqual(['v3'])
    // A damaged row is left out of a page rather than breaking the board.
    expect(j.page({}, undefined, 10)).toMatchObject({ total: 2, records: [{ task: { id: 'v3' } }] })
    j.close()
  })
})
