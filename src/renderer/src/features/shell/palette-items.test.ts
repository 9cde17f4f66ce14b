import { describe, expect, it } from 'vitest'
import { rankEntries, type PaletteEntry } from './palette-items'

const entry = (label: string, detail?: string): PaletteEntry => ({ id: label, label, detail, run: () => {} })
const ENTRIES = [
  entry('Go to Chat'),
  entry('Go to Video'),
  entry('New chat'),
  entry('New image'),
  entry('Back up the library'),
  entry('Switch to the dark theme'),
  entry('Open the prompt library'),
  entry('Edit an image…'),
  entry('Edit the last image'),
  entry('Settings: Appearance'),
  entry('设置：外观')
]
const labels = (q: string) => rankEntries(ENTRIES, q).map((e) => e.label)

describe('palette ranking', () => {
  it('puts labels that begin with the query first, in their given order', () => {
    expect(labels('ed').slice(0, 2)).toEqual(['Edit an image…', 'Edit the last image'])
  })

  it('ranks a word that begins with the query above fuzzy neighbours', () => {
    const found = labels('theme')
    expect(found[0]).toBe('Switch to the dark theme')
    const backUp = found.indexOf('Back up the library')
    expect(backUp === -1 || backUp > 0).toBe(true)
  })

  it('matches a word inside the label, and CJK text without spaces', () => {
    expect(labels('appear')[0]).toBe('Settings: Appearance')
    expect(labels('外观')[0]).toBe('设置：外观')
  })

  it('still finds typos through fuzzy matching, after the prefix matches', () => {
    expect(labels('vdeo')[0]).toBe('Go to Video')
  })

  it('keeps the given order for an empty query and honours the limit', () => {
    expect(rankEntries(ENTRIES, '  ', 3).map((e) => e.label)).toEqual(['Go to Chat', 'Go to Video', 'New chat'])
    expect(rankEntries(ENTRIES, 'e', 2)).toHaveLength(2)
  })
})
