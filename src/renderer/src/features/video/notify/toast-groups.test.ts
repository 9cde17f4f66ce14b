import { describe, expect, it } from 'vitest'
import type { Toast } from '../video-ui-store'
import { groupToasts } from './toast-groups'

let key = 0
const toast = (state: Toast['state'], body: string): Toast => ({
  key: ++key,
  taskId: `t-${key}`,
  state,
  title: state,
  body
})

describe('groupToasts', () => {
  it('shows up to two toasts of an outcome one by one', () => {
    const list = [toast('succeeded', 'a'), toast('failed', 'b'), toast('succeeded', 'c')]
    expect(groupToasts(list).map((e) => (e.kind === 'one' ? e.toast.body : 'summary'))).toEqual(['a', 'b', 'c'])
  })

  it('collapses more than two of an outcome into one summary where the newest one is', () => {
    const list = [
      toast('succeeded', 'a'),
      toast('failed', 'x'),
      toast('succeeded', 'b'),
      toast('succeeded', 'c'),
      toast('succeeded', 'd')
    ]
    const entries = groupToasts(list)
    expect(entries).toHaveLength(2)
    expect(entries[0]).toEqual({ kind: 'one', toast: list[1] })
    expect(entries[1]).toEqual({ kind: 'summary', state: 'succeeded', toasts: [list[0], list[2], list[3], list[4]] })
  })

  it('summarises each outcome on its own', () => {
    const list = ['a', 'b', 'c'].flatMap((p) => [toast('succeeded', p), toast('failed', p)])
    expect(groupToasts(list).map((e) => (e.kind === 'summary' ? `${e.state}:${e.toasts.length}` : 'one'))).toEqual([
      'succeeded:3',
      'failed:3'
    ])
  })
})
