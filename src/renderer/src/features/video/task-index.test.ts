import { describe, expect, it } from 'vitest'
import { videoTask } from '@renderer/testing/fake-video'
import { indexOf, remixesOf, removeTasks, upsertTasks } from './task-index'

const tasks = [
  videoTask({ id: 'a', createdAt: 3 }),
  videoTask({ id: 'b', createdAt: 2 }),
  videoTask({ id: 'c', createdAt: 1 })
]

describe('task index', () => {
  it('keeps every other task object and the order when one task changes', () => {
    const index = indexOf(tasks)
    const next = upsertTasks(index, [{ ...index.byId.b, progress: 50, updatedAt: index.byId.b.updatedAt + 1 }])
    expect(next.byId.b.progress).toBe(50)
    expect(next.byId.a).toBe(index.byId.a)
    expect(next.byId.c).toBe(index.byId.c)
    expect(next.order).toBe(index.order)
  })

  it('ignores an older copy and puts a new task in createdAt order', () => {
    const index = indexOf(tasks)
    expect(upsertTasks(index, [{ ...index.byId.a, updatedAt: index.byId.a.updatedAt - 1, progress: 1 }])).toBe(index)
    expect(upsertTasks(index, [videoTask({ id: 'new', createdAt: 9 })]).order).toEqual(['new', 'a', 'b', 'c'])
    expect(upsertTasks(index, [videoTask({ id: 'mid', createdAt: 2.5 })]).order).toEqual(['a', 'mid', 'b', 'c'])
  })

  it('removes by id and maps remixes to their source, newest first', () => {
    const index = indexOf([
      ...tasks,
      videoTask({ id: 'r1', createdAt: 4, remixOf: { id: 'a', taskId: 't' } }),
      videoTask({ id: 'r2', createdAt: 5, remixOf: { id: 'a', taskId: 't' } })
    ])
    expect(remixesOf(index).get('a')).toEqual(['r2', 'r1'])
    const less = removeTasks(index, ['b', 'nope'])
    expect(less.order).toEqual(['r2', 'r1', 'a', 'c'])
    expect(removeTasks(index, ['nope'])).toBe(index)
  })
})
