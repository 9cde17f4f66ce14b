import { describe, expect, it } from 'vitest'
import { sizeReport } from './job-text'

describe('requested versus actual size', () => {
  it('compares W*H and WxH requests with the received size', () => {
    expect(sizeReport({ width: 1024, height: 1024, requestedSize: '2048*2048' })).toEqual({
      kind: 'differs',
      requested: '2048x2048',
      actual: '1024x1024'
    })
    expect(sizeReport({ width: 1920, height: 1080, requestedSize: '1920x1080' })).toEqual({
      kind: 'matches',
      actual: '1920x1080'
    })
    expect(sizeReport({ width: 800, height: 600 })).toEqual({ kind: 'actual', actual: '800x600' })
  })
})
