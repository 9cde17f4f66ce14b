import { mkdtempSync, rmSync, statSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startSandbox, type SandboxHandle } from '../../../sandbox/index'
import { gradientPng, imagesHarness, rectMask, type ImagesHarness } from './testing/harness'

/**
 * The edit's local files (source and mask) reach the library and the gateway only through their
 * grants: a file swapped for a symlink, rewritten in place (same size, new time) or replaced after it
 * was chosen is refused at its field, and nothing is sent.
 */
describe('edit inputs are copied through their grants', () => {
  const W = 64
  const H = 48
  let sb: SandboxHandle
  let h: ImagesHarness
  let picked: string
  let source: Buffer
  let mask: Buffer
  beforeAll(async () => {
    sb = await startSandbox({ speed: 1000, quiet: true })
    h = await imagesHarness({ sandbox: sb })
    picked = mkdtempSync(join(tmpdir(), 'edit-picked-'))
    source = await gradientPng(W, H)
    mask = await rectMask(W, H, { x: 4, y: 4, w: 10, h: 10 })
  })
  afterAll(async () => {
    await h.close()
    await sb.close()
    rmSync(picked, { recursive: true, force: true })
  })

  const pick = async (name: string, bytes: Buffer): Promise<{ path: string; fileId: string }> => {
    const path = join(picked, name)
    writeFileSync(path, bytes)
    return { path, fileId: (await h.grants.grantPath(path, 'image-edit')).fileId }
  }
  const edits = () => sb.log().filter((e) => e.route === 'image.edit').length

  it.runIf(process.platform !== 'win32')(
    'refuses a source replaced by a symlink to another file of the same size',
    async () => {
      const { path, fileId } = await pick('swap.png', source)
      const secret = join(picked, 'secret.bin')
      writeFileSync(secret, Buffer.alloc(source.byteLength, 0x41))
      rmSync(path)
      symlinkSync(secret, path)
      const before = edits()
      const e = await h.fail('images:edit', { source: { kind: 'file', fileId }, prompt: 'p', model: 'imagegen-4.0' })
      expect(e).toMatchObject({ code: 'INVALID_INPUT', field: 'source' })
      expect(e.message).not.toContain(picked)
      expect(edits()).toBe(before)
    }
  )

  it('refuses a source rewritten in place with the same size (a new modification time)', async () => {
    const { path, fileId } = await pick('rewrite.png', source)
    const t = statSync(path).mtime
    writeFileSync(path, source)
    utimesSync(path, t, new Date(t.getTime() + 5000))
    const before = edits()
    const e = await h.fail('images:edit', { source: { kind: 'file', fileId }, prompt: 'p', model: 'imagegen-4.0' })
    expect(e).toMatchObject({ code: 'INVALID_INPUT', field: 'source', details: { reason: 'changed' } })
    expect(edits()).toBe(before)
  })

  it('checks the mask the same way: a mask replaced after it was chosen is refused at its field', async () => {
    const { fileId } = await pick('ok.png', source)
    const m = await pick('mask.png', mask)
    writeFileSync(m.path, await rectMask(W, H, { x: 20, y: 20, w: 30, h: 20 }))
    utimesSync(m.path, new Date(), new Date(Date.now() + 5000))
    const before = edits()
    const e = await h.fail('images:edit', {
      source: { kind: 'file', fileId },
      maskFileId: m.fileId,
      prompt: 'p',
      model: 'imagegen-4.0'
    })
    expect(e).toMatchObject({ code: 'INVALID_INPUT', field: 'maskFileId', details: { reason: 'changed' } })
    expect(edits()).toBe(before)
  })

  it.runIf(process.platform !== 'win32')('refuses a mask replaced by a symlink', async () => {
    const { fileId } = await pick('ok2.png', source)
    const m = await pick('mask2.png', mask)
    const other = join(picked, 'other-mask.png')
    writeFileSync(other, mask)
    rmSync(m.path)
    symlinkSync(other, m.path)
    const before = edits()
    const e = await h.fail('images:edit', {
      source: { kind: 'file', fileId },
      maskFileId: m.fileId,
      prompt: 'p',
      model: 'imagegen-4.0'
    })
    expect(e).toMatchObject({ code: 'INVALID_INPUT', field: 'maskFileId' })
    expect(edits()).toBe(before)
  })

  it('still edits with unchanged local files', async () => {
    const { fileId } = await pick('fine.png', source)
    const m = await pick('fine-mask.png', mask)
    const job = await h.call('images:edit', {
      source: { kind: 'file', fileId },
      maskFileId: m.fileId,
      prompt: 'p',
      model: 'imagegen-4.0'
    })
    const done = await h.settled(job.jobId)
    expect(done.status).toBe('done')
  })
})
