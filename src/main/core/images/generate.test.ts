import { existsSync, readdirSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import type { ImageJob } from '@shared/domain/images'
import { sandboxSuite } from '../testing/sandbox-suite'
import { gradientPng, imagesHarness, rgbOf } from './testing/harness'

describe('generate through the sandbox into the gallery', () => {
  const { sb, h } = sandboxSuite(imagesHarness)

  const createsOf = (route: string) => sb.log().filter((e) => e.route === route && e.paid)

  it('imagegen-4.0: returns a running job at once, then exactly one terminal update with real files of the asked size', async () => {
    const job = await h.call('images:generate', {
      family: 'imagegen',
      model: 'imagegen-4.0',
      prompt: 'a red fox',
      n: 2,
      size: '1024*768'
    })
    expect(job.status).toBe('running')
    expect(job.items).toEqual([])
    const done = await h.settled(job.jobId)
    expect(done.status).toBe('done')
    expect(h.jobEvents(job.jobId).filter((j) => j.status !== 'running')).toHaveLength(1)
    expect(done.items).toHaveLength(2)
    for (const item of done.items) {
      expect(item).toMatchObject({
        width: 1024,
        height: 768,
        origin: 'generate',
        model: 'imagegen-4.0',
        prompt: 'a red fox',
        requestedSize: '1024x768',
        favorite: false
      })
      expect(item.url).toMatch(/^\/media\/[A-Za-z0-9_-]{22}$/)
      const file = h.media.resolve(item.url.slice('/media/'.length))!
      expect(existsSync(file.path)).toBe(true)
      expect(file.path.startsWith(join(h.dataDir, 'library', 'images'))).toBe(true)
      const px = await rgbOf(file.path)
      expect([px.width, px.height]).toEqual([1024, 768])
    }
    expect(done.warnings).toEqual([])
    // The page gets media URLs, never bytes: no event carries base64 image data.
    expect(JSON.stringify(h.events)).not.toMatch(/base64|iVBOR|\/9j\//)
    expect(h.events.some((e) => e.name === 'images:gallery-changed')).toBe(true)
  })

  it('image-model-2 with a ratio preset: the request carries the mapped size, the item the requested size', async () => {
    sb.clearLog()
    const job = await h.call('images:generate', {
      family: 'image2',
      model: 'image-model-2',
      prompt: 'a calm lake',
      ratio: '3:2',
      watermark: 'false',
      quality: 'high'
    })
    const done = await h.settled(job.jobId)
    expect(done.status).toBe('done')
    expect(done.items[0]).toMatchObject({
      width: 1536,
      height: 1024,
      requestedSize: '1536x1024',
      model: 'image-model-2'
    })
    const sent = h.sent.filter((s) => s.url.endsWith('/v1/images/generations')).at(-1)!
    expect(JSON.parse(String(sent.init!.body))).toEqual({
      model: 'image-model-2',
      prompt: 'a calm lake',
      size: '1536x1024',
      quality: 'high',
      watermark: false
    })
    expect(createsOf('image.generate')).toHaveLength(1)
  })

  it('b64_json results are decoded and written by the host', async () => {
    const cdnBefore = sb.log().filter((e) => e.origin === 'cdn').length
    const job = await h.call('images:generate', {
      family: 'image2',
      model: 'image-model-2',
      prompt: 'inline please',
      response_format: 'b64_json',
      n: 2,
      size: '1024x1536'
    })
    const done = await h.settled(job.jobId)
    expect(done.status).toBe('done')
    expect(done.items.map((i) => [i.width, i.height, i.format])).toEqual([
      [1024, 1536, 'png'],
      [1024, 1536, 'png']
    ])
    // No CDN download happened for it: the bytes came in the answer.
    expect(sb.log().filter((e) => e.origin === 'cdn')).toHaveLength(cdnBefore)
    expect(readdirSync(join(h.dataDir, 'library', 'images')).some((n) => n.endsWith('.part'))).toBe(false)
  })

  it('an off-tier size is sent as asked; the channel draws the nearest tier, and revised_prompt plus requested-vs-actual are kept', async () => {
    const job = await h.call('images:generate', {
      family: 'image2',
      model: 'image-model-2',
      prompt: 'wide',
      size: '1600x900'
    })
    const done = await h.settled(job.jobId)
    expect(done.status).toBe('done')
    expect(done.items[0]).toMatchObject({
      width: 1920,
      height: 1080,
      requestedSize: '1600x900',
      revisedPrompt: 'wide (aspect ratio 1600:900)'
    })
    expect(done.warnings.join('\n')).toMatch(/not one of the official sizes.*1920x1080/)
    expect(done.warnings.join('\n')).toMatch(/Asked for 1600x900, received 1920x1080/)
  })

  it('image-model-2 takes a gallery image and a local file as inline Base64 references', async () => {
    const [previous] = (await h.call('images:list-gallery', undefined)).items
    const fileId = await h.grantBytes(await gradientPng(64, 48), 'ref.png')
    const job = await h.call('images:generate', {
      family: 'image2',
      model: 'image-model-2',
      prompt: 'like these',
      image: [
        { kind: 'gallery', itemId: previous.id },
        { kind: 'file', fileId },
        { kind: 'url', url: 'https://example.test/r.png' }
      ]
    })
    const done = await h.settled(job.jobId)
    expect(done.status).toBe('done')
    const body = JSON.parse(String(h.sent.filter((s) => s.url.endsWith('/v1/images/generations')).at(-1)!.init!.body))
    expect(body.image).toHaveLength(3)
    expect(body.image[0]).toMatch(/^data:image\/(png|jpeg);base64,/)
    expect(body.image[1]).toMatch(/^data:image\/png;base64,iVBOR/)
    expect(body.image[2]).toBe('https://example.test/r.png')
    // The item keeps a description of the references, never their bytes.
    expect(JSON.stringify(done.items[0].params)).not.toMatch(/base64/)
    expect(done.items[0].params.image).toEqual([
      { kind: 'gallery', itemId: previous.id },
      { kind: 'file', name: 'ref.png' },
      { kind: 'url', url: 'https://example.test/r.png' }
    ])
  })

  it('lists jobs newest first, including finished ones', async () => {
    const { jobs } = await h.call('images:list-jobs', undefined)
    expect(jobs.length).toBeGreaterThanOrEqual(5)
    expect(jobs.every((j: ImageJob) => j.status !== 'running')).toBe(true)
    expect([...jobs].sort((a, b) => b.createdAt - a.createdAt).map((j) => j.jobId)).toEqual(jobs.map((j) => j.jobId))
  })
})
