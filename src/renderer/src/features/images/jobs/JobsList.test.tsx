import { act, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { FakeHost } from '@renderer/testing/fake-host'
import { galleryItem } from '@renderer/testing/fake-images'
import { renderImages, resetImages } from '@renderer/testing/render-images'

afterEach(resetImages)

const card = (status: string) => screen.getAllByRole('article').find((a) => a.dataset.status === status)!
const waitForCard = (status: string) =>
  waitFor(() => {
    const found = screen.getAllByRole('article').find((a) => a.dataset.status === status)
    if (!found) throw new Error(`no ${status} card`)
    return found
  })

describe('jobs list', () => {
  it('renders each status: progress, precise error, outcome unknown, warnings, revised prompt and sizes', async () => {
    const host = new FakeHost()
    const base = { createdAt: Date.UTC(2026, 0, 5, 10), items: [], warnings: [] }
    host.images.jobs = [
      { ...base, jobId: 'j1', kind: 'native', status: 'running', taskId: 'task-77', progressNote: 'generating' },
      {
        ...base,
        jobId: 'j2',
        kind: 'generate',
        status: 'failed',
        error: { code: 'INSUFFICIENT_QUOTA', message: 'Your key has 12 quota left; this costs 40.', retryable: false }
      },
      {
        ...base,
        jobId: 'j3',
        kind: 'generate',
        status: 'outcome-unknown',
        error: {
          code: 'OUTCOME_UNKNOWN',
          message: 'The connection dropped after the request was sent.',
          retryable: false
        }
      },
      {
        ...base,
        jobId: 'j4',
        kind: 'generate',
        status: 'done',
        warnings: ['1280x720 is not one of the official sizes.'],
        items: [
          galleryItem({
            id: 'r1',
            prompt: 'kite',
            revisedPrompt: 'a red kite over the sea',
            requestedSize: '2048*2048',
            width: 1024,
            height: 1024
          })
        ]
      }
    ]
    await renderImages({ host })
    await screen.findAllByRole('article')
    const running = within(card('running'))
    expect(running.getByTestId('job-status').textContent).toBe('Running')
    expect(running.getByRole('progressbar', { name: 'In progress' })).toBeTruthy()
    expect(running.getByText('Task task-77')).toBeTruthy()
    const failed = within(card('failed'))
    expect(failed.getByText('Not enough quota')).toBeTruthy()
    expect(failed.getByText('Your key has 12 quota left; this costs 40.')).toBeTruthy()
    const unknown = within(card('outcome-unknown'))
    expect(unknown.getByText(/may have been charged — check/)).toBeTruthy()
    const done = within(card('done'))
    expect(done.getByText('Revised prompt: a red kite over the sea')).toBeTruthy()
    expect(done.getByText('Asked 2048x2048, got 1024x1024')).toBeTruthy()
    expect(within(done.getByRole('list', { name: 'Warnings' })).getByText(/not one of the official sizes/)).toBeTruthy()
    expect(done.getByRole('img', { name: 'Result: kite' }).getAttribute('src')).toBe('/media/r1')
  })

  it('names each card by its prompt, a native task before any result included', async () => {
    const host = new FakeHost()
    const base = { createdAt: Date.UTC(2026, 0, 5, 10), items: [], warnings: [] }
    host.images.jobs = [
      { ...base, jobId: 'j1', kind: 'native', status: 'running', taskId: 'task-77', prompt: 'a lighthouse at dusk' },
      {
        ...base,
        jobId: 'j2',
        kind: 'generate',
        status: 'done',
        items: [galleryItem({ id: 'r1', prompt: 'a paper boat' })]
      },
      { ...base, jobId: 'j3', kind: 'generate', status: 'failed', prompt: '   ' }
    ]
    await renderImages({ host })
    const native = await screen.findByRole('article', { name: /a lighthouse at dusk/ })
    expect(native.dataset.status).toBe('running')
    expect(within(native).getByText('Task task-77')).toBeTruthy()
    // Jobs saved before the prompt was kept still name their result's prompt.
    expect(screen.getByRole('article', { name: /a paper boat/ }).dataset.status).toBe('done')
    expect(screen.getByRole('article', { name: /\(no prompt\)/ }).dataset.status).toBe('failed')
  })

  it('shows a job paused on a rejected key without a spinner, and picks it up again when the host resumes it', async () => {
    const host = new FakeHost()
    host.images.jobs = [
      {
        createdAt: Date.UTC(2026, 0, 5, 10),
        items: [],
        warnings: [],
        jobId: 'j1',
        kind: 'native',
        status: 'running',
        taskId: 'task-9',
        paused: 'key-rejected'
      }
    ]
    await renderImages({ host })
    const paused = within(await waitForCard('paused'))
    expect(paused.getByTestId('job-status').textContent).toBe('Paused: key rejected')
    expect(paused.getByRole('note').textContent).toMatch(
      /rejected this profile’s API key \(401\).*change the key in Settings/
    )
    expect(paused.queryByRole('progressbar')).toBeNull()
    act(() => {
      host.images.update('j1', { paused: undefined, progressNote: 'Key changed; checking the task again' })
    })
    const running = within(await waitForCard('running'))
    expect(running.getByTestId('job-status').textContent).toBe('Running')
    expect(running.getByRole('progressbar', { name: 'In progress' })).toBeTruthy()
    expect(running.getByText('Key changed; checking the task again')).toBeTruthy()
  })

  it('follows a submitted job through host events until it is done', async () => {
    const { host, user } = await renderImages()
    const f = within(screen.getByRole('form', { name: 'Generate' }))
    await user.type(f.getByRole('textbox', { name: 'Prompt' }), 'a lighthouse')
    await user.click(f.getByRole('button', { name: 'Generate' }))
    expect((await screen.findByTestId('job-status')).textContent).toBe('Running')
    const job = host.images.lastJob()
    act(() => {
      host.images.update(job.jobId, {
        status: 'done',
        items: [galleryItem({ id: 'new-1', prompt: 'a lighthouse', requestedSize: '1024x1024' })]
      })
    })
    expect((await screen.findByText('Done')).closest('article')?.dataset.status).toBe('done')
    expect(screen.getByText('1024x1024 as asked')).toBeTruthy()
  })

  it('says when a running job should end from its model’s runs here, or that there is no estimate yet', async () => {
    const host = new FakeHost()
    const base = {
      createdAt: Date.now(),
      items: [],
      warnings: [],
      kind: 'generate' as const,
      status: 'running' as const
    }
    host.images.jobs = [
      { ...base, jobId: 'j1', prompt: 'known model', model: 'imagegen-4.0' },
      { ...base, jobId: 'j2', prompt: 'new model', model: 'never-run' }
    ]
    host.on('queue:run-stats', ({ kind, models }) =>
      models.map((model) => ({
        model,
        stats: kind === 'image' && model === 'imagegen-4.0' ? { median: 60_000, p75: 120_000, runs: 7 } : null
      }))
    )
    await renderImages({ host })
    const known = await screen.findByRole('article', { name: /known model/ })
    await waitFor(() =>
      expect(within(known).getByTestId('job-eta').textContent).toMatch(
        /^ends about \d\d:\d\d( [AP]M)? \(by \d\d:\d\d( [AP]M)?, from 7 runs\)$/
      )
    )
    const fresh = screen.getByRole('article', { name: /new model/ })
    await waitFor(() =>
      expect(within(fresh).getByTestId('job-eta').textContent).toBe('no estimate yet: no finished runs of this model')
    )
    const kinds = host.callsTo('queue:run-stats').map((c) => (c as { kind: string }).kind)
    expect(kinds.length).toBeGreaterThan(0)
    expect(new Set(kinds)).toEqual(new Set(['image']))
  })
})
