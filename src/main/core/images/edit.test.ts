import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { GalleryItem } from '@shared/domain/images'
import { startSandbox, type SandboxHandle } from '../../../sandbox/index'
import { allowLoopbackResultOrigin } from '../gateway/result-address'
import { scriptedServer } from '../testing/scripted-server'
import { gradientPng, imagesHarness, rectMask, rgbOf, type ImagesHarness } from './testing/harness'

const W = 320
const H = 240
const HOLE = { x: 100, y: 60, w: 120, h: 90 }
const inHole = (x: number, y: number, margin = 0) =>
  x >= HOLE.x - margin && x < HOLE.x + HOLE.w + margin && y >= HOLE.y - margin && y < HOLE.y + HOLE.h + margin

function pathOf(h: ImagesHarness, item: Pick<GalleryItem, 'url'>): string {
  return h.media.resolve(item.url.slice('/media/'.length))!.path
}

/** Pixels (x,y) where a and b differ, split by inside/outside the hole. */
function diffByRegion(a: Buffer, b: Buffer, margin = 0): { inside: number; outside: number } {
  let inside = 0
  let outside = 0
  for (let y = 0; y < H; y++) {
    for (let x = 0; x < W; x++) {
      const o = (y * W + x) * 3
      if (a[o] === b[o] && a[o + 1] === b[o + 1] && a[o + 2] === b[o + 2]) continue
      if (inHole(x, y, margin)) inside++
      else outside++
    }
  }
  return { inside, outside }
}

describe('edit with a painted mask against the sandbox', () => {
  let sb: SandboxHandle
  let h: ImagesHarness
  let source: Buffer
  beforeAll(async () => {
    sb = await startSandbox({ speed: 1000, quiet: true })
    allowLoopbackResultOrigin(sb.cdnUrl)
    h = await imagesHarness({ sandbox: sb })
    source = await gradientPng(W, H)
  })
  afterAll(async () => {
    await h.close()
    await sb.close()
  })

  it('sends one multipart with image + mask parts (real names and types) and the result changes only inside the mask', async () => {
    const fileId = await h.grantBytes(source, 'holiday photo.PNG')
    const maskFileId = await h.grantBytes(await rectMask(W, H, HOLE), 'mask.png')
    const job = await h.call('images:edit', {
      source: { kind: 'file', fileId },
      maskFileId,
      prompt: 'a red balloon',
      model: 'imagegen-4.0',
      quality: 'high',
      watermark: 'false'
    })
    const done = await h.settled(job.jobId)
    expect(done.status).toBe('done')

    const creates = sb.log().filter((e) => e.route === 'image.edit')
    expect(creates).toHaveLength(1)
    expect(creates[0].headers['content-type']).toMatch(/^multipart\/form-data; boundary=/)
    // Streamed from disk with an exact Content-Length (no chunked upload), parsed back as the server would.
    const sent = h.sent.find((s) => s.url.endsWith('/v1/images/edits'))!
    const headers = sent.init!.headers as Record<string, string>
    expect(Number(headers['Content-Length'])).toBe(creates[0].bodyBytes)
    expect(creates[0].headers['transfer-encoding']).toBeUndefined()
    const form = await new Response(sent.body, { headers: { 'content-type': headers['Content-Type'] } }).formData()
    const image = form.get('image') as File
    const mask = form.get('mask') as File
    expect([image.name, image.type]).toEqual(['holiday photo.png', 'image/png'])
    expect([mask.name, mask.type]).toEqual(['mask.png', 'image/png'])
    const meta = await sharp(Buffer.from(await mask.arrayBuffer())).metadata()
    expect([meta.width, meta.height]).toEqual([W, H])
    expect([...form.keys()]).toEqual(['model', 'prompt', 'quality', 'watermark', 'image', 'mask'])
    expect(form.get('watermark')).toBe('false')

    const item = done.items[0]
    expect(item).toMatchObject({ origin: 'edit', model: 'imagegen-4.0', width: W, height: H, outsideMaskChange: 0 })
    expect(item.maskUrl).toMatch(/^\/media\//)
    expect(done.warnings).toEqual([])
    const diff = diffByRegion((await rgbOf(source)).data, (await rgbOf(pathOf(h, item))).data)
    expect(diff.outside).toBe(0)
    expect(diff.inside).toBeGreaterThan(HOLE.w * HOLE.h * 0.5)
  })

  it('edits a gallery image and records it as the parent', async () => {
    const [parent] = (await h.call('images:list-gallery', undefined)).items
    const maskFileId = await h.grantBytes(await rectMask(W, H, HOLE), 'mask.png')
    const job = await h.call('images:edit', {
      source: { kind: 'gallery', itemId: parent.id },
      maskFileId,
      prompt: 'again',
      model: 'image-model-1'
    })
    const done = await h.settled(job.jobId)
    expect(done.status).toBe('done')
    expect(done.items[0]).toMatchObject({ parentId: parent.id, outsideMaskChange: 0 })
  })
})

describe('an upstream that ignores the mask', () => {
  let h: ImagesHarness
  let server: Awaited<ReturnType<typeof scriptedServer>>
  let source: Buffer
  let parts: Array<{ name: string; filename?: string; type?: string }> = []
  let answerSize = { width: W, height: H }

  beforeAll(async () => {
    source = await gradientPng(W, H)
    server = await scriptedServer((req, res) => {
      const chunks: Buffer[] = []
      req.on('data', (c: Buffer) => chunks.push(c))
      req.on('end', async () => {
        // Parsed as the gateway would: what went over the wire, not what the client meant to send.
        const form = await new Request('http://x/', {
          method: 'POST',
          headers: { 'content-type': String(req.headers['content-type']) },
          body: Buffer.concat(chunks)
        }).formData()
        parts = [...form.entries()].map(([name, v]) =>
          typeof v === 'string' ? { name } : { name, filename: v.name, type: v.type }
        )
        const flat = await sharp({ create: { ...answerSize, channels: 3, background: { r: 250, g: 20, b: 20 } } })
          .png()
          .toBuffer()
        res.writeHead(200, { 'content-type': 'application/json' })
        res.end(JSON.stringify({ created: 1, data: [{ b64_json: flat.toString('base64') }] }))
      })
    })
    h = await imagesHarness({ gateway: { baseUrl: server.url, key: 'sk-scripted-key-0001' } })
  })
  afterAll(async () => {
    await h.close()
    await server.close()
  })

  it('warns that the mask was ignored, and "protect outside the mask" restores the original there', async () => {
    const fileId = await h.grantBytes(source, 'src.png')
    const maskFileId = await h.grantBytes(await rectMask(W, H, HOLE), 'my mask.png')
    const job = await h.call('images:edit', {
      source: { kind: 'file', fileId },
      maskFileId,
      prompt: 'a balloon',
      model: 'imagegen-4.5'
    })
    const done = await h.settled(job.jobId)
    expect(parts).toEqual([
      { name: 'model' },
      { name: 'prompt' },
      { name: 'image', filename: 'src.png', type: 'image/png' },
      { name: 'mask', filename: 'mask.png', type: 'image/png' }
    ])
    expect(done.status).toBe('done')
    const edited = done.items[0]
    expect(edited.outsideMaskChange).toBeGreaterThan(0.9)
    expect(done.warnings.join(' ')).toMatch(/ignored the mask: \d+(\.\d)?% of the area you kept was changed/)

    const kept = await h.call('images:protect-outside-mask', { id: edited.id, featherPx: 8 })
    expect(kept).toMatchObject({
      origin: 'protect',
      parentId: edited.id,
      width: W,
      height: H,
      outsideMaskChange: 0,
      maskUrl: edited.maskUrl
    })
    const orig = (await rgbOf(source)).data
    const out = (await rgbOf(pathOf(h, kept))).data
    const red = (await rgbOf(pathOf(h, edited))).data
    // Every kept pixel is the original's; away from the feathered seam, the hole is the edit's.
    expect(diffByRegion(orig, out).outside).toBe(0)
    expect(diffByRegion(red, out, -10).inside).toBe(0)
    const seam = diffByRegion(red, out)
    expect(seam.inside).toBeGreaterThan(0)
  })

  it('compares a result of another size by scaling it, and says so', async () => {
    answerSize = { width: W * 2, height: H * 2 }
    const fileId = await h.grantBytes(source, 'src.png')
    const maskFileId = await h.grantBytes(await rectMask(W, H, HOLE), 'mask.png')
    const done = await h.settled(
      (
        await h.call('images:edit', {
          source: { kind: 'file', fileId },
          maskFileId,
          prompt: 'bigger',
          model: 'imagegen-4.0'
        })
      ).jobId
    )
    expect(done.items[0]).toMatchObject({ width: W * 2, height: H * 2 })
    expect(done.warnings.join(' ')).toMatch(
      new RegExp(`result is ${W * 2}x${H * 2}, not the original's ${W}x${H}; it was scaled`)
    )
    const kept = await h.call('images:protect-outside-mask', { id: done.items[0].id })
    expect(kept).toMatchObject({
      width: W,
      height: H,
      params: { featherPx: 8, resultResizedFrom: `${W * 2}x${H * 2}` }
    })
  })

  it('refuses protect for an item that was not a masked edit', async () => {
    const job = await h.call('images:edit', {
      source: { kind: 'file', fileId: await h.grantBytes(source, 's.png') },
      prompt: 'no mask',
      model: 'imagegen-4.0'
    })
    const done = await h.settled(job.jobId)
    expect(done.items[0].outsideMaskChange).toBeUndefined()
    expect(await h.fail('images:protect-outside-mask', { id: done.items[0].id })).toMatchObject({
      code: 'INVALID_INPUT',
      field: 'id'
    })
  })
})
