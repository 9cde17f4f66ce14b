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
    const all = Promise.all(
      ['let a = 1', 'let b = 2', 'let c = 3'].map((code) => highlight(code, 'js').then((t) => results.push(t)))
    )
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

describe('every listed grammar', () => {
  it('loads and colours a line of its language (a wrong grammar path or a grammar that needs another would fail here)', async () => {
    const { GRAMMARS } = await import('./languages')
    const { highlight } = await import('./highlighter')
    // plaintext is listed so its names are known; it is shown plain on purpose.
    const names = Object.keys(GRAMMARS).filter((n) => n !== 'plaintext')
    const trees = await Promise.all(names.map((name) => highlight('x = 1 # note "text" 42', name)))
    // Each one answers with a tree (null would mean the grammar could not be used).
    expect(names.filter((_, i) => trees[i] === null)).toEqual([])
  }, 60_000)

  it('takes the names models write for the newer ones', async () => {
    const { grammarName } = await import('./languages')
    expect(['bat', 'cmd', 'ino', 'coffee', 'f90', 'jinja', 'hbs', 'vhd', 'pascal', 'feature'].map(grammarName)).toEqual(
      ['dos', 'dos', 'arduino', 'coffeescript', 'fortran', 'django', 'handlebars', 'vhdl', 'delphi', 'gherkin']
    )
  })
})
