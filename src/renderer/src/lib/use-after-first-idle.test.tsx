import { act, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { useAfterFirstIdle } from './use-after-first-idle'

function Probe({ onRender }: { onRender: (idle: boolean) => void }) {
  const idle = useAfterFirstIdle()
  onRender(idle)
  return <p>{idle ? 'idle' : 'starting'}</p>
}

afterEach(() => vi.unstubAllGlobals())

describe('useAfterFirstIdle (work kept out of the first render, T1)', () => {
  it('is false on the first render and true once the browser has been idle', async () => {
    const idle: Array<() => void> = []
    vi.stubGlobal('requestIdleCallback', (cb: () => void) => idle.push(cb))
    vi.stubGlobal('cancelIdleCallback', () => {})
    const seen: boolean[] = []
    render(<Probe onRender={(v) => seen.push(v)} />)
    expect(seen[0]).toBe(false)
    expect(screen.getByText('starting')).toBeTruthy()
    expect(idle).toHaveLength(1)
    act(() => idle[0]())
    expect(screen.getByText('idle')).toBeTruthy()
  })

  it('falls back to a timer where there are no idle callbacks', async () => {
    vi.stubGlobal('requestIdleCallback', undefined)
    render(<Probe onRender={() => {}} />)
    expect(screen.getByText('starting')).toBeTruthy()
    expect(await screen.findByText('idle')).toBeTruthy()
  })
})
