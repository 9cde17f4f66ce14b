import { createReadStream, createWriteStream, mkdtempSync, rmSync, statSync } from 'node:fs'
import { open } from 'node:fs/promises'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import type { ReadableStream as WebReadableStream } from 'node:stream/web'
import type { Metric } from '../lib/metric'
import { entry } from '../lib/report'
import { sized } from '../lib/smoke'
import { interleave, median, round } from '../lib/stats'

const MB = 1024 * 1024
const SIZE = sized(200, 16) * MB
const PAIRS = sized(5, 1)

/** A SIZE file (200 MB; 16 MB in the smoke) that starts like an MP4 (ftyp box), written once in 1 MB pieces. */
async function makeVideo(path: string): Promise<void> {
  const fh = await open(path, 'w')
  const chunk = Buffer.alloc(MB, 0x5a)
  try {
    for (let i = 0; i < SIZE / MB; i++) {
      if (i === 0) {
        const head = Buffer.from(chunk)
        head.writeUInt32BE(24, 0)
        head.write('ftypisom', 4, 'latin1')
        await fh.write(head)
      } else await fh.write(chunk)
    }
  } finally {
    await fh.close()
  }
}

function serve(path: string): Promise<Server> {
  const server = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'video/mp4', 'content-length': String(statSync(path).size) })
    createReadStream(path).pipe(res)
  })
  return new Promise((r) => server.listen(0, '127.0.0.1', () => r(server)))
}

/**
 * Where B4 downloads from: the file server is the download's gateway too, so the result address is
 * on the gateway's own origin, as a gateway's `/content` route is. The result-address policy lets
 * plain http through only for a loopback profile, and only to the profile's own origin (and the
 * sandbox's), so a file server on another loopback port would be refused: the bench asks the policy
 * for nothing the app does not get (scripts/bench-rows.test.ts checks it against the policy).
 */
export function benchDownload(origin: string): { url: string; conn: { baseUrl: string; key: string } } {
  return { url: `${origin}/v1/videos/bench/content`, conn: { baseUrl: origin, key: 'sk-bench' } }
}

interface Sample {
  mbPerS: number
  rssGrowth: number
}

/** Runs `fn` while sampling RSS; returns throughput and the peak RSS growth over the start. */
async function measure(fn: () => Promise<void>): Promise<Sample> {
  ;(globalThis as { gc?: () => void }).gc?.()
  const start = process.memoryUsage.rss()
  let peak = start
  const timer = setInterval(() => (peak = Math.max(peak, process.memoryUsage.rss())), 5)
  const t0 = process.hrtime.bigint()
  try {
    await fn()
  } finally {
    clearInterval(timer)
  }
  const s = Number(process.hrtime.bigint() - t0) / 1e9
  peak = Math.max(peak, process.memoryUsage.rss())
  return { mbPerS: SIZE / MB / s, rssGrowth: peak - start }
}

/** The baseline's pipeline, then an fdatasync of the file: what H8's durability costs on this disk alone. */
async function pipelineAndSync(url: string, path: string): Promise<void> {
  const res = await fetch(url)
  await pipeline(Readable.fromWeb(res.body as WebReadableStream<Uint8Array>), createWriteStream(path))
  const fd = await open(path, 'r+')
  try {
    await fd.datasync()
  } finally {
    await fd.close()
  }
  rmSync(path, { force: true })
}

/** B4: download of a 200 MB video result (16 MB in the smoke) (stream, verify, fsync, rename) vs `pipeline` of the same body to a file. */
export const b4: Metric = {
  id: 'B4',
  describes: [
    {
      id: 'B4',
      metric: `download a ${SIZE / MB} MB video result, throughput MB/s`,
      target: '>= 0.8x pipeline to a file'
    },
    {
      id: 'B4-rss',
      metric: `peak RSS growth while downloading a ${SIZE / MB} MB result, MB`,
      target: `<= 0.5x file size (${SIZE / MB / 2} MB)`
    },
    {
      id: 'B4-floor',
      metric: 'pipeline to a file then fdatasync, throughput MB/s (for reading B4, not a target)',
      target: 'none (reference)'
    }
  ],
  budgetMs: 240_000,
  async run(ctx) {
    // Loaded here: src/ resolves '@shared/*' only after the runner has set TSX_TSCONFIG_PATH.
    const { fetchVideo } = await import('../../src/main/core/video/download')
    const dir = mkdtempSync(join(tmpdir(), 'bench-b4-'))
    const source = join(dir, 'source.mp4')
    await makeVideo(source)
    const server = await serve(source)
    const { url, conn } = benchDownload(`http://127.0.0.1:${(server.address() as AddressInfo).port}`)
    try {
      const synced: number[] = []
      const runs = await interleave(PAIRS, {
        baseline: async (i) => {
          const base = await measure(async () => {
            const res = await fetch(url)
            await pipeline(
              Readable.fromWeb(res.body as WebReadableStream<Uint8Array>),
              createWriteStream(join(dir, `base-${i}.mp4`))
            )
            rmSync(join(dir, `base-${i}.mp4`), { force: true })
          })
          // H8 asks for the fsync before the rename; the same pipeline with it shows this disk's ceiling.
          const floor = await measure(() => pipelineAndSync(url, join(dir, `sync-${i}.mp4`)))
          if (i >= 0) synced.push(floor.mbPerS)
          return base
        },
        subject: (i) =>
          measure(async () => {
            const saved = await fetchVideo({
              fetch,
              url,
              contentPath: '/v1/videos/x/content',
              conn,
              dir,
              id: `subj-${i}`
            })
            rmSync(saved.path, { force: true })
          })
      })
      const tp = median(runs.subject.map((r) => r.mbPerS))
      const tpBase = median(runs.baseline.map((r) => r.mbPerS))
      const rss = median(runs.subject.map((r) => r.rssGrowth)) / MB
      const rssBase = median(runs.baseline.map((r) => r.rssGrowth)) / MB
      const tpSynced = median(synced)
      ctx.log(
        `B4: ${round(tp, 1)} MB/s vs ${round(tpBase, 1)} MB/s (pipeline + fdatasync ${round(tpSynced, 1)} MB/s); RSS +${round(rss, 1)} MB vs +${round(rssBase, 1)} MB`
      )
      return [
        entry({
          id: 'B4',
          metric: this.describes[0].metric,
          value: tp,
          baseline: tpBase,
          target: this.describes[0].target,
          pass: tp / tpBase >= 0.8,
          runs: PAIRS
        }),
        entry({
          id: 'B4-rss',
          metric: this.describes[1].metric,
          value: rss,
          baseline: rssBase,
          ratio: rss / (SIZE / MB),
          target: this.describes[1].target,
          pass: rss <= (SIZE / MB) * 0.5,
          runs: PAIRS,
          note: 'ratio is growth / file size'
        }),
        entry({
          id: 'B4-floor',
          metric: this.describes[2].metric,
          value: tpSynced,
          baseline: tpBase,
          target: this.describes[2].target,
          pass: true,
          runs: PAIRS,
          note: `the baseline's pipeline plus the fdatasync H8 requires before the rename, same runs; B4 is ${round(tp / tpSynced)}x this floor (a synced download cannot beat the disk's write-back)`
        })
      ]
    } finally {
      await new Promise((r) => server.close(r))
      rmSync(dir, { recursive: true, force: true })
    }
  }
}
