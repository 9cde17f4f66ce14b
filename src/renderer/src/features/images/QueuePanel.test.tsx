import { screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { FakeHost } from '@renderer/testing/fake-host'
import { renderImages, resetImages } from '@renderer/testing/render-images'
import type { QueueItem, QueueView } from '@shared/contract/queue'

afterEach(resetImages)

const item = (i: number, state: QueueItem['state'] = 'waiting', place: number | null = i): QueueItem => ({
  id: `q${i}`,
  kind: 'image',
  jobId: `j${i}`,
  model: 'imagegen-4.0',
  prompt: `job ${i}`,
  state,
  place,
  createdAt: 0
})

function hostWith(view: QueueView) {
  const host = new FakeHost()
  let current = view
  host.on('queue:list', () => current)
  host.on('queue:move', ({ id, to }) => {
    const waiting = current.items.filter((i) => i.state === 'waiting' && i.id !== id)
    const moved = current.items.find((i) => i.id === id)!
    waiting.splice(to, 0, moved)
    current = {
      ...current,
      items: [...current.items.filter((i) => i.state !== 'waiting'), ...waiting.map((w, k) => ({ ...w, place: k + 1 }))]
    }
    return current
  })
  host.on('queue:set', (input) => (current = { ...current, paused: input.paused ?? current.paused }))
  return host
}

describe('the queue panel', () => {
  it('says what waits and in which place, moves a job by keys and by its menu, and pauses', async () => {
    const host = hostWith({
      profileId: 'sandbox',
      paused: false,
      imageCap: 2,
      videoCap: 2,
      items: [item(1, 'running', null), item(2, 'waiting', 1), item(3, 'waiting', 2), item(4, 'waiting', 3)]
    })
    const { user } = await renderImages({ host })
    const queue = await screen.findByRole('region', { name: 'Queue' })
    const list = within(queue).getByRole('list', { name: 'Queue' })
    expect(within(list).getByRole('listitem', { name: 'job 1 — running' })).toBeTruthy()
    const four = within(list).getByRole('listitem', { name: 'job 4 — waiting, 3rd' })
    four.focus()
    await user.keyboard('{Alt>}{ArrowUp}{/Alt}')
    await waitFor(() => expect(host.callsTo('queue:move')).toEqual([{ id: 'q4', to: 1 }]))
    expect(await within(list).findByRole('listitem', { name: 'job 4 — waiting, 2nd' })).toBeTruthy()
    // The row's More menu moves it too; at the front it offers only "down".
    const row = () => within(list).getByRole('listitem', { name: /^job 4 — / })
    await user.click(within(row()).getByRole('button', { name: 'More actions' }))
    await user.click(screen.getByRole('menuitem', { name: 'Move “job 4” up' }))
    expect(await within(list).findByRole('listitem', { name: 'job 4 — waiting, 1st' })).toBeTruthy()
    await user.click(within(row()).getByRole('button', { name: 'More actions' }))
    expect(screen.getAllByRole('menuitem').map((m) => m.textContent)).toEqual(['Move “job 4” down'])
    await user.keyboard('{Escape}')
    await user.click(within(queue).getByRole('button', { name: 'Pause queue' }))
    expect(await within(queue).findByText('Paused: nothing new is sent; accepted jobs go on.')).toBeTruthy()
    expect(host.callsTo('queue:set')).toEqual([{ paused: true }])
  })

  it('says so when nothing is queued', async () => {
    await renderImages()
    const queue = await screen.findByRole('region', { name: 'Queue' })
    expect(within(queue).getByText(/Nothing queued/)).toBeTruthy()
  })

  it('is the strip of running jobs: a queued job that runs shows once, with its progress; a job sent at once shows too; ended jobs stay in the jobs list', async () => {
    const host = hostWith({
      profileId: 'sandbox',
      paused: false,
      imageCap: 2,
      videoCap: 2,
      items: [item(1, 'running', null), item(2, 'waiting', 1)]
    })
    const base = { createdAt: Date.UTC(2026, 0, 5, 10), items: [], warnings: [], kind: 'generate' as const }
    host.images.jobs = [
      { ...base, jobId: 'j1', status: 'running', prompt: 'job 1', progressNote: 'rendering' },
      { ...base, jobId: 'j9', status: 'running', prompt: 'sent at once' },
      { ...base, jobId: 'j8', status: 'done', prompt: 'an ended one' }
    ]
    await renderImages({ host })
    const queue = await screen.findByRole('region', { name: 'Queue' })
    const list = within(queue).getByRole('list', { name: 'Queue' })
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(3))
    const queued = within(within(list).getByRole('listitem', { name: 'job 1 — running' }))
    expect(queued.getByRole('article', { name: /job 1/ }).dataset.status).toBe('running')
    expect(queued.getByRole('progressbar', { name: 'In progress' })).toBeTruthy()
    expect(queued.getByText('rendering')).toBeTruthy()
    expect(within(list).getAllByRole('article', { name: /job 1/ })).toHaveLength(1)
    expect(within(list).getByRole('article', { name: /sent at once/ }).dataset.status).toBe('running')
    expect(within(list).queryByRole('article', { name: /an ended one/ })).toBeNull()
    const jobs = screen.getByRole('region', { name: 'Jobs' })
    expect(within(jobs).getByRole('article', { name: /an ended one/ }).dataset.status).toBe('done')
    expect(within(jobs).queryByRole('article', { name: /sent at once/ })).toBeNull()
  })
})
