import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Page } from 'playwright-core'
import { MediaLibrary } from '../../src/main/core/files/media'
import type { StoredItem } from '../../src/main/core/images/gallery-index'
import { GalleryStore } from '../../src/main/core/images/gallery-store'
import { galleryItem } from './library-fixture'

/**
 * G6's library and page steps: `n` images spread evenly over the year before yesterday, and the
 * gallery driven as a user drives it (scrolled through, a new image made, the timeline pressed),
 * each wait a condition checked on the page's own frames.
 */
const YEAR = 365 * 86_400_000

export interface YearLibrary {
  dataDir: string
  /** Prompts of the newest image, the oldest, and the newest of the oldest month (where a jump lands). */
  newest: string
  oldest: string
  oldestMonthFirst: string
}

export const yearPrompt = (i: number) => `picture ${i} of the year`

export async function seedYear(n: number): Promise<YearLibrary> {
  const dataDir = mkdtempSync(join(tmpdir(), `bench-year-${n}-`))
  const store = await GalleryStore.open({ dataDir, media: new MediaLibrary('/media/') })
  const top = Date.now() - 86_400_000
  const at = (i: number) => top - Math.floor((i * YEAR) / n)
  try {
    for (let start = 0; start < n; start += 5_000) {
      const batch: StoredItem[] = []
      for (let i = start; i < Math.min(n, start + 5_000); i++)
        batch.push({ ...galleryItem(store.libraryDir, i, yearPrompt(i)), createdAt: at(i), favorite: false })
      await store.add(batch)
    }
  } finally {
    store.close()
  }
  const month = (t: number) => `${new Date(t).getFullYear()}-${new Date(t).getMonth()}`
  let first = n - 1
  while (first > 0 && month(at(first - 1)) === month(at(n - 1))) first--
  return { dataDir, newest: yearPrompt(0), oldest: yearPrompt(n - 1), oldestMonthFirst: yearPrompt(first) }
}

/** Opens Images and waits for the gallery's first cell and the timeline. */
export async function openGallery(page: Page, url: string, newest: string): Promise<void> {
  await page.goto(url)
  await page.waitForFunction(() => document.documentElement.dataset.appState === 'ready', undefined, {
    timeout: 30_000
  })
  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Images' }).click()
  await page
    .getByRole('grid', { name: 'Gallery' })
    .getByRole('gridcell', { name: newest, exact: true })
    .waitFor({ timeout: 60_000 })
  await page.getByRole('navigation', { name: 'Timeline' }).waitFor({ timeout: 60_000 })
}

/** Scrolls the grid to its oldest image a screen-end at a time, then back up to the newest, as far as a user would. */
export async function scrollThrough(page: Page, oldest: string, newest: string): Promise<number> {
  return page.evaluate(
    async ([oldestLabel, newestLabel]) => {
      const el = document.querySelector<HTMLElement>('.gallery-scroller')
      if (!el) throw new Error('no gallery scroller')
      const deadline = performance.now() + 900_000
      let frames = 0
      // Inline callbacks only: a named function would carry the bench loader's __name helper into the page.
      while (el.querySelector(`[role="gridcell"][aria-label="${oldestLabel}"]`) === null) {
        el.scrollTop = el.scrollHeight
        await new Promise((r) => requestAnimationFrame(r))
        frames++
        if (performance.now() > deadline) throw new Error('the oldest image never came')
      }
      while (!(
        el.scrollTop === 0 && el.querySelector('[role="gridcell"]')?.getAttribute('aria-label') === newestLabel
      )) {
        el.scrollTop = 0
        await new Promise((r) => requestAnimationFrame(r))
        frames++
        if (performance.now() > deadline) throw new Error('the newest image never came back')
      }
      return frames
    },
    [oldest, newest] as const
  )
}

type Shown = (label: string, t0: () => number, ms: number) => Promise<number>
interface G6Window {
  __g6shown: Shown
  __g6done?: number
  studio: { images: { onJobUpdated(cb: (j: { prompt?: string; status: string }) => void): () => void } }
}

/**
 * Puts on the page a wait (on its own frames) for a cell named `label` inside the scroller's box,
 * resolving with ms since `t0()` on the page's clock. Defined through evaluate: the app's CSP allows
 * no eval, and the page's clock keeps the bench's round trips out of the number.
 */
export async function installShown(page: Page): Promise<void> {
  // Inline callbacks only: a named function would carry the bench loader's __name helper into the page.
  await page.evaluate(() => {
    const w = window as unknown as G6Window
    w.__g6shown = async (label, t0, ms) => {
      const stop = performance.now() + ms
      for (;;) {
        const el = document.querySelector('.gallery-scroller')
        const cell = el?.querySelector(`[role="gridcell"][aria-label="${label}"]`)
        if (
          el &&
          cell &&
          cell.getBoundingClientRect().bottom > el.getBoundingClientRect().top &&
          cell.getBoundingClientRect().top < el.getBoundingClientRect().bottom
        )
          return performance.now() - t0()
        if (performance.now() > stop) throw new Error(`no cell "${label}" on screen within ${ms} ms`)
        await new Promise((r) => requestAnimationFrame(r))
      }
    }
  })
}

/**
 * Makes one image through the Generate form (the sandbox answers at once) and returns ms from the
 * host's "done" for that job reaching the page to the new cell on screen in the gallery.
 */
export async function addImageShown(page: Page, prompt: string): Promise<number> {
  await page.evaluate((p) => {
    const w = window as unknown as G6Window
    w.__g6done = undefined
    const off = w.studio.images.onJobUpdated((j) => {
      if (j.prompt === p && j.status === 'done' && w.__g6done === undefined) {
        w.__g6done = performance.now()
        off()
      }
    })
  }, prompt)
  const form = page.getByRole('form', { name: 'Generate' })
  await form.getByRole('textbox', { name: 'Prompt' }).fill(prompt)
  await form.getByRole('button', { name: 'Generate' }).click()
  return page.evaluate((p) => {
    const w = window as unknown as G6Window
    return w.__g6shown(p, () => w.__g6done ?? Number.NaN, 60_000)
  }, prompt)
}

/** Presses the timeline's oldest month (or its newest, `newest`) and returns ms until `label` is on screen. */
export async function jumpShown(page: Page, label: string, newest = false): Promise<number> {
  return page.evaluate(
    ([l, last]) => {
      const months = [...document.querySelectorAll<HTMLButtonElement>('.timeline-month')]
      const button = last ? months.at(-1) : months[0]
      if (!button) throw new Error('no timeline months')
      const t0 = performance.now()
      button.click()
      return (window as unknown as G6Window).__g6shown(l, () => t0, 30_000)
    },
    [label, !newest] as const
  )
}
