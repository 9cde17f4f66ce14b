import { describe, expect, it } from 'vitest'
import type { EditRequest } from '@shared/domain/images'
import { suiteSandbox } from '../testing/sandbox-suite'
import type { StagedEdit } from './image-service'
import { gradientPng, imagesHarness, rectMask } from './testing/harness'

/**
 * A queued edit: checked and copied into the library when queued, sent later (after a restart, when
 * its file grants are gone) from those copies, once, under the job id the queue chose.
 */
describe('a staged edit (the queue keeps it as JSON)', () => {
  const sb = suiteSandbox()

  it('is sent after a restart from its library copies, once, under the chosen job id', async () => {
    let h = await imagesHarness({ sandbox: sb })
    const fileId = await h.grantBytes(await gradientPng(64, 48), 'photo.png')
    const maskFileId = await h.grantBytes(await rectMask(64, 48, { x: 8, y: 8, w: 20, h: 20 }), 'mask.png')
    const req: EditRequest = {
      source: { kind: 'file', fileId },
      maskFileId,
      prompt: 'a kite',
      model: 'imagegen-4.0',
      watermark: 'absent'
    }
    const staged = JSON.parse(JSON.stringify(await h.images.stageEdit(req, 'jqueued1'))) as StagedEdit
    expect(staged.copies).toEqual({ sourceFile: 'jqueued1.source.png', maskFile: 'jqueued1.mask.png' })
    // Nothing was sent, nothing journaled: the queue may still drop or hold it.
    expect(sb.log().filter((e) => e.route === 'image.edit')).toHaveLength(0)
    expect(h.images.jobState('jqueued1')).toBeUndefined()

    h = await h.restart()
    const job = await h.images.sendEdit(req, staged)
    expect(job.jobId).toBe('jqueued1')
    expect(h.images.jobState('jqueued1')).toBe('running')
    const done = await h.settled('jqueued1')
    expect(done.status).toBe('done')
    expect(done.items[0]).toMatchObject({ origin: 'edit', width: 64, height: 48 })
    expect(done.items[0].maskUrl).toMatch(/^\/media\//)
    expect(sb.log().filter((e) => e.route === 'image.edit')).toHaveLength(1)
    await h.close()
  })

  it('refuses a mask of the wrong size when staged, before anything is copied or sent', async () => {
    const h = await imagesHarness({ sandbox: sb })
    const fileId = await h.grantBytes(await gradientPng(64, 48), 'photo.png')
    const maskFileId = await h.grantBytes(await rectMask(32, 32, { x: 1, y: 1, w: 5, h: 5 }), 'mask.png')
    await expect(
      h.images.stageEdit(
        { source: { kind: 'file', fileId }, maskFileId, prompt: 'x', model: 'imagegen-4.0', watermark: 'absent' },
        'jqueued2'
      )
    ).rejects.toMatchObject({ code: 'INVALID_INPUT', field: 'maskFileId' })
    expect(h.images.jobState('jqueued2')).toBeUndefined()
    await h.close()
  })
})
