import { screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { resetHandoff } from '@renderer/store/handoff'
import { useUiStore } from '@renderer/store/ui'
import { FakeHost } from '@renderer/testing/fake-host'
import { renderImages, resetImages } from '@renderer/testing/render-images'
import type { Lineage } from '@shared/domain/lineage'

afterEach(() => {
  resetImages()
  resetHandoff()
})

async function withGallery() {
  const host = new FakeHost()
  host.images.seed(3)
  const r = await renderImages({ host })
  const grid = await screen.findByRole('grid', { name: 'Gallery' })
  const cell = await within(grid).findByRole('gridcell', { name: 'prompt 0' })
  return { ...r, cell }
}

describe('gallery images flow to other areas, with their lineage', () => {
  it('“Use as video first frame” opens Video with the image in the Create form', async () => {
    const { user, cell } = await withGallery()
    await user.click(within(cell).getByRole('button', { name: 'More actions' }))
    await user.click(screen.getByRole('menuitem', { name: 'Use as video first frame' }))
    await waitFor(() => expect(useUiStore.getState().view).toBe('video'))
    // The Video area is a lazy chunk: on a busy machine it may take a few seconds to arrive.
    await waitFor(
      () =>
        expect(document.querySelector('.video-notice')?.textContent).toBe(
          '“prompt 0” is now the first frame (Unified · first family, vidq2-pro).'
        ),
      { timeout: 10_000 }
    )
  })

  it('Details shows where the image came from and what was made from it; Show jumps to the video', async () => {
    const { user, cell, host } = await withGallery()
    host.on('lineage:get', (ref): Lineage => ({
      self: { ...ref, exists: true, prompt: 'prompt 0', model: 'm' },
      ancestors: [
        {
          relation: 'frame',
          atSeconds: 1.5,
          depth: 1,
          child: ref,
          node: { kind: 'video', id: 'v2', exists: true, prompt: 'a storm', model: 'vidq2-pro', videoUrl: '/media/v2' }
        },
        {
          relation: 'first-frame',
          depth: 2,
          child: { kind: 'video', id: 'v2' },
          node: { kind: 'image', id: 'gone', exists: false, prompt: '', model: '' }
        }
      ],
      children: [
        {
          relation: 'edit',
          depth: 1,
          child: { kind: 'image', id: 'img-1' },
          node: { kind: 'image', id: 'img-1', exists: true, prompt: 'prompt 1', model: 'm', thumbUrl: '/media/img-1' }
        }
      ]
    }))
    await user.click(within(cell).getByRole('button', { name: 'More actions' }))
    await user.click(screen.getByRole('menuitem', { name: 'Details' }))
    const dialog = await screen.findByRole('dialog', { name: 'Image details' })
    const up = await within(dialog).findByRole('list', { name: 'Made from' })
    const rows = within(up).getAllByTestId('lineage-row')
    expect(rows.map((r) => r.textContent)).toEqual([
      'Video · frame at 1.50 s · vidq2-pro' + 'a storm' + 'Show',
      'Image · first frame' + 'Deleted since'
    ])
    expect(
      within(within(dialog).getByRole('list', { name: 'Made from this' })).getByTestId('lineage-row').textContent
    ).toContain('mask edit · m' + 'prompt 1')
    expect(host.callsTo('lineage:get')).toEqual([{ kind: 'image', id: 'img-0' }])
    await user.click(within(up).getByRole('button', { name: 'Show Video: a storm' }))
    await waitFor(() => expect(useUiStore.getState().view).toBe('video'))
    expect(screen.queryByRole('dialog', { name: 'Image details' })).toBeNull()
  })
})
