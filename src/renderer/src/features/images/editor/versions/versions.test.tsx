import { cleanup, fireEvent, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { ReactNode } from 'react'
import { I18nextProvider } from 'react-i18next'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { createI18n } from '@renderer/i18n'
import { loadAreaStrings } from '@renderer/i18n/area-strings'
import { versionNumbers } from '@renderer/lib/versions'
import type { VersionTree } from '@shared/domain/lineage'
import { parseCount } from './MoreLikeThis'
import { splitForKey, VersionCompare } from './VersionCompare'
import { VersionStrip } from './VersionStrip'

beforeAll(() => loadAreaStrings())
afterEach(cleanup)

const withI18n = (ui: ReactNode) => render(<I18nextProvider i18n={createI18n('en')}>{ui}</I18nextProvider>)

/** root → e1 → e2, and b1 a branch from root made last (the tree lists it after e1's line). */
const tree: VersionTree = {
  rootId: 'root',
  currentId: 'e2',
  nodes: [
    { id: 'root', depth: 0, exists: true, prompt: 'a lighthouse', model: 'm', thumbUrl: '/media/root', createdAt: 1 },
    {
      id: 'e1',
      parentId: 'root',
      relation: 'edit',
      depth: 1,
      exists: true,
      prompt: 'a boat',
      model: 'm',
      thumbUrl: '/media/e1',
      createdAt: 2
    },
    {
      id: 'e2',
      parentId: 'e1',
      relation: 'edit',
      depth: 2,
      exists: true,
      prompt: 'fog',
      model: 'm',
      thumbUrl: '/media/e2',
      createdAt: 3
    },
    { id: 'gone', parentId: 'e1', relation: 'edit', depth: 2, exists: false, prompt: '', model: '' },
    {
      id: 'b1',
      parentId: 'root',
      relation: 'edit',
      depth: 1,
      exists: true,
      prompt: 'a moon',
      model: 'm',
      thumbUrl: '/media/b1',
      createdAt: 4
    }
  ]
}

describe('version strip', () => {
  it('numbers versions by when they were made, names where each came from, marks the current one, and picks on click', async () => {
    expect([...versionNumbers(tree)]).toEqual([
      ['root', 1],
      ['e1', 2],
      ['e2', 3],
      ['b1', 4],
      ['gone', 5]
    ])
    const onPick = vi.fn()
    withI18n(<VersionStrip tree={tree} currentId="e2" onPick={onPick} />)
    const strip = screen.getByRole('navigation', { name: 'Versions of this picture' })
    const buttons = [...strip.querySelectorAll('button')]
    expect(buttons.map((b) => b.getAttribute('aria-current'))).toEqual([null, null, 'true', null, null])
    expect(screen.getByRole('button', { name: /^Version 1 \(original\)/ })).toBeTruthy()
    expect(screen.getByRole('button', { name: /^Version 4, from version 1/ })).toBeTruthy()
    const deleted = screen.getByRole('button', { name: /^Version 5, from version 2 · deleted/ }) as HTMLButtonElement
    expect(deleted.disabled).toBe(true)
    await userEvent.click(screen.getByRole('button', { name: /^Version 2, from version 1/ }))
    expect(onPick).toHaveBeenCalledWith(expect.objectContaining({ id: 'e1' }))
  })
})

describe('split comparison', () => {
  it('the divider is a slider: arrows move it by 1, Shift by 10, Home and End to the ends, clamped', () => {
    expect(splitForKey('ArrowRight', false, 50)).toBe(51)
    expect(splitForKey('ArrowLeft', true, 50)).toBe(40)
    expect(splitForKey('ArrowUp', true, 95)).toBe(100)
    expect(splitForKey('ArrowDown', false, 0)).toBe(0)
    expect(splitForKey('Home', false, 50)).toBe(0)
    expect(splitForKey('End', false, 50)).toBe(100)
    expect(splitForKey('a', false, 50)).toBeNull()
  })

  it('shows any two versions; the keyboard moves the split and clips the "after" image; holding shows "before" whole', async () => {
    const user = userEvent.setup()
    withI18n(<VersionCompare tree={tree} beforeId="e1" afterId="e2" />)
    const slider = screen.getByRole('slider', { name: 'Split between the two versions' })
    const after = () => screen.getByTestId('version-compare-after')
    expect(slider.getAttribute('aria-valuenow')).toBe('50')
    slider.focus()
    await user.keyboard('{ArrowRight}{ArrowRight}')
    expect(slider.getAttribute('aria-valuenow')).toBe('52')
    await user.keyboard('{Shift>}{ArrowLeft}{/Shift}')
    expect(slider.getAttribute('aria-valuenow')).toBe('42')
    expect(after().style.clipPath).toBe('inset(0 0 0 42%)')
    // Another pair: the original against the branch.
    await user.selectOptions(screen.getByRole('combobox', { name: 'Before' }), 'root')
    await user.selectOptions(screen.getByRole('combobox', { name: 'After' }), 'b1')
    expect(screen.getByRole('img', { name: 'Showing Version 1 (original)' })).toBeTruthy()
    expect(after().getAttribute('src')).toBe('/media/b1')
    // The deleted version cannot be chosen.
    expect(screen.getAllByRole('option').map((o) => o.getAttribute('value'))).not.toContain('gone')
    const hold = screen.getByRole('button', { name: 'Hold to compare' })
    fireEvent.pointerDown(hold)
    expect(hold.getAttribute('aria-pressed')).toBe('true')
    expect(after().style.clipPath).toBe('inset(0 0 0 0%)')
    fireEvent.pointerUp(hold)
    expect(after().style.clipPath).toBe('inset(0 0 0 42%)')
    hold.focus()
    fireEvent.keyDown(hold, { key: ' ' })
    expect(hold.getAttribute('aria-pressed')).toBe('true')
    fireEvent.keyUp(hold, { key: ' ' })
    expect(hold.getAttribute('aria-pressed')).toBe('false')
  })
})

describe('"More like this" count', () => {
  it('takes a whole number from 1 to 8 only', () => {
    expect(['1', '4', ' 8 '].map(parseCount)).toEqual([1, 4, 8])
    expect(['0', '9', '2.5', '', 'four', '-1'].map(parseCount)).toEqual([null, null, null, null, null, null])
  })
})
