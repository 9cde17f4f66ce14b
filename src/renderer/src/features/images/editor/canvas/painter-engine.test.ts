import { describe, expect, it, vi } from 'vitest'
import type { MaskOp, Stroke } from '../model/mask-model'
import { countAlpha } from '../raster/raster'
import { PainterEngine, type EngineHost, type Scheduler } from './painter-engine'
import { screenToImage } from './view-transform'

function setup(imageWidth = 4096, imageHeight = 4096) {
  const frames: (() => void)[] = []
  const scheduler: Scheduler = { request: (cb) => frames.push(cb), cancel: (h) => (frames[h - 1] = () => {}) }
  let ops: readonly MaskOp[] = []
  const host: EngineHost = {
    imageWidth,
    imageHeight,
    brush: () => ({ size: 400, hardness: 1 }),
    ops: () => ops,
    commit: vi.fn((op: Stroke) => {
      ops = [...ops, op]
    }),
    onZoom: vi.fn()
  }
  const engine = new PainterEngine(host, { image: null, mask: null, cursor: null }, scheduler)
  engine.resize(1024, 1024, 1)
  const runFrames = () => {
    while (frames.length) frames.shift()!()
  }
  runFrames()
  return { engine, host, frames, runFrames, ops: () => ops }
}

describe('painter engine', () => {
  it('fits a 4096² image into a 1024² stage and paints at display resolution only', () => {
    const { engine } = setup()
    expect(engine.getView().scale).toBeCloseTo(992 / 4096, 6)
    expect(engine.mask.raster.width).toBe(1024)
    expect(engine.mask.raster.data.length).toBe(1024 * 1024 * 4)
  })

  it('asks for at most one frame however many samples arrive, and draws only new segments', () => {
    const { engine, frames, runFrames } = setup()
    const draw = vi.spyOn(engine.mask, 'drawSegments')
    const replayAll = vi.spyOn(engine.mask, 'replayAll')
    engine.beginStroke(500, 500, 'paint')
    for (let i = 1; i <= 40; i++) engine.extendStroke([[500 + i, 500]])
    expect(frames.length).toBe(1)
    runFrames()
    expect(draw).toHaveBeenCalledTimes(1)
    engine.extendStroke([[600, 500]])
    runFrames()
    expect(draw).toHaveBeenCalledTimes(2)
    expect(draw.mock.calls[1][3]).toBeGreaterThan(1)
    expect(replayAll).not.toHaveBeenCalled()
    expect(countAlpha(engine.mask.raster, 255)).toBeGreaterThan(100 * 48)
  })

  it('commits the stroke in image coordinates and does not replay when the store echoes it', () => {
    const { engine, host, ops, runFrames } = setup()
    const replayAll = vi.spyOn(engine.mask, 'replayAll')
    engine.beginStroke(100, 100, 'erase')
    engine.extendStroke([[300, 100]])
    engine.endStroke(300, 120)
    expect(host.commit).toHaveBeenCalledTimes(1)
    const stroke = ops()[0] as Stroke
    expect(stroke).toMatchObject({ kind: 'stroke', mode: 'erase', radius: 200, hardness: 1 })
    const [x0, y0] = screenToImage(engine.getView(), 100, 100)
    expect(stroke.points.slice(0, 2)).toEqual([x0, y0])
    expect(stroke.points.slice(-2)).toEqual(screenToImage(engine.getView(), 300, 120))
    engine.syncOps(ops())
    runFrames()
    expect(replayAll).not.toHaveBeenCalled()
    // Undo: anything but the echo replays the mask.
    engine.syncOps([])
    runFrames()
    expect(replayAll).toHaveBeenCalledTimes(1)
  })

  it('zooms at the cursor and reports the zoom', () => {
    const { engine, host, runFrames } = setup()
    const before = screenToImage(engine.getView(), 700, 300)
    engine.zoom(2, 700, 300)
    runFrames()
    const after = screenToImage(engine.getView(), 700, 300)
    expect(after[0]).toBeCloseTo(before[0], 6)
    expect(after[1]).toBeCloseTo(before[1], 6)
    expect(host.onZoom).toHaveBeenLastCalledWith(Math.round((992 / 4096) * 2 * 100))
  })
})
