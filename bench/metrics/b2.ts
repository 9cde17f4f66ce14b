import { spawn } from 'node:child_process'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { join } from 'node:path'
import { ROOT } from '../lib/build'
import { fixtureDir, writeNoisePng } from '../lib/image-fixtures'
import type { Metric, RunContext } from '../lib/metric'
import { entry, type BenchEntry } from '../lib/report'
import { sized } from '../lib/smoke'
import { interleave, max, median, round } from '../lib/stats'

const RUNS = sized(5, 1)
/** Timed uploads in each sample process (upload-child.ts). */
const PER_SAMPLE = sized(5, 1)
const BYTES = sized(50, 4) * 1024 * 1024
const METRIC = `multipart upload of a ${BYTES / 1024 / 1024} MB image (host edit path), ms`
const TARGET = '<= 1.2x; peak RSS growth <= 2x file'
const MEM_METRIC = `peak RSS growth during the ${BYTES / 1024 / 1024} MB multipart upload, x file size`

interface Sample {
  ms: number
  rssGrowth: number
  bytes: number
}

/** A loopback sink: reads every body byte, answers the edit route like the gateway (one URL result). */
async function startSink(): Promise<{ url: string; received: number[]; chunked: number[]; close(): Promise<void> }> {
  const received: number[] = []
  const chunked: number[] = []
  const server: Server = createServer((req, res) => {
    if (req.headers['transfer-encoding'] || req.headers['content-length'] === undefined) chunked.push(1)
    let n = 0
    req.on('data', (c: Buffer) => (n += c.length))
    req.on('end', () => {
      received.push(n)
      const body =
        req.url === '/v1/images/edits'
          ? JSON.stringify({ created: 1, data: [{ url: 'http://127.0.0.1:9/result.png' }] })
          : '{}'
      res
        .writeHead(200, { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)) })
        .end(body)
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()))
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    received,
    chunked,
    close: () => new Promise((resolve) => server.close(() => resolve()))
  }
}

function sample(mode: 'multipart' | 'put', file: string, sink: string, warm: string): Promise<Sample> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        '--expose-gc',
        join(ROOT, 'bench/lib/upload-child.ts'),
        mode,
        file,
        sink,
        warm,
        String(PER_SAMPLE)
      ],
      {
        cwd: ROOT,
        env: { ...process.env, TSX_TSCONFIG_PATH: join(ROOT, 'tsconfig.node.json') },
        stdio: ['ignore', 'pipe', 'pipe']
      }
    )
    let out = ''
    let err = ''
    child.stdout.on('data', (d: Buffer) => (out += d.toString()))
    child.stderr.on('data', (d: Buffer) => (err += d.toString()))
    const timer = setTimeout(() => child.kill('SIGKILL'), 120_000)
    child.once('close', (code) => {
      clearTimeout(timer)
      const line = out.trim().split('\n').at(-1) ?? ''
      if (code !== 0 || !line.startsWith('{'))
        return reject(new Error(`${mode} sample failed (${code}): ${err.trim().split('\n').slice(-3).join(' ')}`))
      resolve(JSON.parse(line) as Sample)
    })
  })
}

async function run(ctx: RunContext): Promise<BenchEntry[]> {
  const fx = fixtureDir('b2')
  const sink = await startSink()
  try {
    const file = join(fx.dir, 'big.png')
    const made = await writeNoisePng(file, BYTES)
    const r = await interleave(
      RUNS,
      { baseline: () => sample('put', file, sink.url, file), subject: () => sample('multipart', file, sink.url, file) },
      0
    )
    // Every request reached the sink whole: the multipart body is the file plus its part headers.
    const big = sink.received.filter((n) => n >= made.size)
    if (big.length !== 2 * RUNS * (PER_SAMPLE + 1))
      throw new Error(`the sink got ${big.length} full uploads, not ${2 * RUNS * (PER_SAMPLE + 1)}`)
    // Gateways get a Content-Length, never a chunked upload (some upstreams refuse those).
    if (sink.chunked.length) throw new Error(`${sink.chunked.length} uploads came without a Content-Length`)
    const value = median(r.subject.map((s) => s.ms))
    const baseline = median(r.baseline.map((s) => s.ms))
    const growth = max(r.subject.map((s) => s.rssGrowth))
    const putGrowth = max(r.baseline.map((s) => s.rssGrowth))
    const mem = growth / made.size
    ctx.log(
      `B2 ${round(value)} vs ${round(baseline)} ms; peak RSS growth ${round(growth / 1e6, 1)} MB (${round(mem)}x file), PUT ${round(putGrowth / 1e6, 1)} MB`
    )
    const mb = (n: number) => `${round(n / 1024 / 1024, 1)} MB`
    return [
      entry({
        id: 'B2',
        metric: METRIC,
        value,
        baseline,
        target: TARGET,
        pass: value / baseline <= 1.2 && mem <= 2,
        runs: RUNS,
        note: `${mb(made.size)} PNG; subject: the host's edit multipart (buildEditBody + sendGateway via the long-request fetch, written over node:http as in the browser host) to a loopback sink; baseline: node:http PUT piped from the file (same 1 MB reads); each sample a fresh process: one warm-up upload, then the median of ${PER_SAMPLE} uploads, RSS growth per upload from a settled heap; worst peak RSS growth ${mb(growth)} (PUT ${mb(putGrowth)})`
      }),
      entry({
        id: 'B2-rss',
        metric: MEM_METRIC,
        value: mem,
        baseline: 2,
        ratio: mem,
        target: '<= 2x file',
        pass: mem <= 2,
        runs: RUNS,
        note: `worst of ${RUNS} multipart samples: ${mb(growth)} over ${mb(made.size)}; sampled every 2 ms from the settled heap after warm-up`
      })
    ]
  } finally {
    await sink.close()
    fx.close()
  }
}

export const b2: Metric = {
  id: 'B2',
  describes: [
    { id: 'B2', metric: METRIC, target: TARGET },
    { id: 'B2-rss', metric: MEM_METRIC, target: '<= 2x file' }
  ],
  budgetMs: 300_000,
  run
}
