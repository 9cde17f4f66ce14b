import { p95AgainstIdle, perRunP95, sampleFrames } from '../lib/frame-sampling'
import { fittedImage, withEditorOpen } from '../lib/image-bench'
import type { Metric, RunContext } from '../lib/metric'
import { entry, type BenchEntry } from '../lib/report'
import { sized } from '../lib/smoke'
import { max, round } from '../lib/stats'
import { StrokeDriver, zigzag } from '../lib/stroke-driver'

const RUNS = sized(5, 1)
const SIDE = sized(4096, 1024)
/** Segments per stroke (one per frame: about 3 s at 60 Hz). */
const SEGMENTS = sized(180, 30)
/** Screen px per segment: a brisk stroke, each frame reaching new pixels. */
const STEP = 6
const IDLE_MS = sized(3_000, 500)
const METRIC = `p95 frame ms painting the mask on a ${SIDE}x${SIDE} image, one stroke segment per frame`
const TARGET = '<= 1.1x idle; 0 frames > 25 ms'

async function run(ctx: RunContext): Promise<BenchEntry[]> {
  return withEditorOpen('c1', SIDE, async (page) => {
    const { box, image } = await fittedImage(page)
    const driver = await StrokeDriver.attach(page)
    // Warm-up: JIT of the rasteriser, the first commit and its re-render.
    await driver.stroke(zigzag(image, 40, STEP))
    const samples = await sampleFrames(page, RUNS, IDLE_MS, {
      // Each run starts elsewhere in the image, so it paints fresh ground as well as over strokes.
      measured: (k) => {
        const shift = (k % 3) * 0.1
        return driver.stroke(
          zigzag({ ...image, x: image.x + image.width * shift, width: image.width * (1 - shift) }, SEGMENTS, STEP)
        )
      }
    })
    const { subject: strokes, idle: idles } = samples
    const { value, baseline } = p95AgainstIdle(samples)
    const all = strokes.flatMap((s) => s.frames)
    const worst = max(all)
    const over = all.filter((f) => f > 25).length
    const longTasks = strokes.flatMap((s) => s.longTasks)
    const idleOver = idles.flatMap((s) => s.frames).filter((f) => f > 25).length
    const where = strokes
      .map((s) =>
        s.frames
          .map((f, i) => (f > 25 ? `${i}:${Math.round(f)}` : ''))
          .filter(Boolean)
          .join(',')
      )
      .join(' | ')
    ctx.log(`C1 p95 ${round(value)} vs idle ${round(baseline)} ms; worst ${round(worst)} ms; ${over} frames > 25 ms`)
    return [
      entry({
        id: 'C1',
        metric: METRIC,
        value,
        baseline,
        target: TARGET,
        pass: value / baseline <= 1.1 && over === 0,
        runs: RUNS,
        note: `${over} of ${all.length} frames > 25 ms (worst ${round(worst)} ms); ${perRunP95(samples)}; long tasks ${longTasks.length}; idle frames > 25 ms: ${idleOver}; slow frames at ${where}; stage ${Math.round(box.width)}x${Math.round(box.height)} CSS px, ${SEGMENTS} segments of ${STEP} px per stroke via CDP mouse events`
      })
    ]
  })
}

export const c1: Metric = {
  id: 'C1',
  describes: [{ id: 'C1', metric: METRIC, target: TARGET }],
  budgetMs: 240_000,
  run
}
