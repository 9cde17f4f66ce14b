import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Browser, Page, TestInfo } from '@playwright/test'
import { expect, test } from './fixtures'
import { openChat } from './support/chat-page'
import { generate, waitForDone } from './support/images-page'
import { openScreen, SCREENS } from './support/layout'

/**
 * Every main screen and dialog pinned by a screenshot at 1280×720 and 1440×900, light and dark, so an
 * unintended layout change fails the run. The content is made the same way each time: a fixed sandbox
 * seed (answers and pictures are derived from it and the prompt), the UTC clock zone and an English
 * locale; what still depends on the moment (clock times, ages) is hidden while photographing
 * (support/screens.css), its box kept. A deliberate change of layout is recorded with
 * `npx playwright test e2e/screens.spec.ts --update-snapshots` and the new images reviewed and committed.
 */
// bypassCSP: the studio's page allows no inline style, and Playwright applies `stylePath` as an inline
// style element; without it the moment-dependent parts would not be hidden. Only this spec lifts it.
test.use({ gatewaySeed: 20_261_128, timezoneId: 'UTC', locale: 'en-US', bypassCSP: true })

const SIZES = [
  { width: 1280, height: 720 },
  { width: 1440, height: 900 }
] as const

const SHOT = {
  animations: 'disabled',
  caret: 'hide',
  // Text anti-aliasing may differ a little between machines with the same browser; a layout change
  // (a panel moved, a control added, a colour changed) moves far more than 3% of a screen's pixels.
  threshold: 0.3,
  maxDiffPixelRatio: 0.03,
  stylePath: join(import.meta.dirname, 'support', 'screens.css')
} as const

/** The browser the baselines were recorded with (written by --update-snapshots). */
const RECORDED_WITH = join(import.meta.dirname, 'screens.spec.ts-snapshots', 'BROWSER.txt')

/**
 * Baselines belong to the browser that drew them: another major version of Chromium may draw text
 * differently. Recording writes the version; a run on another major version says so and is skipped
 * (record them again there with --update-snapshots and review the images).
 */
function checkBrowser(browser: Browser, testInfo: TestInfo): void {
  const version = browser.version()
  if (testInfo.config.updateSnapshots === 'all' || testInfo.config.updateSnapshots === 'changed') {
    writeFileSync(RECORDED_WITH, `${version}\n`)
    return
  }
  const recorded = existsSync(RECORDED_WITH) ? readFileSync(RECORDED_WITH, 'utf8').trim() : ''
  const major = (v: string) => v.split('.')[0]
  test.skip(
    recorded !== '' && major(recorded) !== major(version),
    `The screenshots were recorded with Chromium ${recorded}; this run has ${version}, which may draw text differently. Record them again with --update-snapshots and review them.`
  )
}

/** Waits until nothing on the page is still loading or animating in, then compares. */
async function shot(page: Page, name: string): Promise<void> {
  // The pointer rests in the empty corner of the navigation: no hover tooltip is part of a screen.
  const size = page.viewportSize()!
  await page.mouse.move(1, size.height - 1)
  await expect(page.getByRole('tooltip').locator('visible=true')).toHaveCount(0)
  await expect(page.locator('.view-loading')).toHaveCount(0)
  await page.evaluate(() => document.fonts.ready)
  await expect(page).toHaveScreenshot(name, SHOT)
}

for (const theme of ['light', 'dark'] as const) {
  test(`every screen and dialog looks as recorded (${theme})`, async ({ studio, browser }, testInfo) => {
    checkBrowser(browser, testInfo)
    // Six screens and three dialogs at two sizes, after a chat answer and two pictures.
    test.setTimeout(300_000)
    const chat = await openChat(studio)
    const page = chat.page
    await page.emulateMedia({ colorScheme: theme, reducedMotion: 'reduce' })
    await expect(page.locator('html')).toHaveAttribute('data-theme', theme)
    await page.setViewportSize(SIZES[1])
    await chat.newConversation('General chat', 'gpt-4o-mini')
    await chat.send('Tell me about harbours')
    await chat.waitForAnswer('complete')
    await openScreen(page, 'Images')
    for (const prompt of ['a lighthouse at dusk', 'a quiet harbour']) {
      await generate(page, prompt)
      await waitForDone(page, 'Generate')
    }
    const grid = page.getByRole('grid', { name: 'Gallery' })
    await expect(grid.getByRole('gridcell')).toHaveCount(2)
    // The toasts of finished jobs are not part of any screen's layout.
    await page.keyboard.press('Escape')

    for (const size of SIZES) {
      await page.setViewportSize(size)
      const tag = `${size.width}x${size.height}-${theme}`
      for (const screen of SCREENS) {
        await openScreen(page, screen)
        await shot(page, `${screen.toLowerCase()}-${tag}.png`)
      }

      // The command palette.
      await page.keyboard.press('Control+k')
      const palette = page.getByRole('dialog', { name: 'Command palette' })
      await expect(palette).toBeVisible()
      await shot(page, `palette-${tag}.png`)
      await page.keyboard.press('Escape')
      await expect(palette).toBeHidden()

      // The large viewer on the newest picture.
      await openScreen(page, 'Images')
      await grid.getByRole('gridcell', { name: 'a quiet harbour' }).locator('img').click()
      const viewer = page.getByRole('dialog', { name: 'Image viewer' })
      await expect(viewer).toBeVisible()
      await expect(viewer.getByTestId('viewer-image')).toHaveJSProperty('complete', true)
      await shot(page, `viewer-${tag}.png`)
      await page.keyboard.press('Escape')
      await expect(viewer).toBeHidden()

      // The editor on that picture, and its shortcut sheet.
      await grid.getByRole('gridcell', { name: 'a quiet harbour' }).focus()
      await page.keyboard.press('e')
      const painter = page.getByRole('region', { name: 'Mask painter' })
      await expect(painter).toBeVisible({ timeout: 20_000 })
      await shot(page, `editor-${tag}.png`)
      await painter.getByRole('application', { name: 'Mask canvas' }).focus()
      await page.keyboard.press('?')
      const sheet = page.getByRole('dialog', { name: /shortcuts/i })
      await expect(sheet).toBeVisible()
      await shot(page, `shortcuts-${tag}.png`)
      await page.keyboard.press('Escape')
      await expect(sheet).toBeHidden()
      await page.getByRole('button', { name: 'Back to gallery' }).click()
      await expect(grid).toBeVisible()
    }
  })
}
