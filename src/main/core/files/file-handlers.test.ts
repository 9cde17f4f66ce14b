import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { SecretGuard } from '../ipc/secret-guard'
import { createUploadDispatcher, type UploadDispatch } from '../ipc/upload-dispatcher'
import { fileHandlers, fileUploadHandlers, type PickFiles } from './file-handlers'
import { FileGrants } from './grants'
import { MediaLibrary } from './media'
import { imageBytes } from './testing/images'

const root = mkdtempSync(join(tmpdir(), 'studio-file-handlers-'))
afterAll(() => rmSync(root, { recursive: true, force: true }))
const electron = { shell: 'electron' as const }
const browser = { shell: 'browser' as const }

let grants: FileGrants
let upload: UploadDispatch
let userDir: string
let n = 0

beforeEach(async () => {
  n++
  mkdirSync(join(root, `data-${n}`))
  userDir = join(root, `user-${n}`)
  mkdirSync(userDir)
  grants = await FileGrants.open({ dataDir: join(root, `data-${n}`), media: new MediaLibrary('studio-media://m/') })
  upload = createUploadDispatcher(fileUploadHandlers(grants), { guard: new SecretGuard() })
})
afterEach(() => grants.dispose())

describe('files:pick', () => {
  it('answers an empty list where the shell has no dialog (browser host)', async () => {
    expect(await fileHandlers({ grants })['files:pick']({ purpose: 'chat-attachment' }, browser)).toEqual({ files: [] })
  })

  it('grants what the dialog returned, one file unless multiple', async () => {
    const a = join(userDir, 'a.png')
    const b = join(userDir, 'b.webp')
    writeFileSync(a, await imageBytes('png'))
    writeFileSync(b, await imageBytes('webp'))
    const pickFiles = vi.fn<PickFiles>(async () => [a, b])
    const pick = fileHandlers({ grants, pickFiles })['files:pick']
    const many = await pick({ purpose: 'image-reference', multiple: true }, electron)
    expect(pickFiles).toHaveBeenLastCalledWith('image-reference', true)
    expect(many.files.map((f) => f.name)).toEqual(['a.png', 'b.webp'])
    expect(many.files[0].previewUrl).toMatch(/^studio-media:\/\/m\/[A-Za-z0-9_-]{22}$/)
    expect((await pick({ purpose: 'image-reference' }, electron)).files).toHaveLength(1)
    pickFiles.mockResolvedValueOnce([])
    expect(await pick({ purpose: 'image-reference' }, electron)).toEqual({ files: [] })
  })

  it('is all or nothing: one refused file releases the ones already granted', async () => {
    const good = join(userDir, 'good.png')
    const bad = join(userDir, 'bad.png')
    writeFileSync(good, await imageBytes('png'))
    writeFileSync(bad, 'not an image')
    const pick = fileHandlers({ grants, pickFiles: async () => [good, bad] })['files:pick']
    await expect(pick({ purpose: 'chat-attachment', multiple: true }, electron)).rejects.toMatchObject({
      field: 'file',
      details: { reason: 'wrong-type' }
    })
    expect(grants.liveCount).toBe(0)
  })
})

describe('files:release', () => {
  it('releases a grant and refuses an unknown id', async () => {
    const path = join(userDir, 'a.png')
    writeFileSync(path, await imageBytes('png'))
    const grant = await grants.grantPath(path, 'chat-attachment')
    const release = fileHandlers({ grants })['files:release']
    expect(await release({ fileId: grant.fileId }, browser)).toEqual({})
    await expect(release({ fileId: grant.fileId }, browser)).rejects.toMatchObject({ code: 'NOT_FOUND' })
  })
})

describe('files:upload through the upload dispatcher', () => {
  it('grants a path from the Electron preload and bytes or a stream from either shell', async () => {
    const path = join(userDir, 'drop.png')
    writeFileSync(path, await imageBytes('png'))
    expect(
      await upload('files:upload', { kind: 'path', path }, { purpose: 'chat-attachment', name: 'drop.png' }, electron)
    ).toMatchObject({ ok: true, value: { name: 'drop.png', mimeType: 'image/png' } })
    const bytes = new Uint8Array(await imageBytes('jpeg'))
    expect(
      await upload('files:upload', { kind: 'bytes', bytes }, { purpose: 'image-edit', name: 'paste.jpg' }, electron)
    ).toMatchObject({ ok: true, value: { mimeType: 'image/jpeg' } })
    async function* body() {
      yield bytes.subarray(0, 10)
      yield bytes.subarray(10)
    }
    expect(
      await upload(
        'files:upload',
        { kind: 'stream', stream: body() },
        { purpose: 'image-edit', name: 'x.jpg' },
        browser
      )
    ).toMatchObject({ ok: true, value: { bytes: bytes.length } })
  })

  it('never accepts a path from the browser host', async () => {
    const path = join(userDir, 'drop.png')
    writeFileSync(path, await imageBytes('png'))
    expect(
      await upload('files:upload', { kind: 'path', path }, { purpose: 'chat-attachment', name: 'drop.png' }, browser)
    ).toMatchObject({ ok: false, error: { code: 'INVALID_INPUT', field: 'file' } })
    expect(grants.liveCount).toBe(0)
  })

  it('refuses unknown channels and meta outside the contract before touching the file', async () => {
    const stream = { [Symbol.asyncIterator]: vi.fn() } as unknown as AsyncIterable<Uint8Array>
    expect(await upload('files:read', { kind: 'stream', stream }, {}, browser)).toMatchObject({
      ok: false,
      error: { code: 'UNKNOWN_CHANNEL' }
    })
    expect(
      await upload('files:upload', { kind: 'stream', stream }, { purpose: 'wallpaper', name: 'x' }, browser)
    ).toMatchObject({ ok: false, error: { code: 'INVALID_INPUT', field: 'purpose' } })
    expect(
      await upload(
        'files:upload',
        { kind: 'stream', stream },
        { purpose: 'chat-attachment', name: 'x', path: '/etc/passwd' },
        browser
      )
    ).toMatchObject({ ok: false, error: { code: 'INVALID_INPUT' } })
    expect((stream as unknown as Record<symbol, ReturnType<typeof vi.fn>>)[Symbol.asyncIterator]).not.toHaveBeenCalled()
  })

  it('answers refusals as coded data at the file field', async () => {
    const r = await upload(
      'files:upload',
      { kind: 'bytes', bytes: new TextEncoder().encode('hello') },
      { purpose: 'image-edit', name: 'notes.png' },
      browser
    )
    expect(r).toEqual({
      ok: false,
      error: {
        code: 'INVALID_INPUT',
        message:
          '"notes.png" is not a PNG, JPEG or WebP image: its name ends in .png, but its content is not an image.',
        retryable: false,
        field: 'file',
        details: { reason: 'wrong-type', accepted: ['png', 'jpeg', 'webp'] }
      }
    })
  })
})
