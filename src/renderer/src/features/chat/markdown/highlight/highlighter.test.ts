import { afterEach, describe, expect, it, vi } from 'vitest'

afterEach(() => {
  vi.unstubAllGlobals()
  vi.resetModules()
})

describe('code colouring', () => {
  it('runs only in idle time, never inside the frame that asked for it', async () => {
    const idle: Array<(deadline: { didTimeout: boolean; timeRemaining: () => number }) => void> = []
    vi.stubGlobal('requestIdleCallback', (cb: (typeof idle)[number]) => idle.push(cb))
    const { highlight } = await import('./highlighter')
    let tree: unknown = 'pending'
    const done = highlight('const answer = 42', 'ts').then((t) => (tree = t))
    // The grammar loads; the colouring itself waits for the page to be idle.
    await vi.waitFor(() => expect(idle).toHaveLength(1), { timeout: 10_000 })
    await new Promise((r) => setTimeout(r, 20))
    expect(tree).toBe('pending')
    idle.shift()!({ didTimeout: false, timeRemaining: () => 10 })
    await done
    expect(JSON.stringify(tree)).toContain('hljs-keyword')
  })

  it('colours one block per idle slice when the page has no time to spare, and every block in the end', async () => {
    const idle: Array<(deadline: { didTimeout: boolean; timeRemaining: () => number }) => void> = []
    vi.stubGlobal('requestIdleCallback', (cb: (typeof idle)[number]) => idle.push(cb))
    const { highlight } = await import('./highlighter')
    const results: unknown[] = []
    const all = Promise.all(['let a = 1', 'let b = 2', 'let c = 3'].map((code) => highlight(code, 'js').then((t) => results.push(t))))
    await vi.waitFor(() => expect(idle).toHaveLength(1), { timeout: 10_000 })
    await new Promise((r) => setTimeout(r, 20))
    let slices = 0
    while (idle.length > 0) {
      slices += 1
      idle.shift()!({ didTimeout: false, timeRemaining: () => 0 })
      await new Promise((r) => setTimeout(r, 0))
    }
    await all
    expect(slices).toBe(3)
    expect(results).toHaveLength(3)
  })
})
