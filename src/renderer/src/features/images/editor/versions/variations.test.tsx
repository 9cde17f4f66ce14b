import { act, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it } from 'vitest'
import { FakeHost } from '@renderer/testing/fake-host'
import { galleryItem } from '@renderer/testing/fake-images'
import { renderImages, resetImages } from '@renderer/testing/render-images'
import { useVariations } from './variations-store'

afterEach(() => {
  resetImages()
  useVariations.setState({ groups: [] })
})

describe('"More like this" on a generated result', () => {
  it('refuses a bad count before sending; sends N; shows the group as results arrive; "Use this" picks one and opens it in the editor', async () => {
    const user = userEvent.setup()
    const host = new FakeHost()
    host.images.jobs = [
      {
        jobId: 'j1',
        kind: 'generate',
        status: 'done',
        createdAt: 1,
        warnings: [],
        items: [galleryItem({ id: 'r1', prompt: 'kite' })]
      }
    ]
    host.images.items = [...host.images.jobs[0].items]
    await renderImages({ host })
    const more = within(await screen.findByRole('group', { name: 'More like this' }))
    const count = more.getByRole('spinbutton', { name: 'How many' })
    const sent = () => host.calls.filter((c) => c.channel === 'images:more-like-this')

    await user.clear(count)
    await user.type(count, '0')
    await user.click(more.getByRole('button', { name: 'More like this' }))
    expect(more.getByRole('alert').textContent).toBe('Choose a number from 1 to 8.')
    expect(sent()).toHaveLength(0)

    await user.clear(count)
    await user.type(count, '3')
    await user.click(more.getByRole('button', { name: 'More like this' }))
    await waitFor(() => expect(sent()).toEqual([{ channel: 'images:more-like-this', input: { id: 'r1', count: 3 } }]))
    const group = within(await screen.findByRole('region', { name: 'Variations of “kite”' }))
    expect(group.getAllByText(/^Making variation \d…$/)).toHaveLength(3)

    const jobs = host.images.jobs.filter((j) => j.jobId !== 'j1').reverse()
    act(() => {
      jobs.forEach((j, i) =>
        host.images.update(j.jobId, {
          status: 'done',
          items: [galleryItem({ id: `v${i + 1}`, prompt: 'kite', params: { variationOf: 'r1' } })]
        })
      )
    })
    await user.click(await group.findByRole('button', { name: 'Use variation 2' }))
    await waitFor(() =>
      expect(host.calls.filter((c) => c.channel === 'lineage:pick-version')).toEqual([
        { channel: 'lineage:pick-version', input: { id: 'v2' } }
      ])
    )
    expect(await screen.findByRole('heading', { name: 'Edit image' })).toBeTruthy()
    expect(await screen.findByText('Variation 2 is now the current version.')).toBeTruthy()
  })
})
