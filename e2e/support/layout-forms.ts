import { expect, type Locator, type Page } from '@playwright/test'

/** Helpers of the layout checks for the creation forms, the gallery, the board and their words. */

export const VIEWPORTS = [
  { width: 1280, height: 720 },
  { width: 1440, height: 900 }
] as const

export const goTo = (page: Page, area: string) =>
  page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: area, exact: true }).click()

/** The element's box lies wholly inside the window as it is now (nothing scrolled). */
export async function expectInWindow(page: Page, target: Locator): Promise<void> {
  await expect(target).toBeVisible()
  const box = await target.boundingBox()
  const size = page.viewportSize()!
  expect(box, 'a box').not.toBeNull()
  expect(box!.y, 'top inside the window').toBeGreaterThanOrEqual(0)
  expect(
    box!.y + box!.height,
    `bottom (${box!.y + box!.height}) inside the window (${size.height})`
  ).toBeLessThanOrEqual(size.height)
  expect(box!.x + box!.width).toBeLessThanOrEqual(size.width)
}

/**
 * The buttons a user sees in the work area (the app's main region: rendered, not hidden), by name.
 * The app frame's navigation is the same on every screen and not counted; nor are disclosures.
 */
export function visibleButtons(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    Array.from(document.querySelectorAll('main button, main [role="button"]'))
      .filter((el) => {
        const r = el.getBoundingClientRect()
        return (
          r.width > 0 &&
          r.height > 0 &&
          (el as HTMLElement).checkVisibility({ opacityProperty: true, visibilityProperty: true })
        )
      })
      .map((el) => el.getAttribute('aria-label') ?? (el.textContent ?? '').trim())
  )
}

/** Wire words a creator should not read: a method before a route, an API route, `<w>*<h>` syntax. */
export function wireWords(text: string): string[] {
  const patterns = [
    /\b(?:GET|POST|PUT|PATCH|DELETE)\s+\/\S*/g,
    /\/v1(?:beta)?\/\S*/g,
    /\/dashboard\/\S*/g,
    /<[^<>\n]{1,20}>\s*[*x×]\s*<[^<>\n]{1,20}>/g,
    // A size in a request's own syntax (2048*2048); creators read and write 2048 × 2048.
    /\b\d{2,5}\*\d{2,5}\b/g
  ]
  return patterns.flatMap((p) => text.match(p) ?? [])
}

/** The page's visible text with every Request disclosure closed, and the hints shown in empty fields. */
export async function screenText(page: Page): Promise<string> {
  return page.evaluate(() => {
    for (const d of Array.from(document.querySelectorAll<HTMLDetailsElement>('details.request-preview'))) d.open = false
    const hints = Array.from(
      document.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>('input[placeholder], textarea[placeholder]')
    )
      .filter((el) => el.checkVisibility() && el.value === '')
      .map((el) => el.placeholder)
    return [document.body.innerText, ...hints].join('\n')
  })
}

/** Every button of each cell lies inside that cell's box. */
export async function buttonsInsideCells(cells: Locator): Promise<{ cells: number; outside: string[] }> {
  return cells.evaluateAll((els) => {
    const outside: string[] = []
    for (const cell of els) {
      const c = cell.getBoundingClientRect()
      for (const b of Array.from(cell.querySelectorAll('button'))) {
        const r = b.getBoundingClientRect()
        if (r.width === 0) continue
        if (r.left < c.left - 0.5 || r.right > c.right + 0.5 || r.top < c.top - 0.5 || r.bottom > c.bottom + 0.5)
          outside.push(b.getAttribute('aria-label') ?? b.textContent ?? '')
      }
    }
    return { cells: els.length, outside }
  })
}
