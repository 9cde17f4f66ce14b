import { describe, expect, it } from 'vitest'
import { FakeWebContents } from './testing/fakes'
import { WindowRegistry } from './window-registry'

describe('WindowRegistry', () => {
  it('knows exactly the webContents it was given, by identity', () => {
    const windows = new WindowRegistry()
    const ours = new FakeWebContents()
    windows.add(ours.asElectron)
    expect(windows.has(ours)).toBe(true)
    expect(windows.has(new FakeWebContents())).toBe(false)
    expect(windows.has({ id: ours.id })).toBe(false)
    for (const v of [undefined, null, 0, 'x', {}]) expect(windows.has(v)).toBe(false)
  })

  it('forgets a webContents once it is destroyed', () => {
    const windows = new WindowRegistry()
    const wc = new FakeWebContents()
    windows.add(wc.asElectron)
    expect(windows.live()).toEqual([wc])
    wc.destroy()
    expect(windows.has(wc)).toBe(false)
    expect(windows.live()).toEqual([])
  })
})
