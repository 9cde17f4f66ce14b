import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { entry, failedToRun, hasNumber, notMeasurable, rowsWithoutNumber } from '../bench/lib/report'
import { SMOKE, sized } from '../bench/lib/smoke'
import { benchDownload } from '../bench/metrics/b4'
import { METRICS } from '../bench/metrics/index'
import { checkResultAddress } from '../src/main/core/gateway/result-address'
import { fetchVideo } from '../src/main/core/video/download'

const ROOT = join(import.meta.dirname, '..')

describe('a bench row that cannot run is a failed check', () => {
  const metric = (...ids: string[]) => ({ describes: ids.map((id) => ({ id })) })
  const measured = entry({ id: 'B4', metric: 'm', value: 300, baseline: 400, target: '>= 0.8x', pass: false, runs: 5 })

  it('accepts a row with a number, whether it meets its target or not', () => {
    expect(hasNumber(measured)).toBe(true)
    expect(rowsWithoutNumber([metric('B4')], [measured])).toEqual([])
  })

  it('names a row whose metric threw, with the reason from its note', () => {
    const threw = failedToRun('B4', 'm', 't', new Error('The result address http://127.0.0.1:1 is not https'))
    expect(rowsWithoutNumber([metric('B4')], [threw])).toEqual([
      { id: 'B4', why: 'could not run: The result address http://127.0.0.1:1 is not https' }
    ])
  })

  it('names a row whose feature was not found', () => {
    const missing = notMeasurable('P3', 'm', 't', 'video board', 'locator.waitFor: Timeout 30000ms exceeded.')
    expect(rowsWithoutNumber([metric('P3')], [missing]).map((r) => r.id)).toEqual(['P3'])
  })

  it('names a row whose value or baseline is not a finite number', () => {
    const nan = entry({ id: 'S1', metric: 'm', value: Number.NaN, baseline: 16.7, target: 't', pass: false, runs: 1 })
    const noBase = { ...measured, id: 'S2', baseline: null }
    expect(rowsWithoutNumber([metric('S1', 'S2')], [nan, noBase]).map((r) => r.id)).toEqual(['S1', 'S2'])
  })

  it('names a row a metric describes but did not return', () => {
    expect(rowsWithoutNumber([metric('T1', 'T1-warm')], [{ ...measured, id: 'T1' }])).toEqual([
      { id: 'T1-warm', why: 'row missing from the results' }
    ])
  })
})

describe('the bench smoke', () => {
  it('is off unless asked for, so a measuring run keeps its full sizes', () => {
    expect(SMOKE).toBe(false)
    expect(sized(200, 16)).toBe(200)
  })

  it('covers every metric: ids are unique, and each metric describes the rows it can write', () => {
    const ids = METRICS.map((m) => m.id)
    expect(new Set(ids).size).toBe(ids.length)
    const rows = METRICS.flatMap((m) => m.describes.map((d) => d.id))
    expect(new Set(rows).size).toBe(rows.length)
    for (const id of ['B4', 'B4-rss', 'B4-floor', 'P3', 'P3-renders']) expect(rows).toContain(id)
  })

  it('is a step of npm test, counted in its totals', () => {
    const runner = readFileSync(join(ROOT, 'scripts/test-all.mjs'), 'utf8')
    expect(runner).toMatch(/want\('bench'\)/)
    expect(runner).toContain("['--import', 'tsx', 'bench/run.ts', '--smoke']")
    expect(runner).toMatch(/failedSteps\.push\('bench'\)/)
  })
})

describe("B4's download goes where the result-address policy lets the app go", () => {
  it("asks for a result on its gateway's own origin, and the real downloader saves it", async () => {
    const mp4 = Buffer.alloc(64 * 1024, 0x5a)
    mp4.writeUInt32BE(24, 0)
    mp4.write('ftypisom', 4, 'latin1')
    const seen: string[] = []
    const server = createServer((req, res) => {
      seen.push(req.url ?? '')
      res.writeHead(200, { 'content-type': 'video/mp4', 'content-length': String(mp4.length) }).end(mp4)
    })
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()))
    const dir = mkdtempSync(join(tmpdir(), 'bench-b4-address-'))
    try {
      const { url, conn } = benchDownload(`http://127.0.0.1:${(server.address() as AddressInfo).port}`)
      expect(new URL(url).origin).toBe(new URL(conn.baseUrl).origin)
      // Throws a coded refusal when the policy would not let the app download from there.
      await checkResultAddress(new URL(url), conn.baseUrl)
      const saved = await fetchVideo({ fetch, url, contentPath: '/v1/videos/x/content', conn, dir, id: 'b4' })
      expect(saved.bytes).toBe(mp4.length)
      expect(seen).toEqual(['/v1/videos/bench/content'])
    } finally {
      await new Promise((r) => server.close(r))
      rmSync(dir, { recursive: true, force: true })
    }
  })
})
