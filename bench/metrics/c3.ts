import { join } from 'node:path'
import type { Page } from 'playwright-core'
import { openInEditor, withImageRig, withImagesPage } from '../lib/image-bench'
import { fixtureDir, writeEditorSource } from '../lib/image-fixtures'
import type { Metric, RunContext } from '../lib/metric'
import { entry, type BenchEntry } from '../lib/report'
import { sized } from '../lib/smoke'
import { interleave, median, round } from '../lib/stats'

const RUNS = sized(7, 1)
const SIDE = sized(4096, 1024)
const METRIC = `open a ${SIDE}x${SIDE} image in the editor, ms`
const TARGET = '<= 1.2x'

/**
 * createImageBitmap of the same file in the same page: the file is handed to a detached file input
 * (as the editor's own button gets it) and decoded from there, timed in the page up to the next
 * animation frame (the first that could show it; the subject's end is a frame too).
 */
async function decodeFile(page: Page, file: string): Promise<number> {
  const input = await page.evaluateHandle(() => {
    const el = document.createElement('input')
    el.type = 'file'
    return el
  })
  await input.setInputFiles(file)
  const ms = await input.evaluate(async (el) => {
    const f = el.files![0]
    const t0 = performance.now()
    const bitmap = await createImageBitmap(f)
    // Ends with the frame that could show it, as the subject's draw (inside a frame) does.
    await new Promise((resolve) => requestAnimationFrame(resolve))
    const t = performance.now() - t0
    bitmap.close()
    return t
  })
  await input.dispose()
  return ms
}

async function run(ctx: RunContext): Promise<BenchEntry[]> {
  const fx = fixtureDir('c3')
  try {
    const file = join(fx.dir, 'source-4096.png')
    const bytes = await writeEditorSource(file, SIDE)
    return await withImageRig((rig) =>
      withImagesPage(rig, async (page) => {
        const r = await interleave(
          RUNS,
          { baseline: () => decodeFile(page, file), subject: () => openInEditor(page, file) },
          1
        )
        const value = median(r.subject)
        const baseline = median(r.baseline)
        ctx.log(`C3 open ${round(value)} ms vs createImageBitmap ${round(baseline)} ms`)
        return [
          entry({
            id: 'C3',
            metric: METRIC,
            value,
            baseline,
            target: TARGET,
            pass: value / baseline <= 1.2,
            runs: RUNS,
            note: `subject: editor opened with the source (upload done) to the first frame with it drawn (user-timing marks); baseline: createImageBitmap(File), then the next frame, of the same ${round(bytes / 1e6, 1)} MB PNG in the same page; opens ${r.subject.map((x) => round(x, 0)).join('/')} ms`
          })
        ]
      })
    )
  } finally {
    fx.close()
  }
}

export const c3: Metric = {
  id: 'C3',
  describes: [{ id: 'C3', metric: METRIC, target: TARGET }],
  budgetMs: 180_000,
  run
}
