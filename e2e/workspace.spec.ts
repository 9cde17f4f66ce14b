/**
 * The creative workspace's canvas, driven as a user would against the sandbox gateway: its share of
 * the window (measured at 1440×900 and 1280×720 in both themes, with a screenshot of each kept with
 * the results), and the edit panel folded to give its width to the canvas.
 */

import { expect, test } from './fixtures'
import { axeFindings } from './support/axe'
import { gradientPng } from './support/images-page'
import { attachScreenshot, openEditorWorkspace, stageShare, visibleArea } from './support/workspace'

const SIZES = [
  { width: 1440, height: 900, min: 0.55 },
  { width: 1280, height: 720, min: 0.45 }
] as const

test.describe('canvas share', () => {
  test('the visible-area measure clips the box to the window', () => {
    expect(visibleArea({ x: -10, y: 0, width: 110, height: 50 }, { width: 200, height: 200 })).toBe(5000)
    expect(visibleArea({ x: 150, y: 150, width: 100, height: 100 }, { width: 200, height: 200 })).toBe(2500)
    expect(visibleArea({ x: 300, y: 0, width: 10, height: 10 }, { width: 200, height: 200 })).toBe(0)
  })

  for (const theme of ['light', 'dark'] as const) {
    test(`the stage takes at least 55% of a 1440×900 window and 45% of a 1280×720 one (${theme})`, async ({
      studio
    }, testInfo) => {
      const { page, stage } = await openEditorWorkspace(studio, theme)
      for (const size of SIZES) {
        const share = await stageShare(page, stage, size)
        await attachScreenshot(page, testInfo, `editor-${size.width}x${size.height}-${theme}.png`)
        testInfo.annotations.push({
          type: 'canvas share',
          description: `${size.width}×${size.height} ${theme}: ${(share * 100).toFixed(1)}%`
        })
        expect(share, `${size.width}×${size.height}`).toBeGreaterThanOrEqual(size.min)
        // The window does not scroll to show it: all of it is on screen.
        expect(await page.getByRole('main').evaluate((m) => m.scrollHeight - m.clientHeight)).toBeLessThanOrEqual(1)
      }
    })
  }

  for (const theme of ['light', 'dark'] as const) {
    test(`the rail's tooltips name tool and key; the shortcut sheet (?) and the folded options pass axe (${theme})`, async ({
      studio
    }) => {
      const { page, stage } = await openEditorWorkspace(studio, theme)
      const rail = page.getByRole('group', { name: 'Mask tools' })
      const brush = rail.getByRole('button', { name: 'Brush' })
      await brush.hover()
      await expect(page.getByRole('tooltip', { name: 'Brush (B)' })).toBeVisible()
      await expect(brush).toHaveAccessibleDescription('Brush (B)')
      // Every button in the rail has a name and a "Name (Key)" description.
      for (const button of await rail.getByRole('button').all()) {
        const name = (await button.getAttribute('aria-label')) ?? ''
        expect(name).not.toBe('')
        await expect(button).toHaveAccessibleDescription(
          new RegExp(`^${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} \\(.+\\)$`)
        )
      }
      await page.getByText('Mask options', { exact: true }).click()
      await expect(page.getByRole('spinbutton', { name: 'Grow, shrink and feather by' })).toBeVisible()
      expect(await axeFindings(page, `editor with options (${theme})`)).toEqual([])
      await stage.focus()
      await page.keyboard.press('?')
      const sheet = page.getByRole('dialog', { name: 'Keyboard shortcuts' })
      await expect(sheet).toBeVisible()
      expect(await axeFindings(page, `shortcut sheet (${theme})`)).toEqual([])
      await page.keyboard.press('Escape')
      await expect(sheet).toBeHidden()
      await expect(stage).toBeFocused()
    })
  }

  test('folding the edit panel (\\) gives its width to the canvas, and the choice is remembered', async ({
    studio
  }) => {
    const { page, stage } = await openEditorWorkspace(studio, 'light')
    const viewport = { width: 1440, height: 900 }
    const docked = await stageShare(page, stage, viewport)
    const toggle = page.getByRole('button', { name: 'Hide edit panel' })
    await expect(toggle).toHaveAttribute('aria-expanded', 'true')
    await stage.focus()
    await page.keyboard.press('\\')
    await expect(page.getByRole('form', { name: 'Edit settings' })).toBeHidden()
    const folded = await stageShare(page, stage, viewport)
    expect(folded).toBeGreaterThan(docked + 0.1)
    // Back to the gallery and into the editor again: the panel stays folded.
    await page.getByRole('button', { name: 'Back to gallery' }).click()
    await page.getByRole('button', { name: 'Edit an image…' }).click()
    await page
      .getByTestId('editor-file-input')
      .setInputFiles({ name: 'again.png', mimeType: 'image/png', buffer: await gradientPng(256) })
    await expect(page.getByRole('button', { name: 'Show edit panel' })).toHaveAttribute('aria-expanded', 'false', {
      timeout: 20_000
    })
    await expect(page.getByRole('form', { name: 'Edit settings' })).toBeHidden()
  })
})
