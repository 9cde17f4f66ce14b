import { screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { FakeHost } from '@renderer/testing/fake-host'
import { renderImages, resetImages } from '@renderer/testing/render-images'
import type { QueueItem, QueueView } from '@shared/contract/queue'

afterEach(resetImages)

const heldEdit: QueueItem = {
  id: 'q2',
  kind: 'image',
  origin: 'edit',
  jobId: 'j2',
  model: 'edit-model',
  prompt: 'a red door',
  state: 'held',
  place: null,
  reason: 'host words',
  hold: { kind: 'daily-limit', limit: 1000, spent: 900, estimate: 300 },
  heldBy: 'limit',
  createdAt: 0
}
const waitingNative = (place: number): QueueItem => ({
  id: 'q3',
  kind: 'image',
  origin: 'native',
  jobId: 'j3',
  model: 'native-model',
  prompt: 'a castle',
  state: 'waiting',
  place,
  createdAt: 0
})

describe('native tasks and edits in the queue panel', () => {
  it('names what each item sends, words a hold from its figures, and releases it', async () => {
    const host = new FakeHost()
    let view: QueueView = {
      profileId: 'sandbox',
      paused: false,
      imageCap: 1,
      videoCap: 2,
      items: [heldEdit, waitingNative(1)]
    }
    host.on('queue:list', () => view)
    host.on(
      'queue:release',
      () =>
        (view = {
          ...view,
          items: [
            { ...heldEdit, state: 'waiting', place: 1, hold: undefined, heldBy: undefined, reason: undefined },
            waitingNative(2)
          ]
        })
    )
    const { user } = await renderImages({ host })
    const queue = await screen.findByRole('region', { name: 'Queue' })
    const edit = within(queue).getByRole('listitem', {
      name: 'a red door — held: the daily spending limit: 900 spent of 1,000. This job is expected to cost about 300. Release it to send it anyway, or change the limit in Balance.'
    })
    expect(edit.textContent).toContain('Edit · edit-model')
    expect(within(queue).getByRole('listitem', { name: 'a castle — waiting, 1st' }).textContent).toContain(
      'Native task · native-model'
    )
    await user.click(within(edit).getByRole('button', { name: 'Release' }))
    expect(host.callsTo('queue:release')).toEqual([{ id: 'q2' }])
    expect(await within(queue).findByRole('listitem', { name: 'a castle — waiting, 2nd' })).toBeTruthy()
  })

  it('a native task is queued from its form, and the form says where it waits', async () => {
    const host = new FakeHost()
    host.on('queue:add-native', (input) => ({ ...waitingNative(2), prompt: input.native.prompt }))
    host.on('queue:list', () => ({
      profileId: 'sandbox',
      paused: false,
      imageCap: 1,
      videoCap: 2,
      items: [waitingNative(2)]
    }))
    const { user } = await renderImages({ host })
    await user.click(screen.getByRole('tab', { name: 'Native task' }))
    const form = within(screen.getByRole('form', { name: 'Native task' }))
    await user.type(form.getByRole('textbox', { name: 'Prompt' }), 'a castle')
    await user.click(form.getByRole('button', { name: 'Submit task' }))
    await waitFor(() =>
      expect(host.callsTo('queue:add-native')).toEqual([{ native: expect.objectContaining({ prompt: 'a castle' }) }])
    )
    expect(host.callsTo('images:submit-native')).toEqual([])
    expect((await form.findByTestId('queued-job')).textContent).toBe('This task waits in the queue: waiting, 2nd.')
  })
})
