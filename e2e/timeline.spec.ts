/**
 * A year of pictures against the sandbox gateway: the timeline scrubber jumps to any month, and new
 * images appear in place without every loaded page fetched again.
 */

import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Page } from '@playwright/test'
import Database from 'better-sqlite3'
import { expect, type StudioFixture, test } from './fixtures'
import { generate, openImages } from './support/images-page'

const DAY = 86_400_000
const gallery = (page: Page) => page.getByRole('grid', { name: 'Gallery' })
const timeline = (page: Page) => page.getByRole('navigation', { name: 'Timeline' })

/** A 1×1 PNG: the seeded rows need real files, or the start's folder check takes them for missing. */
const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201a1ce2bbd0000000049454e44ae426082',
  'hex'
)

interface Seeded {
  id: string
  createdAt: number
  prompt: string
}

/**
 * `n` images, one every `step` ms back from now, written into the library of a studio that has
 * started once (so its schema is there) and stopped: the rows as the gallery store writes them.
 */
async function seedYear(studio: StudioFixture, n: number, step: number): Promise<Seeded[]> {
  await studio.launch()
  await studio.stop()
  const dir = join(studio.dataDir, 'library', 'images')
  mkdirSync(dir, { recursive: true })
  const db = new Database(join(studio.dataDir, 'library.db'))
  const now = Date.now() - DAY
  const items: Seeded[] = []
  const insert = db.prepare(
    'INSERT INTO gallery (id, created_at, model, origin, favorite, file, mask_file, source_file, prompt, revised_prompt, item) VALUES (?, ?, ?, ?, 0, ?, NULL, NULL, ?, NULL, ?)'
  )
  db.transaction(() => {
    for (let i = 0; i < n; i++) {
      const id = `year${i}`
      const createdAt = now - i * step
      const prompt = `picture ${i} of the year`
      writeFileSync(join(dir, `${id}.png`), PNG)
      const item = {
        id,
        file: `${id}.png`,
        width: 1,
        height: 1,
        format: 'png',
        bytes: PNG.length,
        createdAt,
        origin: 'generate',
        profileId: 'seed',
        model: 'seed-model',
        prompt,
        params: {},
        favorite: false
      }
      insert.run(id, createdAt, 'seed-model', 'generate', `${id}.png`, prompt, JSON.stringify(item))
      items.push({ id, createdAt, prompt })
    }
  })()
  db.close()
  return items
}

const monthKey = (t: number) => `${new Date(t).getFullYear()}-${new Date(t).getMonth()}`

/** Bridge requests on one channel so far (the socket's invoke frames). */
function requests(studio: StudioFixture, channel: string): number {
  let n = 0
  for (const f of studio.bridge.frames) {
    try {
      if ((JSON.parse(f) as { channel?: unknown }).channel === channel) n++
    } catch {
      // Not a JSON frame: not a request.
    }
  }
  return n
}

test.describe('a year of pictures', () => {
  test('the timeline jumps to the oldest month and shows its pictures', async ({ studio }) => {
    // 2,400 images, one every 3.6 hours: a year, twelve or thirteen months.
    const items = await seedYear(studio, 2_400, 3.6 * 3_600_000)
    const page = await openImages(studio)
    await expect(gallery(page).getByRole('gridcell', { name: items[0].prompt })).toBeVisible()
    const oldest = items.at(-1)!
    const inMonth = items.filter((i) => monthKey(i.createdAt) === monthKey(oldest.createdAt))
    const d = new Date(oldest.createdAt)
    const name = `${new Intl.DateTimeFormat('en', { year: 'numeric', month: 'long' }).format(new Date(d.getFullYear(), d.getMonth(), 1))}: ${inMonth.length.toLocaleString('en')} images`
    const month = timeline(page).getByRole('button', { name, exact: true })
    await month.click()
    // That month's newest picture is first in the grid; the gallery's start is far above.
    await expect(gallery(page).getByRole('gridcell', { name: inMonth[0].prompt, exact: true })).toBeVisible()
    await expect(gallery(page).getByRole('gridcell', { name: items[0].prompt, exact: true })).toHaveCount(0)
    await expect(month).toHaveAttribute('aria-current', 'true')
    // The keyboard reaches the months too: back to the newest with Home and Enter.
    await month.focus()
    await page.keyboard.press('Home')
    await page.keyboard.press('Enter')
    await expect(gallery(page).getByRole('gridcell', { name: items[0].prompt, exact: true })).toBeVisible()
  })

  test('a new image appears in place at the top without every loaded page fetched again', async ({ studio }) => {
    const items = await seedYear(studio, 1_500, 5 * 3_600_000)
    const page = await openImages(studio)
    const grid = gallery(page)
    await expect(grid.getByRole('gridcell', { name: items[0].prompt })).toBeVisible()
    // Scroll down to the oldest picture (eight pages), then back to the top.
    const scroller = page.locator('.gallery-scroller')
    const deep = items.at(-1)!.prompt
    await expect(async () => {
      await scroller.evaluate((el) => (el.scrollTop = el.scrollHeight))
      await expect(grid.getByRole('gridcell', { name: deep, exact: true })).toBeAttached({ timeout: 500 })
    }).toPass({ timeout: 60_000 })
    await expect(async () => {
      await scroller.evaluate((el) => (el.scrollTop = 0))
      await expect(grid.getByRole('gridcell', { name: items[0].prompt, exact: true })).toBeInViewport({ timeout: 500 })
    }).toPass({ timeout: 60_000 })
    const pagesBefore = requests(studio, 'images:list-gallery')
    // Down and up again: the pages dropped on the way (five are kept) were loaded again.
    expect(pagesBefore).toBeGreaterThanOrEqual(10)

    await generate(page, 'a lantern on a quiet pier')
    const fresh = grid.getByRole('gridcell', { name: 'a lantern on a quiet pier' }).first()
    await expect(fresh).toBeInViewport({ timeout: 30_000 })
    // First in the grid, above the newest seeded picture.
    await expect(grid.getByRole('gridcell').first()).toHaveAttribute('aria-label', 'a lantern on a quiet pier')
    expect(requests(studio, 'images:list-gallery')).toBe(pagesBefore)
    expect(requests(studio, 'images:get-items')).toBeGreaterThanOrEqual(1)
  })
})
