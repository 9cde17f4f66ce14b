import { readdirSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it, vi } from 'vitest'
import { imagesHarness } from '../images/testing/harness'
import { suiteSandbox } from '../testing/sandbox-suite'

/**
 * F21: the disk fills up during a result download. An fs shim makes writes to `.part` files fail
 * with ENOSPC (a real full disk cannot be arranged on a shared CI machine).
 */
const shim = vi.hoisted(() => ({ enospc: false, hits: 0 }))
vi.mock('node:fs', async (importOriginal) =>
  (await import('../testing/faults/full-disk')).fullDiskFs(await importOriginal(), shim, '.part')
)

describe('disk full', () => {
  const sb = suiteSandbox()

  it('F21 ENOSPC during a download: the .part is removed, the user is told, the download stays pending and completes at the next start', async () => {
    const h = await imagesHarness({ sandbox: sb })
    const library = () => readdirSync(join(h.dataDir, 'library', 'images'))
    shim.enospc = true
    const job = await h.call('images:submit-native', { prompt: 'a lighthouse' })
    const deadline = Date.now() + 10_000
    while (!h.jobEvents(job.jobId).some((j) => /disk is full/.test(j.progressNote ?? ''))) {
      if (Date.now() > deadline) throw new Error(`no disk-full note: ${JSON.stringify(h.jobEvents(job.jobId).at(-1))}`)
      await new Promise((r) => setTimeout(r, 10))
    }
    const pending = h.jobEvents(job.jobId).at(-1)!
    expect(pending.status).toBe('running')
    expect(pending.progressNote).toMatch(/the disk is full.*kept and will be downloaded at the next start/s)
    expect(shim.hits).toBe(1)
    expect(library()).toEqual([])
    // Not retried in a loop against a full disk: one attempt until the next start.
    await new Promise((r) => setTimeout(r, 200))
    expect(shim.hits).toBe(1)

    shim.enospc = false
    const next = await h.restart()
    try {
      const done = await next.settled(job.jobId)
      expect(done.status).toBe('done')
      expect(library().filter((n) => n.endsWith('.part'))).toEqual([])
      expect(library()).toHaveLength(1)
      expect(sb.log().filter((e) => e.route === 'image.native.submit')).toHaveLength(1)
    } finally {
      await next.close()
    }
  })
})
