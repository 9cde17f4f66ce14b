import { afterEach, describe, expect, it } from 'vitest'
import { sizeToSlider, sliderToSize, SLIDER_STEPS } from '../painter/brush-scale'
import { DEFAULT_PREFS, loadPrefs, parsePrefs, stepHardness, stepSize } from './painter-prefs'
import { resetPainterStore, usePainterStore } from './painter-store'

afterEach(() => {
  localStorage.clear()
  resetPainterStore()
})

describe('painter settings', () => {
  it('are remembered across sessions through localStorage', () => {
    usePainterStore.getState().setSize(300)
    usePainterStore.getState().setTool('eraser')
    usePainterStore.getState().setOpacity(0.3)
    const saved = { tool: 'eraser', size: 300, hardness: DEFAULT_PREFS.hardness, opacity: 0.3 }
    expect(JSON.parse(localStorage.getItem('studio.painter.prefs.v1')!)).toEqual(saved)
    // A new session starts from what was stored.
    expect(loadPrefs()).toEqual(saved)
  })

  it('fall back field by field on damaged or out-of-range values', () => {
    expect(parsePrefs('{not json')).toEqual(DEFAULT_PREFS)
    expect(parsePrefs(JSON.stringify({ size: 99999, hardness: -3, tool: 'laser', opacity: 'x' }))).toEqual({
      ...DEFAULT_PREFS,
      size: 1024,
      hardness: 0
    })
  })

  it('steps the size by about 20 % (at least 1 px) and hardness by tenths', () => {
    expect(stepSize(100, 1)).toBe(120)
    expect(stepSize(100, -1)).toBe(83)
    expect(stepSize(2, 1)).toBe(3)
    expect(stepSize(1, -1)).toBe(1)
    expect(stepHardness(0.95, 1)).toBe(1)
    expect(stepHardness(0.3, -1)).toBe(0.2)
  })

  it('maps the logarithmic size slider to 1..1024 px and back', () => {
    expect(sliderToSize(0)).toBe(1)
    expect(sliderToSize(SLIDER_STEPS)).toBe(1024)
    for (const s of [1, 8, 96, 500, 1024]) expect(Math.abs(sliderToSize(sizeToSlider(s)) - s) / s).toBeLessThan(0.04)
  })
})
