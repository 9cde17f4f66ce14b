import { join } from 'node:path'
import type { Page } from 'playwright-core'
import { withContext } from '../lib/browser'
import { serveFiles } from '../lib/file-server'
import { countBridgeBytes, withImageRig } from '../lib/image-bench'
import { fixtureDir, writeNoisePng } from '../lib/image-fixtures'
import type { Metric, RunContext } from '../lib/metric'
import { entry, type BenchEntry } from '../lib/report'
import { sized } from '../lib/smoke'
import { EMPTY_PAGE } from '../lib/static-server'
import { interleave, max, median, round } from '../lib/stats'

const RUNS = sized(9, 1)
const BYTES = sized(16, 2) * 1024 * 1024
const METRIC = `show a ${BYTES / 1024 / 1024} MB image from the host (media URL), ms`
const TARGET = '<= 1.25x; never base64 over the bridge'
/** A bridge carrying the image (even as base64 in pieces) would move more than this; ids and URLs are far less. */
const BRIDGE_LIMIT = 64 * 1024

/**
 * Shows `url` as a page does: an <img> in the document, decoded, up to the next frame. Unique
 * query per sample, so nothing comes from a memory cache. A string: tsx helpers do not exist in pages.
 */
const SHOW = `async (url) => {
  const t0 = performance.now();
  const img = document.createElement('img');
  img.style.cssText = 'position:fixed;left:0;top:0;width:400px;height:400px';
  img.src = url;
  document.body.append(img);
  await img.decode();
  await new Promise((r) => requestAnimationFrame(r));
  const ms = performance.now() - t0;
  img.remove();
  return { ms, width: img.naturalWidth };
}`

async function show(page: Page, url: string, n: number): Promise<number> {
  await page.bringToFront()
  const sep = url.includes('?') ? '&' : '?'
  const r = (await page.evaluate(`(${SHOW})(${JSON.stringify(`${url}${sep}n=${n}`)})`)) as { ms: number; width: number }
  if (!(r.width > 0)) throw new Error(`the image at ${url} did not decode`)
  return r.ms
}

async function run(ctx: RunContext): Promise<BenchEntry[]> {
  const fx = fixtureDir('b1')
  try {
    const file = join(fx.dir, 'big.png')
    const made = await writeNoisePng(file, BYTES)
    const stat = await serveFiles({ '/big.png': { path: file, type: 'image/png' } }, { '/': EMPTY_PAGE })
    try {
      return await withImageRig((rig) =>
        withContext(rig.browser, async (context) => {
          const studioPage = await context.newPage()
          const bridge = countBridgeBytes(studioPage)
          await studioPage.goto(rig.studio.url)
          await studioPage.waitForFunction(() => document.documentElement.dataset.appState === 'ready', undefined, {
            timeout: 20_000
          })
          // The file reaches the host as a user's would (the page's upload), and comes back as a media URL.
          bridge.reset()
          const input = await studioPage.evaluateHandle(() => {
            const el = document.createElement('input')
            el.type = 'file'
            return el
          })
          await input.setInputFiles(file)
          const mediaUrl = await input.evaluate(async (el) => {
            type Upload = (
              f: File,
              meta: unknown
            ) => Promise<{ ok: boolean; value?: { previewUrl?: string }; error?: { message: string } }>
            const upload = (window as unknown as { studio: { files: { upload: Upload } } }).studio.files.upload
            const r = await upload(el.files![0], { purpose: 'image-edit', name: 'big.png' })
            if (!r.ok) throw new Error(r.error?.message)
            return r.value?.previewUrl ?? ''
          })
          await input.dispose()
          if (!/^\/media\//.test(mediaUrl)) throw new Error(`unexpected preview URL ${mediaUrl}`)
          const staticPage = await context.newPage()
          await staticPage.goto(`${stat.url}/`)
          const r = await interleave(
            RUNS,
            {
              baseline: (i) => show(staticPage, `${stat.url}/big.png`, i),
              subject: (i) => show(studioPage, mediaUrl, i)
            },
            1
          )
          const value = median(r.subject)
          const baseline = median(r.baseline)
          const bridgeBytes = bridge.total()
          const largest = bridge.largest()
          ctx.log(`B1 ${round(value)} vs ${round(baseline)} ms; bridge ${bridgeBytes} bytes (largest frame ${largest})`)
          return [
            entry({
              id: 'B1',
              metric: METRIC,
              value,
              baseline,
              target: TARGET,
              pass: value / baseline <= 1.25 && bridgeBytes < BRIDGE_LIMIT,
              runs: RUNS,
              note: `${round(made.size / 1024 / 1024, 1)} MB PNG (${made.width}x${made.height}) by the browser host's /media/<id> vs a plain loopback static server, <img> decoded + next frame; bridge frames during upload + ${RUNS + 1} shows: ${bridgeBytes} bytes in total, largest ${largest} (limit ${BRIDGE_LIMIT}); worst ${round(max(r.subject))} vs ${round(max(r.baseline))} ms`
            })
          ]
        })
      )
    } finally {
      await stat.close()
    }
  } finally {
    fx.close()
  }
}

export const b1: Metric = {
  id: 'B1',
  describes: [{ id: 'B1', metric: METRIC, target: TARGET }],
  budgetMs: 180_000,
  run
}
