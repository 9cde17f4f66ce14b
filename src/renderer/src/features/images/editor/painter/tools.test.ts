import { describe, expect, it, vi } from 'vitest'
import { isEditorIconName } from './editor-icons'
import { ariaShortcuts, PAINTER_TOOLS, toolById, toolForKey, type KeyLike, type PainterCommands } from './tools'

const key = (k: string, mods: Partial<KeyLike> = {}): KeyLike => ({
  key: k,
  code: '',
  ctrlKey: false,
  metaKey: false,
  shiftKey: false,
  altKey: false,
  ...mods
})

function commands(): PainterCommands {
  return {
    setSelectMode: vi.fn(),
    grow: vi.fn(),
    shrink: vi.fn(),
    feather: vi.fn(),
    importMask: vi.fn(),
    exportMask: vi.fn(),
    fromTransparency: vi.fn(),
    setTool: vi.fn(),
    stepSize: vi.fn(),
    stepHardness: vi.fn(),
    undo: vi.fn(),
    redo: vi.fn(),
    invert: vi.fn(),
    clear: vi.fn(),
    fill: vi.fn(),
    zoom: vi.fn(),
    fit: vi.fn(),
    setCompare: vi.fn(),
    showHelp: vi.fn(),
    togglePanel: vi.fn()
  }
}

describe('painter tools registry', () => {
  it('maps every documented shortcut to its tool', () => {
    expect(toolForKey(key('b'))?.id).toBe('brush')
    expect(toolForKey(key('E'))?.id).toBe('eraser')
    expect(toolForKey(key('[', { code: 'BracketLeft' }))?.id).toBe('sizeDown')
    expect(toolForKey(key(']', { code: 'BracketRight' }))?.id).toBe('sizeUp')
    expect(toolForKey(key('{', { code: 'BracketLeft', shiftKey: true }))?.id).toBe('softer')
    expect(toolForKey(key('z', { ctrlKey: true }))?.id).toBe('undo')
    expect(toolForKey(key('z', { metaKey: true }))?.id).toBe('undo')
    expect(toolForKey(key('Z', { ctrlKey: true, shiftKey: true }))?.id).toBe('redo')
    expect(toolForKey(key('y', { ctrlKey: true }))?.id).toBe('redo')
    expect(toolForKey(key('+', { shiftKey: true }))?.id).toBe('zoomIn')
    expect(toolForKey(key('=', {}))?.id).toBe('zoomIn')
    expect(toolForKey(key('-'))?.id).toBe('zoomOut')
    expect(toolForKey(key('i'))?.id).toBe('invert')
    expect(toolForKey(key('Delete'))?.id).toBe('clear')
    expect(toolForKey(key('g'))?.id).toBe('fill')
    expect(toolForKey(key('c'))?.id).toBe('compare')
    expect(toolForKey(key('?', { shiftKey: true, code: 'Slash' }))?.id).toBe('help')
    expect(toolForKey(key('\\', { code: 'Backslash' }))?.id).toBe('panel')
  })

  it('gives every tool one shortcut no other tool answers to', () => {
    for (const tool of PAINTER_TOOLS) {
      for (const s of tool.shortcuts) {
        const e = key(s.key ?? '', { code: s.code ?? '', ctrlKey: Boolean(s.mod), shiftKey: s.shift === true })
        expect(toolForKey(e)?.id, `${tool.id} ${s.aria}`).toBe(tool.id)
      }
    }
  })

  it('does not fire plain-key tools with a modifier, nor Ctrl tools without one', () => {
    expect(toolForKey(key('b', { ctrlKey: true }))).toBeUndefined()
    expect(toolForKey(key('z'))).toBeUndefined()
    expect(toolForKey(key('b', { altKey: true }))).toBeUndefined()
    expect(toolForKey(key('x'))).toBeUndefined()
  })

  it('performs the matching command, and compare is held', () => {
    const c = commands()
    toolForKey(key('e'))!.perform(c)
    expect(c.setTool).toHaveBeenCalledWith('eraser')
    toolForKey(key(']', { code: 'BracketRight' }))!.perform(c)
    expect(c.stepSize).toHaveBeenCalledWith(1)
    const compare = toolById('compare')
    compare.perform(c)
    compare.release!(c)
    expect(c.setCompare).toHaveBeenNthCalledWith(1, true)
    expect(c.setCompare).toHaveBeenNthCalledWith(2, false)
  })

  it('has unique ids and names each Ctrl shortcut for both platforms', () => {
    expect(new Set(PAINTER_TOOLS.map((t) => t.id)).size).toBe(PAINTER_TOOLS.length)
    expect(ariaShortcuts(toolById('undo'))).toBe('Control+Z Meta+Z')
    expect(ariaShortcuts(toolById('brush'))).toBe('B')
  })

  it('has an icon for every tool drawn as an icon button (the rail, Add and Subtract)', () => {
    // The brush steps are sliders' keys, and the panel toggle has an icon for each state.
    const buttons = PAINTER_TOOLS.filter((t) => t.group !== 'brush' && t.group !== 'panel')
    expect(buttons.length).toBeGreaterThan(20)
    expect(buttons.filter((t) => !isEditorIconName(t.id)).map((t) => t.id)).toEqual([])
  })
})
