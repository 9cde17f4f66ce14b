import { screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { renderVideo, resetVideo } from '@renderer/testing/render-video'
import type { QueueItem, QueueView } from '@shared/contract/queue'

afterEach(resetVideo)

const form = () => screen.getByRole('form', { name: 'Create' })

describe('queueing a video', () => {
  it('checks the form, queues the request, and shows the video queue beside the board with places and ETAs', async () => {
    const { host, user } = await renderVideo()
    let view: QueueView = { profileId: 'sandbox', paused: false, imageCap: 4, videoCap: 2, items: [] }
    host.on('queue:list', () => view)
    host.on('queue:add-video', (input) => {
      const req = 'create' in input ? input.create : input.remix
      const item: QueueItem = {
        id: 'q9',
        kind: 'video',
        jobId: 'v9',
        model: req.model,
        prompt: req.prompt,
        state: 'waiting',
        place: 1,
        createdAt: 0
      }
      view = {
        ...view,
        items: [
          {
            id: 'q8',
            kind: 'video',
            jobId: 'v8',
            model: req.model,
            prompt: 'already running',
            state: 'running',
            place: null,
            createdAt: 0,
            eta: { median: Date.UTC(2026, 10, 28, 14, 5), p75: Date.UTC(2026, 10, 28, 14, 12), runs: 6 }
          },
          { ...item, eta: null },
          // An image job of the same profile is the Images area's, not the board's.
          {
            id: 'q7',
            kind: 'image',
            jobId: 'j7',
            model: 'imagegen-4.0',
            prompt: 'a picture',
            state: 'waiting',
            place: 2,
            createdAt: 0
          }
        ]
      }
      return item
    })
    // Nothing queued: no queue beside the board.
    expect(screen.queryByRole('region', { name: 'Queue' })).toBeNull()
    // An empty prompt is refused at its field, and nothing is queued.
    await user.click(within(form()).getByRole('button', { name: 'Add to queue' }))
    expect(host.callsTo('queue:add-video')).toHaveLength(0)
    await user.type(within(form()).getByRole('textbox', { name: 'Prompt' }), 'a fox in snow')
    await user.click(within(form()).getByRole('button', { name: 'Add to queue' }))
    await waitFor(() => expect(host.callsTo('queue:add-video')).toHaveLength(1))
    expect(host.callsTo('queue:add-video')[0]).toMatchObject({
      create: { family: 'vidq', model: 'vidq2-pro', prompt: 'a fox in snow' }
    })
    expect(host.callsTo('video:create')).toHaveLength(0)
    const queue = await screen.findByRole('region', { name: 'Queue' })
    const list = within(queue).getByRole('list', { name: 'Queue' })
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.getAttribute('aria-label'))
    ).toEqual(['already running — running', 'a fox in snow — waiting, 1st'])
    expect(within(queue).getByTestId('queue-summary').textContent).toBe('1 of 2 videos in flight; 1 waiting.')
    const etas = within(list)
      .getAllByTestId('queue-eta')
      .map((e) => e.textContent)
    expect(etas[0]).toMatch(/^ · ends about \d\d:\d\d( [AP]M)? \(by \d\d:\d\d( [AP]M)?, from 6 runs\)$/)
    expect(etas[1]).toBe(' · no estimate yet: no finished runs of this model')
  })
})
