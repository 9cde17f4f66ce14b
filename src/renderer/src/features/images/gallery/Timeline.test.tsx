import { screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { hasFocus } from '@renderer/testing/a11y'
import { FakeHost } from '@renderer/testing/fake-host'
import { galleryItem } from '@renderer/testing/fake-images'
import { renderImages, resetImages } from '@renderer/testing/render-images'

afterEach(resetImages)

const DAY = 86_400_000
const TOP = new Date(2026, 5, 20, 12).getTime()

/** 600 images, one every ~13 hours back from 20 June 2026: about eleven months. */
async function withYear() {
  const host = new FakeHost()
  host.images.seed(600, (i) => ({ createdAt: TOP - i * (DAY / 2 + 3_600_000) }))
  const r = await renderImages({ host })
  const grid = await screen.findByRole('grid', { name: 'Gallery' })
  await within(grid).findByRole('gridcell', { name: 'prompt 0' })
  const timeline = await screen.findByRole('navigation', { name: 'Timeline' }, { timeout: 5_000 })
  return { ...r, host, grid, timeline }
}

describe('the gallery timeline', () => {
  it('lists years and months with counts and jumps to the oldest month in one press', async () => {
    const { host, grid, timeline, user } = await withYear()
    const oldest = host.images.items.at(-1)!
    const d = new Date(oldest.createdAt)
    const label = new Intl.DateTimeFormat('en', { year: 'numeric', month: 'long' }).format(
      new Date(d.getFullYear(), d.getMonth(), 1)
    )
    const month = within(timeline).getByRole('button', { name: new RegExp(`^${label}: \\d+ images?$`) })
    const june = within(timeline).getByRole('button', { name: /^June 2026: \d+ images$/ })
    expect(june.getAttribute('aria-current')).toBe('true')
    await user.click(month)
    // The oldest month's newest image is the first cell; the first page started at that month.
    const first = host.images.items.filter(
      (x) => x.createdAt < new Date(d.getFullYear(), d.getMonth() + 1, 1).getTime()
    )[0]
    await within(grid).findByRole('gridcell', { name: first.prompt }, { timeout: 5_000 })
    expect(host.callsTo('images:list-gallery')).toContainEqual(expect.objectContaining({ from: first.createdAt }))
    // Which month is marked current follows the scroll position, which a DOM without layout does not
    // keep while the page above loads; e2e/timeline.spec.ts checks it in a browser.
  })

  it('moves between months with the arrow keys, one of them in the Tab order', async () => {
    const { timeline, user } = await withYear()
    const months = within(timeline)
      .getAllByRole('button')
      .filter((b) => b.className === 'timeline-month')
    expect(months.filter((b) => b.tabIndex === 0)).toHaveLength(1)
    months[0].focus()
    await user.keyboard('{ArrowDown}')
    expect(hasFocus(months[1])).toBe(true)
    await user.keyboard('{End}')
    expect(hasFocus(months.at(-1)!)).toBe(true)
  })

  it('shows a new image at the top in place: one get-items call, no gallery page fetched again', async () => {
    const { host, grid } = await withYear()
    const lists = host.callsTo('images:list-gallery').length
    const fresh = galleryItem({ id: 'fresh', prompt: 'a brand new picture', createdAt: TOP + 1000 })
    host.images.items.unshift(fresh)
    host.emit('images:gallery-changed', { ids: ['fresh'] })
    await within(grid).findByRole('gridcell', { name: 'a brand new picture' }, { timeout: 5_000 })
    expect(host.callsTo('images:get-items')).toEqual([{ ids: ['fresh'] }])
    expect(host.callsTo('images:list-gallery')).toHaveLength(lists)
    await waitFor(() => expect(screen.getByText('601 images')).toBeTruthy())
  })
})
