import { rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { startSandbox } from '../../../sandbox/index'
import { imagesHarness } from './testing/harness'

describe("a result that cannot be written is told without the library's path", () => {
  it('the job fails with STORAGE and the system code, and no folder of the data folder reaches its events', async () => {
    const sb = await startSandbox({ speed: 1000, quiet: true })
    const h = await imagesHarness({ sandbox: sb })
    try {
      // A file where the images folder was: every write there fails with ENOTDIR naming the full path.
      const images = join(h.dataDir, 'library', 'images')
      rmSync(images, { recursive: true, force: true })
      writeFileSync(images, 'not a folder')
      const job = await h.call('images:generate', {
        family: 'image2',
        model: 'image-model-2',
        prompt: 'inline please',
        response_format: 'b64_json'
      })
      const done = await h.settled(job.jobId)
      expect(done.status).toBe('failed')
      expect(done.error).toMatchObject({ code: 'STORAGE' })
      expect(done.error?.message).toMatch(/\(ENOTDIR\)/)
      expect(JSON.stringify(h.jobEvents(job.jobId))).not.toContain(h.dataDir)
      expect(JSON.stringify(h.jobEvents(job.jobId))).not.toMatch(/library\/images/)
    } finally {
      await h.close()
      await sb.close()
    }
  })
})
