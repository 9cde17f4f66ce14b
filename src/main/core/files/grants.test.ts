import {
  mkdirSync,
  mkdtempSync,
  readdirSync,
  renameSync,
  rmSync,
  statSync,
  symlinkSync,
  truncateSync,
  utimesSync,
  writeFileSync
} from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import fc from 'fast-check'
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest'
import { FILE_RULES } from '@shared/domain/files'
import { StudioError } from '@shared/errors'
import { FileGrants } from './grants'
import { MediaLibrary } from './media'
import { replyMedia } from './media-response'
import { imageBytes } from './testing/images'

const root = mkdtempSync(join(tmpdir(), 'studio-grants-'))
afterAll(() => rmSync(root, { recursive: true, force: true }))

let n = 0
let dataDir: string
let userDir: string
let media: MediaLibrary
let grants: FileGrants

beforeEach(async () => {
  n++
  dataDir = join(root, `data-${n}`)
  userDir = join(root, `user-${n}`)
  mkdirSync(dataDir)
  mkdirSync(userDir)
  media = new MediaLibrary('/media/')
  grants = await FileGrants.open({ dataDir, media })
})
afterEach(() => grants.dispose())

const put = (name: string, bytes: Uint8Array | string, dir = userDir) => {
  const path = join(dir, name)
  writeFileSync(path, bytes)
  return path
}

/** The coded refusal a call ended with. */
async function refusal(p: Promise<unknown>): Promise<StudioError> {
  const e = await p.then(
    () => null,
    (err: unknown) => err
  )
  if (!(e instanceof StudioError)) throw new Error(`expected a StudioError, got ${String(e)}`)
  return e
}

describe('granting a file on disk', () => {
  it('grants a real image: type and size from its content, an opaque id, a preview URL', async () => {
    const path = put('cat.png', await imageBytes('png', 40, 30))
    const grant = await grants.grantPath(path, 'image-edit')
    expect(grant).toMatchObject({ name: 'cat.png', mimeType: 'image/png', width: 40, height: 30 })
    expect(grant.fileId).toMatch(/^[A-Za-z0-9_-]{22}$/)
    expect(grant.previewUrl).toMatch(/^\/media\/[A-Za-z0-9_-]{22}$/)
    expect(JSON.stringify(grant)).not.toContain(userDir)
    const held = grants.get(grant.fileId)
    expect(held.path).toBe(path)
    expect(media.resolve(grant.previewUrl!.slice('/media/'.length))).toMatchObject({ path, mimeType: 'image/png' })
  })

  it('accepts each allowed type, and GIF only for chat attachments', async () => {
    for (const format of ['png', 'jpeg', 'webp'] as const) {
      const grant = await grants.grantPath(put(`a.${format}`, await imageBytes(format)), 'image-reference')
      expect(grant.mimeType).toBe(`image/${format}`)
    }
    const gif = put('anim.gif', await imageBytes('gif', 5, 4))
    expect(await grants.grantPath(gif, 'chat-attachment')).toMatchObject({ mimeType: 'image/gif', width: 5, height: 4 })
    const e = await refusal(grants.grantPath(gif, 'image-edit'))
    expect(e).toMatchObject({ code: 'INVALID_INPUT', field: 'file', details: { reason: 'wrong-type', actual: 'gif' } })
    expect(e.message).toBe('"anim.gif" is not a PNG, JPEG or WebP image: it is a GIF, which image edits do not accept.')
  })

  it('accepts a PNG renamed .jpg (the content decides) and names the upload part by the real type', async () => {
    const grant = await grants.grantPath(put('holiday.jpg', await imageBytes('png')), 'image-edit')
    expect(grant).toMatchObject({ name: 'holiday.jpg', mimeType: 'image/png' })
    expect(grants.get(grant.fileId).uploadName).toBe('holiday.png')
  })

  it('refuses a text file named .png, and says the name promised an image', async () => {
    const e = await refusal(grants.grantPath(put('notes.png', 'just some notes, not a picture'), 'image-edit'))
    expect(e).toMatchObject({ code: 'INVALID_INPUT', field: 'file', details: { reason: 'wrong-type' } })
    expect(e.message).toBe(
      '"notes.png" is not a PNG, JPEG or WebP image: its name ends in .png, but its content is not an image.'
    )
    const plain = await refusal(grants.grantPath(put('notes.txt', 'hello'), 'chat-attachment'))
    expect(plain.message).toBe('"notes.txt" is not a PNG, JPEG, WebP or GIF image.')
  })

  it('refuses a file over the purpose limit, naming the limit and the size, before reading it', async () => {
    const path = put('big.png', await imageBytes('png'))
    truncateSync(path, FILE_RULES['image-edit'].maxBytes + 1)
    const e = await refusal(grants.grantPath(path, 'image-edit'))
    expect(e).toMatchObject({
      field: 'file',
      details: { reason: 'too-large', bytes: 25 * 1024 * 1024 + 1, limitBytes: 25 * 1024 * 1024 }
    })
    expect(e.message).toBe('"big.png" is 25 MB; image edits accept files up to 25 MB.')
    // The same file is fine where the limit is higher, and a file exactly at the limit is fine.
    expect(await grants.grantPath(path, 'video-reference')).toMatchObject({ bytes: 25 * 1024 * 1024 + 1 })
    truncateSync(path, FILE_RULES['chat-attachment'].maxBytes)
    expect(await grants.grantPath(path, 'chat-attachment')).toMatchObject({ bytes: 20 * 1024 * 1024 })
  })

  it('refuses an empty file and a truncated header', async () => {
    expect((await refusal(grants.grantPath(put('empty.png', ''), 'image-edit'))).details).toMatchObject({
      reason: 'empty'
    })
    const png = await imageBytes('png')
    const e = await refusal(grants.grantPath(put('cut.png', png.subarray(0, 20)), 'image-edit'))
    expect(e).toMatchObject({ details: { reason: 'damaged', format: 'png' } })
    expect(e.message).toBe('"cut.png" starts like a PNG image, but its header is damaged or cut short.')
    const jpeg = await imageBytes('jpeg')
    expect((await refusal(grants.grantPath(put('cut.jpg', jpeg.subarray(0, 30)), 'image-edit'))).details).toMatchObject(
      { reason: 'damaged' }
    )
  })

  it('refuses video references outside 1:4 to 4:1 (exclusive), reading the ratio from the header', async () => {
    const e = await refusal(grants.grantPath(put('wide.png', await imageBytes('png', 401, 100)), 'video-reference'))
    expect(e).toMatchObject({ details: { reason: 'aspect-ratio', width: 401, height: 100 } })
    expect(e.message).toContain('401×100 (4.01:1)')
    expect(
      (await refusal(grants.grantPath(put('exact.png', await imageBytes('png', 400, 100)), 'video-reference'))).details
    ).toMatchObject({ reason: 'aspect-ratio' })
    expect(
      (await refusal(grants.grantPath(put('tall.png', await imageBytes('png', 100, 401)), 'video-reference'))).message
    ).toContain('(1:4.01)')
    expect(await grants.grantPath(put('ok.png', await imageBytes('png', 399, 100)), 'video-reference')).toMatchObject({
      width: 399
    })
    // Other purposes have no ratio rule.
    expect(await grants.grantPath(put('wide2.png', await imageBytes('png', 401, 100)), 'image-edit')).toMatchObject({
      width: 401
    })
  })

  it('refuses anything inside the data dir: directly, through a symlink, or spelled with ..', async () => {
    const secret = put('secrets.png', await imageBytes('png'), dataDir)
    expect((await refusal(grants.grantPath(secret, 'chat-attachment'))).details).toMatchObject({
      reason: 'inside-data-dir'
    })
    const link = join(userDir, 'innocent.png')
    symlinkSync(secret, link)
    const e = await refusal(grants.grantPath(link, 'chat-attachment'))
    expect(e).toMatchObject({ details: { reason: 'inside-data-dir' } })
    expect(e.message).not.toContain(dataDir)
    expect(
      (await refusal(grants.grantPath(join(userDir, '..', `data-${n}`, 'secrets.png'), 'chat-attachment'))).details
    ).toMatchObject({ reason: 'inside-data-dir' })
    // A name that merely starts with two dots is still inside.
    expect(
      (await refusal(grants.grantPath(put('..hidden.png', await imageBytes('png'), dataDir), 'chat-attachment')))
        .details
    ).toMatchObject({ reason: 'inside-data-dir' })
    // A symlinked directory leading in is caught too.
    symlinkSync(dataDir, join(userDir, 'linked-dir'))
    expect(
      (await refusal(grants.grantPath(join(userDir, 'linked-dir', 'secrets.png'), 'chat-attachment'))).details
    ).toMatchObject({ reason: 'inside-data-dir' })
    // A symlink to an image outside the data dir is followed and granted by its real path.
    const real = put('real.png', await imageBytes('png'))
    symlinkSync(real, join(userDir, 'alias.png'))
    const grant = await grants.grantPath(join(userDir, 'alias.png'), 'chat-attachment')
    expect(grants.get(grant.fileId).path).toBe(real)
  })

  it('refuses directories, missing files, relative paths and junk, without echoing the path', async () => {
    expect((await refusal(grants.grantPath(userDir, 'chat-attachment'))).details).toMatchObject({
      reason: 'not-a-file'
    })
    const missing = await refusal(grants.grantPath(join(userDir, 'gone.png'), 'chat-attachment'))
    expect(missing).toMatchObject({ details: { reason: 'unreadable', errno: 'ENOENT' } })
    expect(missing.message).toBe('"gone.png" could not be opened: it no longer exists.')
    for (const junk of ['', 'cat.png', '../../etc/passwd', '/etc/passwd\0.png', 42 as unknown as string]) {
      const e = await refusal(grants.grantPath(junk, 'chat-attachment'))
      expect(e.details).toMatchObject({ reason: 'unreadable' })
      expect(e.message).not.toContain('etc')
    }
  })
})

describe('granting uploaded bytes', () => {
  it('writes them to uploads/<id>, validates them like a file, and deletes the copy on release', async () => {
    const bytes = await imageBytes('webp', 12, 9)
    const grant = await grants.grantUpload(new Uint8Array(bytes), 'clipboard.webp', 'chat-attachment')
    expect(grant).toMatchObject({
      name: 'clipboard.webp',
      mimeType: 'image/webp',
      width: 12,
      height: 9,
      bytes: bytes.length
    })
    expect(readdirSync(join(dataDir, 'uploads'))).toEqual([grant.fileId])
    expect(Buffer.from(await grants.readBytes(grant.fileId))).toEqual(bytes)
    await grants.release(grant.fileId)
    expect(readdirSync(join(dataDir, 'uploads'))).toEqual([])
  })

  it('streams a body, stops at the limit while streaming, and leaves nothing behind', async () => {
    let produced = 0
    async function* endless(): AsyncGenerator<Uint8Array> {
      const png = await imageBytes('png')
      yield png
      for (;;) {
        produced += 1024 * 1024
        yield new Uint8Array(1024 * 1024)
      }
    }
    const e = await refusal(grants.grantUpload(endless(), 'stream.png', 'chat-attachment'))
    expect(e).toMatchObject({ details: { reason: 'too-large', limitBytes: 20 * 1024 * 1024 } })
    expect(e.message).toMatch(/^"stream\.png" is over 20 MB; chat attachments accept files up to 20 MB\.$/)
    expect(produced).toBeLessThanOrEqual(21 * 1024 * 1024)
    expect(readdirSync(join(dataDir, 'uploads'))).toEqual([])
  })

  it('refuses bad content and an interrupted stream, leaving nothing behind', async () => {
    expect(
      (await refusal(grants.grantUpload(new TextEncoder().encode('<svg/>'), 'vector.png', 'chat-attachment'))).details
    ).toMatchObject({ reason: 'wrong-type' })
    async function* dropped(): AsyncGenerator<Uint8Array> {
      yield (await imageBytes('png')).subarray(0, 10)
      throw new Error('socket hang up')
    }
    const e = await refusal(grants.grantUpload(dropped(), 'half.png', 'chat-attachment'))
    expect(e).toMatchObject({ code: 'CANCELLED', retryable: true, details: { reason: 'interrupted' } })
    expect(readdirSync(join(dataDir, 'uploads'))).toEqual([])
  })

  it('cleans names: no path parts, no control or bidi characters, never empty', async () => {
    const png = new Uint8Array(await imageBytes('png'))
    expect((await grants.grantUpload(png, '../../etc/evil\u202egnp.exe', 'chat-attachment')).name).toBe('evilgnp.exe')
    expect((await grants.grantUpload(png, '', 'chat-attachment')).name).toBe('pasted image')
  })

  it('empties the uploads dir when the table opens (copies never outlive the process that made them)', async () => {
    await grants.grantUpload(new Uint8Array(await imageBytes('png')), 'a.png', 'chat-attachment')
    writeFileSync(join(dataDir, 'uploads', 'stale'), 'x')
    const again = await FileGrants.open({ dataDir, media: new MediaLibrary('/media/') })
    expect(readdirSync(join(dataDir, 'uploads'))).toEqual([])
    await again.dispose()
  })
})

describe('using and releasing grants', () => {
  it('refuses traversal strings, paths and unknown ids for every lookup', async () => {
    const grant = await grants.grantPath(put('a.png', await imageBytes('png')), 'chat-attachment')
    const probes = [
      `${grant.fileId}/../../etc/passwd`,
      '../secrets.json',
      '/etc/passwd',
      grant.fileId + 'A',
      grant.fileId.slice(1),
      '__proto__',
      'constructor',
      '',
      '%2e%2e%2f'
    ]
    const arbitrary = fc.sample(
      fc.oneof(
        fc.string(),
        fc.constantFrom('..', '../', '..\\', '%2e%2e/').chain((t) => fc.string().map((s) => s + t + s))
      ),
      200
    )
    for (const probe of [...probes, ...arbitrary]) {
      expect(() => grants.get(probe)).toThrow(expect.objectContaining({ code: 'NOT_FOUND', field: 'fileId' }))
      await expect(grants.readBytes(probe)).rejects.toMatchObject({ code: 'NOT_FOUND' })
      await expect(grants.openAsBlob(probe)).rejects.toMatchObject({ code: 'NOT_FOUND' })
      await expect(grants.release(probe)).rejects.toMatchObject({ code: 'NOT_FOUND' })
    }
    expect(grants.get(grant.fileId).grant).toEqual(grant)
  })

  it('gives a streaming Blob of the file and its bytes, and refuses them once the file changed', async () => {
    const bytes = await imageBytes('jpeg', 20, 10)
    const path = put('photo.jpg', bytes)
    const grant = await grants.grantPath(path, 'image-edit')
    const blob = await grants.openAsBlob(grant.fileId)
    expect(blob.type).toBe('image/jpeg')
    expect(Buffer.from(await blob.arrayBuffer())).toEqual(bytes)
    writeFileSync(path, 'replaced by something else')
    await expect(grants.readBytes(grant.fileId)).rejects.toMatchObject({ details: { reason: 'changed' } })
    await expect(grants.openAsBlob(grant.fileId)).rejects.toMatchObject({ details: { reason: 'changed' } })
    // Same size but touched later still counts as changed.
    writeFileSync(path, bytes)
    const again = await grants.grantPath(path, 'image-edit')
    utimesSync(path, new Date(), new Date(Date.now() + 5000))
    await expect(grants.readBytes(again.fileId)).rejects.toMatchObject({ details: { reason: 'changed' } })
  })

  it('release forgets the grant and its preview, leaves the user file alone, and a second release is refused', async () => {
    const path = put('keep.png', await imageBytes('png'))
    const grant = await grants.grantPath(path, 'chat-attachment')
    const mediaId = grant.previewUrl!.slice('/media/'.length)
    await grants.release(grant.fileId)
    expect(() => grants.get(grant.fileId)).toThrow(expect.objectContaining({ code: 'NOT_FOUND' }))
    expect(media.resolve(mediaId)).toBeNull()
    expect(readdirSync(userDir)).toContain('keep.png')
    await expect(grants.release(grant.fileId)).rejects.toMatchObject({ code: 'NOT_FOUND' })
  })

  it('caps how many grants live at once', async () => {
    const small = await FileGrants.open({
      dataDir,
      uploadsDir: join(dataDir, 'uploads-small'),
      media,
      maxLiveGrants: 2
    })
    const path = put('a.png', await imageBytes('png'))
    await small.grantPath(path, 'chat-attachment')
    await small.grantPath(path, 'chat-attachment')
    expect((await refusal(small.grantPath(path, 'chat-attachment'))).details).toMatchObject({ reason: 'too-many' })
    await small.dispose()
    expect(small.liveCount).toBe(0)
  })
})

describe('a picked file swapped after it was granted', () => {
  const preview = (grant: { previewUrl?: string }) =>
    replyMedia(media, grant.previewUrl!.slice('/media/'.length), { method: 'GET' })

  it('serves the preview while the file is the one granted, and refuses another file renamed into its place', async () => {
    const path = put('cat.png', await imageBytes('png', 40, 30))
    const grant = await grants.grantPath(path, 'image-edit')
    const ok = await preview(grant)
    expect(ok.status).toBe(200)
    ok.body?.destroy()
    // Same name, same size and time, another inode: what an attacker's rename would leave.
    const other = put('other.png', await imageBytes('png', 40, 30))
    const { mtime } = statSync(path)
    utimesSync(other, mtime, mtime)
    renameSync(other, path)
    expect((await preview(grant)).status).toBe(404)
    await expect(grants.readBytes(grant.fileId)).rejects.toMatchObject({ details: { reason: 'changed' } })
  })

  it('refuses a symlink put where the file was, even to an image with the same bytes', async () => {
    const bytes = await imageBytes('png', 40, 30)
    const path = put('cat.png', bytes)
    const grant = await grants.grantPath(path, 'image-edit')
    const elsewhere = put('elsewhere.png', bytes)
    rmSync(path)
    symlinkSync(elsewhere, path)
    expect((await preview(grant)).status).toBe(404)
    await expect(grants.readBytes(grant.fileId)).rejects.toMatchObject({ details: { reason: 'changed' } })
    await expect(grants.openAsBlob(grant.fileId)).rejects.toMatchObject({ details: { reason: 'changed' } })
  })
})
