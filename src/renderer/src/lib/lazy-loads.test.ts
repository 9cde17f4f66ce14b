import { describe, expect, it } from 'vitest'
import { settleLoads, trackLoad } from './lazy-loads'

describe('lazy chunk tracking', () => {
  it('settles only after every tracked load, including one a load starts, and failures count as settled', async () => {
    const order: string[] = []
    let releaseOuter!: () => void
    const outer = trackLoad(
      new Promise<void>((resolve) => (releaseOuter = resolve)).then(() => {
        order.push('outer')
        // A chunk that, once arrived, starts another (the engine asking for a grammar).
        void trackLoad(new Promise<void>((resolve) => setTimeout(resolve, 5)).then(() => order.push('inner')))
      })
    )
    void trackLoad(Promise.reject(new Error('chunk missing'))).catch(() => order.push('failed'))
    setTimeout(releaseOuter, 5)
    await settleLoads()
    order.push('settled')
    expect(order).toEqual(['failed', 'outer', 'inner', 'settled'])
    await outer
  })

  it('returns the load itself and resolves at once when nothing is loading', async () => {
    const load = Promise.resolve(7)
    expect(trackLoad(load)).toBe(load)
    await settleLoads()
    await expect(settleLoads()).resolves.toBeUndefined()
  })
})
