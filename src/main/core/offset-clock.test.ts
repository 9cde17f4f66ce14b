import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { offsetClock } from './offset-clock'

const dirs: string[] = []
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true })
})

function clockFile(): string {
  const dir = mkdtempSync(join(tmpdir(), 'offset-clock-'))
  dirs.push(dir)
  return join(dir, 'clock')
}

describe('offsetClock', () => {
  it('adds the milliseconds in the file, read again on every call', () => {
    const file = clockFile()
    const now = offsetClock(file, () => 1_000_000)
    expect(now()).toBe(1_000_000)
    writeFileSync(file, '11000\n')
    expect(now()).toBe(1_011_000)
    writeFileSync(file, '-11000')
    expect(now()).toBe(989_000)
  })

  it('shifts nothing for text that is not a whole number', () => {
    const file = clockFile()
    const now = offsetClock(file, () => 5_000)
    for (const text of ['', 'soon', '1.5', '1e9', '12 000']) {
      writeFileSync(file, text)
      expect(now(), text).toBe(5_000)
    }
  })
})
