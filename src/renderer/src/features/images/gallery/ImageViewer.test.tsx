import { screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { hasFocus } from '@renderer/testing/a11y'
import { FakeHost } from '@renderer/testing/fake-host'
import { renderImages, resetImages } from '@renderer/testing/render-images'

afterEach(resetImages)

async function withGallery(count: number) {
  const host = new FakeHost()
  host.images.seed(count)
  const r = await renderImages({ host })
  const grid = await screen.findByRole('grid', { name: 'Gallery' })
  await within(grid).findByRole('gridcell', { name: 'prompt 0' })
  return { ...r, grid }
}

const shown = () => screen.getByTestId('viewer-image').getAttribute('data-item-id')

describe('gallery tiles and the large viewer', () => {
  it('a tile shows two actions: Favourite and a More menu that moves with the arrow keys and closes on Escape', async () => {
    const { grid, user } = await withGallery(3)
    const cell = within(within(grid).getByRole('gridcell', { name: 'prompt 0' }))
    expect(cell.getAllByRole('button').map((b) => b.getAttribute('aria-label'))).toEqual(['Favourite', 'More actions'])
    const more = cell.getByRole('button', { name: 'More actions' })
    await user.click(more)
    const menu = screen.getByRole('menu')
    const items = within(menu).getAllByRole('menuitem')
    expect(items.map((i) => i.textContent)).toContain('Delete')
    expect(hasFocus(items[0])).toBe(true)
    await user.keyboard('{ArrowDown}')
    expect(hasFocus(items[1])).toBe(true)
    await user.keyboard('{ArrowUp}{ArrowUp}')
    expect(hasFocus(items[items.length - 1])).toBe(true)
    await user.keyboard('{Escape}')
    expect(screen.queryByRole('menu')).toBeNull()
    expect(hasFocus(more)).toBe(true)
  })

  it('Enter on a cell opens the viewer there; ← and → move; Escape closes it', async () => {
    const { grid, user } = await withGallery(4)
    within(grid).getByRole('gridcell', { name: 'prompt 1' }).focus()
    await user.keyboard('{Enter}')
    const viewer = screen.getByRole('dialog', { name: 'Image viewer' })
    expect(shown()).toBe('img-1')
    await user.keyboard('{ArrowRight}')
    expect(shown()).toBe('img-2')
    await user.keyboard('{ArrowLeft}{ArrowLeft}')
    expect(shown()).toBe('img-0')
    // The first image has no previous one.
    expect(within(viewer).getByRole('button', { name: 'Previous image' }).getAttribute('aria-disabled')).toBe('true')
    await user.keyboard('{Escape}')
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Image viewer' })).toBeNull())
  })

  it('a click on the picture opens the viewer, whose Edit opens the editor', async () => {
    const { grid, user } = await withGallery(2)
    const img = within(grid).getByRole('gridcell', { name: 'prompt 1' }).querySelector('img')!
    await user.click(img)
    const viewer = screen.getByRole('dialog', { name: 'Image viewer' })
    expect(shown()).toBe('img-1')
    await user.click(within(viewer).getByRole('button', { name: 'Edit this' }))
    expect(await screen.findByRole('button', { name: 'Back to gallery' })).toBeTruthy()
  })
})
