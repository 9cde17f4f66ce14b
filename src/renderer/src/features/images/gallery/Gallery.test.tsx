import { screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { hasFocus } from '@renderer/testing/a11y'
import { FakeHost } from '@renderer/testing/fake-host'
import { renderImages, resetImages } from '@renderer/testing/render-images'

afterEach(resetImages)

async function withGallery(count: number) {
  const host = new FakeHost()
  host.images.seed(count, (i) => ({ favorite: i === 3, model: i % 2 ? 'image-model-2' : 'imagegen-4.0' }))
  const r = await renderImages({ host })
  const grid = await screen.findByRole('grid', { name: 'Gallery' })
  await within(grid).findByRole('gridcell', { name: 'prompt 0' })
  return { ...r, grid }
}

describe('gallery', () => {
  it('windows 1,000 items: a bounded number of cells, each named by its prompt', async () => {
    const { grid } = await withGallery(1000)
    const cells = within(grid).getAllByRole('gridcell')
    expect(cells.length).toBeGreaterThan(4)
    expect(cells.length).toBeLessThanOrEqual(60)
    expect(screen.getByText('1,000 images')).toBeTruthy()
    expect(Number(grid.getAttribute('aria-rowcount'))).toBeGreaterThan(cells.length / 5)
    expect(within(grid).getByRole('gridcell', { name: 'prompt 0' }).querySelector('img')?.getAttribute('src')).toBe(
      '/media/img-0'
    )
  })

  it('moves between cells with the arrow keys and toggles a favourite with F or its button', async () => {
    const { grid, user, host } = await withGallery(12)
    const first = within(grid).getByRole('gridcell', { name: 'prompt 0' })
    first.focus()
    await user.keyboard('{ArrowRight}')
    const second = within(grid).getByRole('gridcell', { name: 'prompt 1' })
    expect(hasFocus(second)).toBe(true)
    expect(second.tabIndex).toBe(0)
    expect(first.tabIndex).toBe(-1)
    await user.keyboard('f')
    await waitFor(() => expect(host.callsTo('images:update-item')).toEqual([{ id: 'img-1', favorite: true }]))
    const fav = within(within(grid).getByRole('gridcell', { name: 'prompt 3' })).getByRole('button', {
      name: 'Favourite'
    })
    expect(fav.getAttribute('aria-pressed')).toBe('true')
    await user.click(fav)
    await waitFor(() => expect(host.callsTo('images:update-item')).toContainEqual({ id: 'img-3', favorite: false }))
  })

  it('deletes after a confirmation, and the cell goes away', async () => {
    const { grid, user, host } = await withGallery(3)
    await user.click(
      within(within(grid).getByRole('gridcell', { name: 'prompt 1' })).getByRole('button', { name: 'More actions' })
    )
    await user.click(screen.getByRole('menuitem', { name: 'Delete' }))
    const dialog = screen.getByRole('alertdialog', { name: 'Delete image?' })
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }))
    await waitFor(() => expect(within(grid).queryByRole('gridcell', { name: 'prompt 1' })).toBeNull())
    expect(host.callsTo('images:delete-item')).toEqual([{ id: 'img-1' }])
    expect(screen.getByText('Image deleted.')).toBeTruthy()
  })

  it('deletes a selection at once: one confirmation, one host call with every id, and the cells go away', async () => {
    const { grid, user, host } = await withGallery(5)
    const select = (name: string) => user.click(within(grid).getByRole('checkbox', { name: `Select “${name}”` }))
    await select('prompt 1')
    await select('prompt 3')
    await select('prompt 4')
    await select('prompt 4')
    await select('prompt 4')
    const bar = screen.getByRole('toolbar', { name: 'Selected images' })
    expect(within(bar).getByRole('status').textContent).toBe('3 selected')
    // Cancel deletes nothing.
    await user.click(within(bar).getByRole('button', { name: 'Delete selected' }))
    await user.click(
      within(screen.getByRole('alertdialog', { name: 'Delete 3 images?' })).getByRole('button', { name: 'Cancel' })
    )
    expect(host.callsTo('images:delete-items')).toEqual([])
    await user.click(within(bar).getByRole('button', { name: 'Delete selected' }))
    await user.click(
      within(screen.getByRole('alertdialog', { name: 'Delete 3 images?' })).getByRole('button', {
        name: 'Delete 3 images'
      })
    )
    await waitFor(() =>
      expect(
        within(grid)
          .getAllByRole('gridcell')
          .map((c) => c.getAttribute('aria-label'))
      ).toEqual(['prompt 0', 'prompt 2'])
    )
    expect(host.callsTo('images:delete-items')).toEqual([{ ids: ['img-1', 'img-3', 'img-4'] }])
    expect(host.callsTo('images:delete-item')).toEqual([])
    expect(screen.getByText('3 images deleted.')).toBeTruthy()
    expect(screen.queryByRole('toolbar', { name: 'Selected images' })).toBeNull()
  })

  it('filters by prompt, model, origin and favourites through the host', async () => {
    const { user, host } = await withGallery(6)
    await user.type(screen.getByRole('searchbox', { name: 'Search prompts' }), 'prompt 4')
    await waitFor(() =>
      expect(host.callsTo('images:search-gallery')).toContainEqual({ filter: { query: 'prompt 4' }, limit: 200 })
    )
    await user.selectOptions(screen.getByRole('combobox', { name: 'Filter by model' }), 'imagegen-4.0')
    await user.click(screen.getByRole('checkbox', { name: 'Favourites only' }))
    await waitFor(() =>
      expect(host.callsTo('images:search-gallery')).toContainEqual({
        filter: { query: 'prompt 4', model: 'imagegen-4.0', favorite: true },
        limit: 200
      })
    )
    expect(await screen.findByText('No image matches these filters.')).toBeTruthy()
  })

  it("shows a search in the host's order, best first, each caption with its match marked", async () => {
    const host = new FakeHost()
    host.images.seed(4, (i) => ({ prompt: ['a koi pond', 'koi, koi and more koi', 'a stone lantern', 'my koi'][i] }))
    const { user } = await renderImages({ host })
    const grid = await screen.findByRole('grid', { name: 'Gallery' })
    await user.type(screen.getByRole('searchbox', { name: 'Search prompts' }), 'koi')
    // Newest first is 'a koi pond' (img-0): the fake host ranks the prompt that says it three times first.
    await waitFor(() =>
      expect(
        within(grid)
          .getAllByRole('gridcell')
          .map((c) => c.getAttribute('aria-label'))
      ).toEqual(['koi, koi and more koi', 'a koi pond', 'my koi'])
    )
    const captions = within(grid).getAllByTestId('gallery-match')
    expect(captions.map((c) => c.textContent)).toEqual(['koi, koi and more koi', 'a koi pond', 'my koi'])
    // The marks are elements, never markup in a string.
    expect(captions.map((c) => [...c.querySelectorAll('mark')].map((m) => m.textContent))).toEqual([
      ['koi'],
      ['koi'],
      ['koi']
    ])
    expect(captions[1].innerHTML).toBe('a <mark>koi</mark> pond')
    expect(screen.getByText('3 images')).toBeTruthy()
    // Clearing the search goes back to the newest-first list, captions without marks.
    await user.clear(screen.getByRole('searchbox', { name: 'Search prompts' }))
    await waitFor(() => expect(within(grid).getAllByRole('gridcell')).toHaveLength(4))
    expect(within(grid).queryAllByTestId('gallery-match')).toEqual([])
  })

  it('uses an item as a reference (image-model-2), copies its prompt, and exports it', async () => {
    const { grid, user, host } = await withGallery(3)
    const writeText = vi.fn(() => Promise.resolve())
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true })
    const cell = within(within(grid).getByRole('gridcell', { name: 'prompt 2' }))
    await user.click(cell.getByRole('button', { name: 'More actions' }))
    await user.click(screen.getByRole('menuitem', { name: 'Use as reference' }))
    expect((screen.getByRole('radio', { name: 'Reference images and quality' }) as HTMLInputElement).checked).toBe(true)
    const form = within(screen.getByRole('form', { name: 'Generate' }))
    expect(form.getByText('Gallery: prompt 2')).toBeTruthy()
    await user.click(form.getByRole('button', { name: 'Generate' }))
    expect(host.callsTo('images:generate')).toEqual([
      {
        family: 'image2',
        model: 'image-model-2',
        prompt: '',
        image: [{ kind: 'gallery', itemId: 'img-2' }],
        watermark: 'absent'
      }
    ])
    await user.click(cell.getByRole('button', { name: 'More actions' }))
    await user.click(screen.getByRole('menuitem', { name: 'Copy prompt' }))
    expect(writeText).toHaveBeenCalledWith('prompt 2')
    await user.click(cell.getByRole('button', { name: 'More actions' }))
    await user.click(screen.getByRole('menuitem', { name: 'Export' }))
    expect(await screen.findByText('Saved “img-2.png”.')).toBeTruthy()
  })

  it('opens the editor on an item with “Edit this”', async () => {
    const { grid, user } = await withGallery(2)
    await user.click(
      within(within(grid).getByRole('gridcell', { name: 'prompt 0' })).getByRole('button', { name: 'More actions' })
    )
    await user.click(screen.getByRole('menuitem', { name: 'Edit this' }))
    expect(await screen.findByRole('region', { name: 'Mask painter' })).toBeTruthy()
  })
})
