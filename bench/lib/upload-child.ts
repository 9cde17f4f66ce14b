/**
 * One B2 sample in a fresh process, so its peak RSS is its own: `node --import tsx --expose-gc
 * upload-child.ts <multipart|put> <file> <sinkUrl> <warmFile> <timed>`. Prints one JSON line
 * { ms, rssGrowth, bytes, times }: the median of TIMED uploads and the largest peak RSS
 * growth of one of them. The multipart arm is the host's own code path for an edit
 * (image-service.ts: buildEditFields + buildEditBody, then ImageRuns' sendGateway + readJson
 * through the long-request fetch, with node:http uploads as in the browser host, whose fetch is
 * Node's); the put arm is a raw streamed PUT (node:http + pipeline).
 */
import { createReadStream, statSync } from 'node:fs'
import { request } from 'node:http'
import { basename, dirname } from 'node:path'
import { pipeline } from 'node:stream/promises'

const [mode, file, sink, warmFile, timedArg] = process.argv.slice(2)
/** Timed uploads per process (b2.ts passes its PER_SAMPLE and checks the sink saw this many per sample). */
const TIMED = Number(timedArg)
if (!Number.isInteger(TIMED) || TIMED < 1)
  throw new Error(`the number of timed uploads must be a positive integer, got ${timedArg}`)

async function put(path: string): Promise<void> {
  const url = new URL('/put', sink)
  await new Promise<void>((resolve, reject) => {
    const req = request(
      url,
      { method: 'PUT', headers: { 'content-type': 'image/png', 'content-length': String(statSync(path).size) } },
      (res) => {
        res.resume()
        res.on('end', () => (res.statusCode === 200 ? resolve() : reject(new Error(`PUT answered ${res.statusCode}`))))
      }
    )
    req.on('error', reject)
    // The same 1 MB reads as the multipart body, so the arms differ only in what is sent around the file.
    pipeline(createReadStream(path, { highWaterMark: 1 << 20 }), req).catch(reject)
  })
}

// The service's modules and its long-request fetch, made once as ImageService.open makes them
// (the host keeps one dispatcher for its lifetime; a fresh one per request would add a connection).
const host =
  mode === 'multipart'
    ? await (async () => {
        const { buildEditFields } = await import('../../src/main/core/images/builders')
        const { buildEditBody } = await import('../../src/main/core/images/edit-multipart')
        const { readJson, sendGateway } = await import('../../src/main/core/gateway/http')
        const { createLongFetch } = await import('../../src/main/core/images/long-fetch')
        return {
          buildEditFields,
          buildEditBody,
          readJson,
          sendGateway,
          long: await createLongFetch(fetch, 600_000, { directUploads: true })
        }
      })()
    : null

async function multipart(path: string): Promise<void> {
  if (!host) throw new Error('not in multipart mode')
  type Gallery = Parameters<typeof host.buildEditBody>[3]
  type Checked = Parameters<typeof host.buildEditBody>[1]
  const fields = host.buildEditFields(
    {
      model: 'image-model-1',
      prompt: 'bench: a wide blue sky',
      watermark: 'absent',
      source: { kind: 'file', fileId: 'bench' }
    },
    'editForm'
  )
  const checked = {
    source: {
      path,
      format: 'png',
      width: 4096,
      height: 4096,
      bytes: statSync(path).size,
      uploadName: 'image.png',
      describe: {}
    },
    warnings: []
  } as unknown as Checked
  const gallery = { pathOf: (name: string) => `${dirname(path)}/${name}` } as unknown as Gallery
  const multipartBody = await host.buildEditBody(fields.body, checked, { sourceFile: basename(path) }, gallery)
  const res = await host.sendGateway(
    host.long.fetch,
    { baseUrl: sink, key: 'sk-bench-upload' },
    {
      method: 'POST',
      path: '/v1/images/edits',
      body: multipartBody.body,
      headers: multipartBody.headers,
      timeoutMs: 600_000,
      paid: true
    }
  )
  const body = (await host.readJson(res)) as { data?: unknown[] }
  if (!Array.isArray(body.data)) throw new Error('the sink answered without data')
}

const send = mode === 'multipart' ? multipart : mode === 'put' ? put : null
if (!send) throw new Error(`unknown mode ${mode}`)
// Warm-up (module loading, undici's lazy start, JIT on a full-size body); then a settled heap.
await send(warmFile)
const gc = (globalThis as { gc?: () => void }).gc
if (!gc) throw new Error('run with --expose-gc: peak RSS is measured from a settled heap')
// TIMED uploads per process (the median is reported): one process start per sample would
// make every sample a cold one. Each upload's peak RSS growth is taken from a settled heap just
// before it (sampled every 2 ms), so one upload's garbage is never charged to the next.
const times: number[] = []
const growths: number[] = []
for (let i = 0; i < TIMED; i++) {
  gc()
  gc()
  const before = process.memoryUsage.rss()
  let peak = before
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage.rss())
  }, 2)
  const t0 = process.hrtime.bigint()
  await send(file)
  times.push(Number(process.hrtime.bigint() - t0) / 1e6)
  clearInterval(sampler)
  growths.push(Math.max(peak, process.memoryUsage.rss()) - before)
}
const ms = [...times].sort((a, b) => a - b)[TIMED >> 1]
process.stdout.write(`${JSON.stringify({ ms, rssGrowth: Math.max(...growths), bytes: statSync(file).size, times })}\n`)
await host?.long.close()
process.exit(0)
