import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { streamedMultipart } from './edit-multipart'

const dir = mkdtempSync(join(tmpdir(), 'edit-multipart-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

async function bytesOf(stream: ReadableStream<Uint8Array>): Promise<Buffer> {
  return Buffer.from(await new Response(stream).arrayBuffer())
}

describe('streamed edit multipart', () => {
  it('parses back to the same fields and files, with a Content-Length equal to the bytes sent', async () => {
    const image = Buffer.alloc(3 * 1024 * 1024 + 17)
    for (let i = 0; i < image.length; i++) image[i] = (i * 31) & 255
    writeFileSync(join(dir, 'a.png'), image)
    writeFileSync(join(dir, 'm.png'), Buffer.from('mask bytes'))
    const body = await streamedMultipart(
      [
        ['model', 'image-model-1'],
        ['prompt', 'two lines\nand a "quote"']
      ],
      [
        { field: 'image', path: join(dir, 'a.png'), filename: 'my "photo".png', contentType: 'image/png' },
        { field: 'mask', path: join(dir, 'm.png'), filename: 'mask.png', contentType: 'image/png' }
      ]
    )
    const bytes = new Uint8Array(await bytesOf(body.body))
    expect(bytes.length).toBe(body.length)
    expect(body.headers['Content-Length']).toBe(String(bytes.length))
    const form = await new Response(bytes, { headers: { 'content-type': body.headers['Content-Type'] } }).formData()
    expect([...form.keys()]).toEqual(['model', 'prompt', 'image', 'mask'])
    expect(form.get('prompt')).toBe('two lines\r\nand a "quote"')
    const file = form.get('image') as File
    // Sent as my %22photo%22.png (as FormData does); a parser restores the quotes.
    expect(Buffer.from(bytes).includes(Buffer.from('filename="my %22photo%22.png"'))).toBe(true)
    expect([file.name, file.type]).toEqual(['my "photo".png', 'image/png'])
    expect(Buffer.from(await file.arrayBuffer()).equals(image)).toBe(true)
    expect(await (form.get('mask') as File).text()).toBe('mask bytes')
  })

  it('ends the request with an error when a file changed size after the length was declared', async () => {
    writeFileSync(join(dir, 'c.png'), Buffer.alloc(1000))
    const grown = await streamedMultipart(
      [],
      [{ field: 'image', path: join(dir, 'c.png'), filename: 'c.png', contentType: 'image/png' }]
    )
    writeFileSync(join(dir, 'c.png'), Buffer.alloc(1001))
    await expect(bytesOf(grown.body)).rejects.toThrow(
      /changed size while it was being sent \(more than the 1000 bytes declared\)/
    )
    writeFileSync(join(dir, 'b.png'), Buffer.alloc(1000))
    const body = await streamedMultipart(
      [],
      [{ field: 'image', path: join(dir, 'b.png'), filename: 'b.png', contentType: 'image/png' }]
    )
    writeFileSync(join(dir, 'b.png'), Buffer.alloc(400))
    await expect(bytesOf(body.body)).rejects.toThrow(/changed size while it was being sent \(400 of 1000 bytes\)/)
  })
})
