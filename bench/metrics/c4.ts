import { statSync } from 'node:fs'
import { join } from 'node:path'
import { hrtime } from 'node:process'
import { fixtureDir, writeEditorSource } from '../lib/image-fixtures'
import type { Metric, RunContext } from '../lib/metric'
import { entry, type BenchEntry } from '../lib/report'
import { sized } from '../lib/smoke'
import { interleave, median, msSince, round } from '../lib/stats'

const RUNS = sized(5, 1)
const SIDE = sized(4096, 1024)
const METRIC = `prepare an extend-canvas request for a ${SIDE}x${SIDE} picture to 16:9 (canvas, mask, encode), ms`
const TARGET = '<= 1.5x'

/**
 * C4: the host's extend-canvas step (extend-canvas.ts composeExtend) as an edit runs it: the plan
 * of the native family (16:9 of a 4096² picture is over its 4096x4096 of area, so the canvas snaps
 * to 5461x3072 and the picture is scaled to it), then the canvas PNG (decode, scale, pad, encode)
 * and its mask PNG (the painted mask scaled and shifted, new area transparent). Baseline: sharp
 * encoding a PNG of the same canvas size from pixels already in memory, at the same settings.
 */
async function run(ctx: RunContext): Promise<BenchEntry[]> {
  const { default: sharp } = await import('sharp')
  const { planExtend, placementOf } = await import('../../src/shared/domain/extend-plan')
  const { composeExtend } = await import('../../src/main/core/images/extend-canvas')
  const fx = fixtureDir('c4')
  try {
    const source = join(fx.dir, 'source.png')
    const mask = join(fx.dir, 'mask.png')
    await writeEditorSource(source, SIDE)
    // The painter's mask: opaque black with a transparent rectangle (what the user painted).
    const px = Buffer.alloc(SIDE * SIDE * 4)
    for (let i = 3; i < px.length; i += 4) px[i] = 255
    for (let y = SIDE >> 2; y < SIDE >> 1; y++)
      for (let x = SIDE >> 2; x < (3 * SIDE) >> 2; x++) px[(y * SIDE + x) * 4 + 3] = 0
    await sharp(px, { raw: { width: SIDE, height: SIDE, channels: 4 } })
      .png()
      .toFile(mask)

    const plan = planExtend({ width: SIDE, height: SIDE }, { kind: 'ratio', ratio: '16:9' }, 'editNative')
    if (!plan.ok) throw new Error(`the plan was refused: ${plan.problem.key}`)
    const p = placementOf(plan, { x: 0.5, y: 0.5 })
    const canvasOut = join(fx.dir, 'canvas.png')
    const maskOut = join(fx.dir, 'canvas-mask.png')
    await composeExtend(source, mask, p, canvasOut, maskOut)
    // The baseline's pixels: the very canvas the subject writes, decoded once.
    const raw = await sharp(canvasOut).raw().toBuffer({ resolveWithObject: true })
    const baselineOut = join(fx.dir, 'baseline.png')

    const r = await interleave(RUNS, {
      baseline: async () => {
        const t0 = hrtime.bigint()
        await sharp(raw.data, { raw: { width: raw.info.width, height: raw.info.height, channels: raw.info.channels } })
          .png({ compressionLevel: 6 })
          .toFile(baselineOut)
        return msSince(t0)
      },
      subject: async () => {
        const t0 = hrtime.bigint()
        const again = planExtend({ width: SIDE, height: SIDE }, { kind: 'ratio', ratio: '16:9' }, 'editNative')
        if (!again.ok) throw new Error('the plan was refused')
        await composeExtend(source, mask, placementOf(again, { x: 0.5, y: 0.5 }), canvasOut, maskOut)
        return msSince(t0)
      }
    })
    const value = median(r.subject)
    const baseline = median(r.baseline)
    const kb = (f: string) => round(statSync(f).size / 1024)
    ctx.log(`C4 extend ${round(value)} ms vs encode ${round(baseline)} ms (${p.width}x${p.height})`)
    return [
      entry({
        id: 'C4',
        metric: METRIC,
        value,
        baseline,
        target: TARGET,
        pass: value / baseline <= 1.5,
        runs: RUNS,
        note: `subject: planExtend (native family: ${plan.snappedFrom ? `${plan.snappedFrom.width}x${plan.snappedFrom.height} snapped to ` : ''}${p.width}x${p.height}, picture ${p.pictureWidth}x${p.pictureHeight}) and composeExtend: decode the ${SIDE}² PNG, scale, pad, encode the canvas (${kb(canvasOut)} KB), and the painted mask scaled, shifted and encoded (${kb(maskOut)} KB) beside it; baseline: sharp PNG encode of the same canvas's pixels from memory, same settings (${kb(baselineOut)} KB)`
      })
    ]
  } finally {
    fx.close()
  }
}

export const c4: Metric = {
  id: 'C4',
  describes: [{ id: 'C4', metric: METRIC, target: TARGET }],
  budgetMs: 180_000,
  run
}
