/**
 * Brush settings remembered between sessions (ComfyUI #6458: "settings not retained"). UI
 * preferences only, so localStorage is fine; nothing the host owns is ever stored here.
 */

/** The pointer's tool: the brush pair, or a selection that adds to or cuts from the mask. */
export type PointerTool = 'brush' | 'eraser' | 'lasso' | 'polygon' | 'rect' | 'ellipse'
const POINTER_TOOLS: readonly string[] = ['brush', 'eraser', 'lasso', 'polygon', 'rect', 'ellipse']

export function isSelectionTool(tool: PointerTool): tool is 'lasso' | 'polygon' | 'rect' | 'ellipse' {
  return tool !== 'brush' && tool !== 'eraser'
}

export interface PainterPrefs {
  tool: PointerTool
  /** Brush diameter in image pixels. */
  size: number
  /** 0..1 */
  hardness: number
  /** Overlay opacity, 0.1..1 */
  opacity: number
}

export const SIZE_MIN = 1
export const SIZE_MAX = 1024
export const DEFAULT_PREFS: PainterPrefs = { tool: 'brush', size: 96, hardness: 0.8, opacity: 0.55 }
const STORAGE_KEY = 'studio.painter.prefs.v1'

const clamp = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, v))

export function clampSize(size: number): number {
  return Math.round(clamp(size, SIZE_MIN, SIZE_MAX))
}

/** `[` and `]` step by about 20 % (at least 1 px): fine control for small brushes, quick for large. */
export function stepSize(size: number, direction: 1 | -1): number {
  const next = direction > 0 ? Math.max(size + 1, size * 1.2) : Math.min(size - 1, size / 1.2)
  return clampSize(next)
}

export function stepHardness(hardness: number, direction: 1 | -1): number {
  return Math.round(clamp(hardness + direction * 0.1, 0, 1) * 10) / 10
}

/** Anything malformed or out of range falls back to the default, field by field. */
export function parsePrefs(raw: string | null): PainterPrefs {
  let v: Partial<Record<keyof PainterPrefs, unknown>> = {}
  try {
    v = raw ? (JSON.parse(raw) as typeof v) : {}
  } catch {
    v = {}
  }
  const num = (x: unknown, lo: number, hi: number, d: number) =>
    typeof x === 'number' && Number.isFinite(x) ? clamp(x, lo, hi) : d
  return {
    tool: typeof v.tool === 'string' && POINTER_TOOLS.includes(v.tool) ? (v.tool as PointerTool) : 'brush',
    size: clampSize(num(v.size, SIZE_MIN, SIZE_MAX, DEFAULT_PREFS.size)),
    hardness: num(v.hardness, 0, 1, DEFAULT_PREFS.hardness),
    opacity: num(v.opacity, 0.1, 1, DEFAULT_PREFS.opacity)
  }
}

export function loadPrefs(): PainterPrefs {
  try {
    return parsePrefs(localStorage.getItem(STORAGE_KEY))
  } catch {
    return { ...DEFAULT_PREFS }
  }
}

export function savePrefs(p: PainterPrefs): void {
  try {
    localStorage.setItem(STORAGE_KEY, JSON.stringify(p))
  } catch {
    // Storage full or disabled: the settings simply are not remembered.
  }
}
