/**
 * Painter commands as data (Excalidraw's action registry): one list feeds the toolbar buttons,
 * their tooltips and aria-keyshortcuts, and the key handler, so a shortcut can never exist
 * without its button or drift from what the tooltip says.
 */

import type { SelectionMode } from '../model/mask-model'
import type { PointerTool } from '../state/painter-prefs'

export type ToolId =
  | 'brush'
  | 'eraser'
  | 'lasso'
  | 'polygon'
  | 'rect'
  | 'ellipse'
  | 'add'
  | 'subtract'
  | 'grow'
  | 'shrink'
  | 'feather'
  | 'importMask'
  | 'exportMask'
  | 'transparency'
  | 'sizeDown'
  | 'sizeUp'
  | 'softer'
  | 'harder'
  | 'undo'
  | 'redo'
  | 'invert'
  | 'clear'
  | 'fill'
  | 'zoomIn'
  | 'zoomOut'
  | 'fit'
  | 'compare'
  | 'help'
  | 'panel'

/** What a tool can do; the painter provides it (store actions plus the engine's view). */
export interface PainterCommands {
  setTool(tool: PointerTool): void
  /** Whether a selection adds to the mask or cuts from it (Shift and Alt choose per drag). */
  setSelectMode(mode: SelectionMode): void
  /** Grow, shrink and feather by the toolbar's amount (pixels). */
  grow(): void
  shrink(): void
  feather(): void
  /** Opens the file chooser for a mask PNG. */
  importMask(): void
  exportMask(): void
  fromTransparency(): void
  stepSize(direction: 1 | -1): void
  stepHardness(direction: 1 | -1): void
  undo(): void
  redo(): void
  invert(): void
  clear(): void
  fill(): void
  zoom(direction: 1 | -1): void
  fit(): void
  setCompare(on: boolean): void
  /** Opens the shortcut sheet. */
  showHelp(): void
  /** Shows or hides the docked edit panel beside the canvas. */
  togglePanel(): void
}

export interface Shortcut {
  /** KeyboardEvent.key, compared case-insensitively. */
  key?: string
  /** KeyboardEvent.code, for keys whose `key` changes with Shift (the brackets). */
  code?: string
  /** Ctrl on Windows/Linux or Cmd on macOS. */
  mod?: boolean
  /** Default false; 'any' for characters typed with or without Shift ('+'). */
  shift?: boolean | 'any'
  /** For aria-keyshortcuts and tooltips, e.g. "Control+Shift+Z". */
  aria: string
}

export interface PainterTool {
  id: ToolId
  /** Where its button lives: the rail (tool, history, mask, file, view), the properties bar (select, brush), the editor's head (panel). */
  group: 'tool' | 'select' | 'brush' | 'history' | 'mask' | 'file' | 'view' | 'panel'
  shortcuts: readonly Shortcut[]
  perform(c: PainterCommands): void
  /** Held-key tools: perform on key down, release on key up (compare while held). */
  release?(c: PainterCommands): void
}

const k = (key: string, aria = key.toUpperCase()): Shortcut => ({ key, aria })

export const PAINTER_TOOLS: readonly PainterTool[] = [
  { id: 'brush', group: 'tool', shortcuts: [k('b')], perform: (c) => c.setTool('brush') },
  { id: 'eraser', group: 'tool', shortcuts: [k('e')], perform: (c) => c.setTool('eraser') },
  { id: 'lasso', group: 'tool', shortcuts: [k('l')], perform: (c) => c.setTool('lasso') },
  { id: 'polygon', group: 'tool', shortcuts: [k('p')], perform: (c) => c.setTool('polygon') },
  { id: 'rect', group: 'tool', shortcuts: [k('m')], perform: (c) => c.setTool('rect') },
  { id: 'ellipse', group: 'tool', shortcuts: [k('o')], perform: (c) => c.setTool('ellipse') },
  { id: 'add', group: 'select', shortcuts: [k('a')], perform: (c) => c.setSelectMode('add') },
  { id: 'subtract', group: 'select', shortcuts: [k('s')], perform: (c) => c.setSelectMode('subtract') },
  {
    id: 'sizeDown',
    group: 'brush',
    shortcuts: [{ key: '[', code: 'BracketLeft', aria: '[' }],
    perform: (c) => c.stepSize(-1)
  },
  {
    id: 'sizeUp',
    group: 'brush',
    shortcuts: [{ key: ']', code: 'BracketRight', aria: ']' }],
    perform: (c) => c.stepSize(1)
  },
  {
    id: 'softer',
    group: 'brush',
    shortcuts: [{ code: 'BracketLeft', shift: true, aria: 'Shift+[' }],
    perform: (c) => c.stepHardness(-1)
  },
  {
    id: 'harder',
    group: 'brush',
    shortcuts: [{ code: 'BracketRight', shift: true, aria: 'Shift+]' }],
    perform: (c) => c.stepHardness(1)
  },
  { id: 'undo', group: 'history', shortcuts: [{ key: 'z', mod: true, aria: 'Control+Z' }], perform: (c) => c.undo() },
  {
    id: 'redo',
    group: 'history',
    shortcuts: [
      { key: 'z', mod: true, shift: true, aria: 'Control+Shift+Z' },
      { key: 'y', mod: true, aria: 'Control+Y' }
    ],
    perform: (c) => c.redo()
  },
  { id: 'invert', group: 'mask', shortcuts: [k('i')], perform: (c) => c.invert() },
  {
    id: 'clear',
    group: 'mask',
    shortcuts: [k('Delete', 'Delete'), k('Backspace', 'Backspace')],
    perform: (c) => c.clear()
  },
  { id: 'fill', group: 'mask', shortcuts: [k('g')], perform: (c) => c.fill() },
  { id: 'grow', group: 'mask', shortcuts: [{ key: '.', aria: '.' }], perform: (c) => c.grow() },
  { id: 'shrink', group: 'mask', shortcuts: [{ key: ',', aria: ',' }], perform: (c) => c.shrink() },
  { id: 'feather', group: 'mask', shortcuts: [k('f')], perform: (c) => c.feather() },
  {
    id: 'importMask',
    group: 'file',
    shortcuts: [{ key: 'o', mod: true, aria: 'Control+O' }],
    perform: (c) => c.importMask()
  },
  {
    id: 'exportMask',
    group: 'file',
    shortcuts: [{ key: 's', mod: true, aria: 'Control+S' }],
    perform: (c) => c.exportMask()
  },
  { id: 'transparency', group: 'file', shortcuts: [k('t')], perform: (c) => c.fromTransparency() },
  {
    id: 'zoomIn',
    group: 'view',
    shortcuts: [
      { key: '+', shift: 'any', aria: '+' },
      { key: '=', aria: '=' }
    ],
    perform: (c) => c.zoom(1)
  },
  { id: 'zoomOut', group: 'view', shortcuts: [{ key: '-', aria: '-' }], perform: (c) => c.zoom(-1) },
  { id: 'fit', group: 'view', shortcuts: [k('0')], perform: (c) => c.fit() },
  {
    id: 'compare',
    group: 'view',
    shortcuts: [k('c')],
    perform: (c) => c.setCompare(true),
    release: (c) => c.setCompare(false)
  },
  { id: 'help', group: 'view', shortcuts: [{ key: '?', shift: 'any', aria: '?' }], perform: (c) => c.showHelp() },
  {
    id: 'panel',
    group: 'panel',
    shortcuts: [{ key: '\\', code: 'Backslash', aria: '\\' }],
    perform: (c) => c.togglePanel()
  }
]

export type KeyLike = Pick<KeyboardEvent, 'key' | 'code' | 'ctrlKey' | 'metaKey' | 'shiftKey' | 'altKey'>

export function matchesShortcut(e: KeyLike, s: Shortcut): boolean {
  if (e.altKey) return false
  if ((e.ctrlKey || e.metaKey) !== Boolean(s.mod)) return false
  if (s.shift !== 'any' && e.shiftKey !== Boolean(s.shift)) return false
  if (s.code !== undefined && e.code === s.code) return true
  return s.key !== undefined && e.key.toLowerCase() === s.key.toLowerCase()
}

export function toolForKey(e: KeyLike): PainterTool | undefined {
  return PAINTER_TOOLS.find((t) => t.shortcuts.some((s) => matchesShortcut(e, s)))
}

export function toolById(id: ToolId): PainterTool {
  const tool = PAINTER_TOOLS.find((t) => t.id === id)
  if (!tool) throw new Error(`No painter tool ${id}`)
  return tool
}

/** aria-keyshortcuts lists every form (Meta on macOS, Control elsewhere). */
export function ariaShortcuts(tool: PainterTool): string {
  return tool.shortcuts.flatMap((s) => (s.mod ? [s.aria, s.aria.replace('Control', 'Meta')] : [s.aria])).join(' ')
}

/** The shortcut shown in a tooltip: the first form, with the platform's modifier name. */
export function shortcutLabel(tool: PainterTool, mac: boolean): string {
  const first = tool.shortcuts[0]
  return mac ? first.aria.replace('Control+', '⌘').replace('Shift+', '⇧') : first.aria.replace('Control', 'Ctrl')
}
