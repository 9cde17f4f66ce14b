import { expect, type Locator, type Page } from '@playwright/test'

/** The window sizes the layout is checked at: a common laptop and a small 720p screen. */
export const WINDOW_SIZES = [
  { width: 1440, height: 900 },
  { width: 1280, height: 720 }
] as const

/** The areas in the main navigation, by their visible names. */
export const SCREENS = ['Chat', 'Images', 'Video', 'Balance', 'Prompts', 'Settings'] as const
export type ScreenName = (typeof SCREENS)[number]

export function nav(page: Page): Locator {
  return page.getByRole('navigation', { name: 'Main' })
}

/** Opens an area from the navigation and waits until its title and first content are shown. */
export async function openScreen(page: Page, name: ScreenName): Promise<void> {
  await nav(page).getByRole('button', { name, exact: true }).click()
  await expect(page.getByRole('heading', { level: 1, name, exact: true })).toBeVisible()
  // Lazy areas show a loading line until their chunk has arrived.
  await expect(page.locator('.view-loading')).toHaveCount(0)
}

/** How far the document itself scrolls beyond the window (0 when the panes scroll instead). */
export async function pageOverflow(page: Page): Promise<number> {
  return page.evaluate(() => {
    const doc = document.scrollingElement ?? document.documentElement
    return Math.max(0, doc.scrollHeight - window.innerHeight, doc.scrollWidth - window.innerWidth)
  })
}

/** The share of the window's area a locator's box covers (0..1), clipped to the window. */
export async function windowShare(page: Page, target: Locator): Promise<number> {
  const box = await target.boundingBox()
  if (!box) return 0
  return page.evaluate(({ x, y, width, height }) => {
    const w = Math.max(0, Math.min(x + width, window.innerWidth) - Math.max(x, 0))
    const h = Math.max(0, Math.min(y + height, window.innerHeight) - Math.max(y, 0))
    return (w * h) / (window.innerWidth * window.innerHeight)
  }, box)
}

export interface Box {
  x: number
  y: number
  width: number
  height: number
}

/** True when two boxes share any area. */
export function overlaps(a: Box, b: Box): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height
}

export async function boxOf(target: Locator): Promise<Box> {
  const box = await target.boundingBox()
  if (!box) throw new Error('The element has no box (it is not rendered)')
  return box
}

/** Paints one stroke across the middle of the mask canvas with the current tool (the brush by default). */
export async function paintStroke(page: Page): Promise<void> {
  const stage = page.getByRole('region', { name: 'Mask painter' }).getByRole('application', { name: 'Mask canvas' })
  await stage.focus()
  await page.keyboard.press('b')
  const box = await boxOf(stage)
  const y = box.y + box.height / 2
  await page.mouse.move(box.x + box.width * 0.35, y)
  await page.mouse.down()
  await page.mouse.move(box.x + box.width * 0.65, y, { steps: 12 })
  await page.mouse.up()
}

/** Opens the command palette and types a query; gives the options' texts once they settle on `first`. */
export async function paletteOptions(page: Page, query: string, first: RegExp): Promise<string[]> {
  await page.keyboard.press('Control+k')
  const dialog = page.getByRole('dialog', { name: 'Command palette' })
  await expect(dialog).toBeVisible()
  await dialog.getByRole('combobox').fill(query)
  await expect(dialog.getByRole('option').first()).toHaveText(first)
  return dialog.getByRole('option').allTextContents()
}
