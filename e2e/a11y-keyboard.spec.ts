/**
 * Keyboard first, against the sandbox: a creator loop with key presses only, focus visible at every
 * stop, dialogs that keep focus, give it back and close with Escape, innermost first.
 */

import { readdirSync } from 'node:fs'
import { join } from 'node:path'
import type { Locator } from '@playwright/test'
import { expect, test } from './fixtures'
import { gallery, launch } from './support/a11y'
import { rawRgba, waitForDone } from './support/images-page'
import { expectFocusVisible, focusInside, pressTo, tabTo } from './support/keyboard'
import { card as boardCard, createForm } from './support/video-page'

test.describe('keyboard first', () => {
  test('a creator loop without the mouse: generate, mask by keys, edit, first frame, video, balance; dialogs trap and return focus', async ({
    studio
  }) => {
    test.setTimeout(240_000)
    const page = await launch(studio, 'light')
    const kinds = new Set<string>()
    const tab = (target: Locator, back = false) => tabTo(page, target, { back, kinds })
    const type = async (text: string) => page.keyboard.type(text)

    // Images (Ctrl+2), a generation from the keyboard.
    await page.keyboard.press('Control+2')
    const form = page.getByRole('form', { name: 'Generate' })
    await tab(form.getByRole('textbox', { name: 'Prompt' }))
    await type('a harbour at dawn')
    await tab(form.getByRole('button', { name: 'Generate' }))
    await page.keyboard.press('Enter')
    await waitForDone(page, 'Generate')
    const source = gallery(page).getByRole('gridcell', { name: 'a harbour at dawn' })
    await tab(source)

    await test.step('a dialog keeps focus inside, Escape closes it and focus goes back to its opener', async () => {
      // Details is in the tile's More menu: Enter opens it, the arrows reach the entry.
      const detailsButton = source.getByRole('button', { name: 'More actions' })
      await tab(detailsButton)
      await page.keyboard.press('Enter')
      await pressTo(page, 'ArrowDown', page.getByRole('menuitem', { name: 'Details' }))
      await page.keyboard.press('Enter')
      const details = page.getByRole('dialog', { name: 'Image details' })
      await expect(details).toBeVisible()
      expect(await focusInside(details)).toBe(true)
      for (const key of [...Array<string>(12).fill('Tab'), ...Array<string>(12).fill('Shift+Tab')]) {
        await page.keyboard.press(key)
        expect(await focusInside(details), `focus after ${key}`).toBe(true)
        kinds.add(await expectFocusVisible(page))
      }
      await page.keyboard.press('Escape')
      await expect(details).toBeHidden()
      await expect(detailsButton).toBeFocused()
      // Escape with nothing open closes nothing: the area, the gallery and the focus stay.
      await page.keyboard.press('Escape')
      await expect(detailsButton).toBeFocused()
      await expect(page.getByRole('tab', { name: 'Generate' })).toBeVisible()

      // The palette (Ctrl+K) likewise: focus in its search, Escape closes it alone, focus comes back.
      await page.keyboard.press('Control+k')
      const palette = page.getByRole('dialog', { name: 'Command palette' })
      await expect(palette.getByRole('combobox')).toBeFocused()
      await page.keyboard.press('Escape')
      await expect(palette).toBeHidden()
      await expect(detailsButton).toBeFocused()
    })

    // The editor, from the cell's own button.
    await tab(source.getByRole('button', { name: 'More actions' }), true)
    await page.keyboard.press('Enter')
    await pressTo(page, 'ArrowDown', page.getByRole('menuitem', { name: 'Edit this' }))
    await page.keyboard.press('Enter')
    const painter = page.getByRole('region', { name: 'Mask painter' })
    await expect(painter).toBeVisible({ timeout: 20_000 })

    // A rectangle placed and sized with the keys: Select by coordinates.
    await tab(painter.getByText('Select by coordinates', { exact: true }))
    await page.keyboard.press('Enter')
    const typed = painter.getByRole('form', { name: 'Select by coordinates' })
    const field = (name: string) => typed.getByRole('spinbutton', { name })
    await tab(field('Left (x)'))
    for (let i = 0; i < 3; i++) await page.keyboard.press('Shift+ArrowDown')
    await page.keyboard.press('ArrowUp')
    await tab(field('Width'))
    await page.keyboard.press('Control+a')
    await type('200')
    await tab(field('Height'))
    for (let i = 0; i < 5; i++) await page.keyboard.press('Shift+ArrowDown')
    await page.keyboard.press('Enter')
    const box = {
      x: Number(await field('Left (x)').inputValue()),
      y: Number(await field('Top (y)').inputValue()),
      width: 200,
      height: Number(await field('Height').inputValue())
    }
    await expect(painter.getByTestId('painter-notice')).toHaveText(
      `Added 200×${box.height} px at (${box.x}, ${box.y}) to the mask.`
    )
    // Escape in the painter cancels a selection being drawn, never the editor itself.
    await page.keyboard.press('Escape')
    await expect(painter).toBeVisible()

    // Apply the edit.
    const editForm = page.getByRole('form', { name: 'Edit settings' })
    await tab(editForm.getByRole('textbox', { name: 'Prompt' }))
    await type('a red sail')
    await tab(page.getByRole('button', { name: 'Apply edit' }))
    await page.keyboard.press('Enter')
    await expect(page.getByRole('region', { name: 'Result' }).getByTestId('job-status')).toHaveText('Done', {
      timeout: 60_000
    })

    // The mask sent is the typed rectangle, pixel for pixel (transparent = the area to change).
    const lib = join(studio.dataDir, 'library', 'images')
    const mask = await rawRgba(
      join(
        lib,
        readdirSync(lib).find((f) => f.endsWith('.mask.png'))!
      )
    )
    let wrong = 0
    for (let y = 0; y < mask.height; y++) {
      for (let x = 0; x < mask.width; x++) {
        const inBox = x >= box.x && x < box.x + box.width && y >= box.y && y < box.y + box.height
        if (mask.data[(y * mask.width + x) * 4 + 3] !== (inBox ? 0 : 255)) wrong++
      }
    }
    expect(wrong).toBe(0)

    // Back to the gallery; the edit is the newest image: it becomes the video's first frame.
    await tab(page.getByRole('button', { name: 'Back to gallery' }), true)
    await page.keyboard.press('Enter')
    const edited = gallery(page).getByRole('gridcell', { name: 'a red sail' })
    await expect(edited).toBeVisible()
    await tab(gallery(page).getByRole('gridcell').and(page.locator('[tabindex="0"]')))
    await pressTo(page, 'ArrowLeft', edited)
    await tab(edited.getByRole('button', { name: 'More actions' }))
    await page.keyboard.press('Enter')
    await pressTo(page, 'ArrowDown', page.getByRole('menuitem', { name: 'Use as video first frame' }))
    await page.keyboard.press('Enter')
    await expect(page.getByRole('status').filter({ hasText: 'is now the first frame' })).toContainText(
      '“a red sail” is now the first frame'
    )

    // Create the video.
    await tab(createForm(page).getByRole('textbox', { name: 'Prompt' }))
    await type('the sail fills with wind')
    await tab(createForm(page).getByRole('button', { name: 'Create video' }))
    await page.keyboard.press('Enter')
    await expect(boardCard(page, 'the sail fills with wind').getByTestId('task-state')).toHaveText('Succeeded', {
      timeout: 120_000
    })
    // Said once, politely, by the app's live region.
    await expect(page.getByTestId('live-polite')).toHaveText('Video “the sail fills with wind” is done.')
    const creates = studio.gateway
      .log()
      .filter((r) => r.method === 'POST' && r.key === studio.canary && r.route === 'video.create')
    expect(creates).toHaveLength(1)
    // The first frame travelled in the create (as Base64: far more than a text-only body).
    expect(creates[0].bodyBytes).toBeGreaterThan(10_000)

    await test.step('Escape closes the innermost thing only: the prompt picker in the remix dialog, then the dialog', async () => {
      const remixButton = boardCard(page, 'the sail fills with wind').getByRole('button', {
        name: 'Remix',
        exact: true
      })
      await tab(remixButton)
      await page.keyboard.press('Enter')
      const remix = page.getByRole('dialog', { name: /^Remix/ })
      await expect(remix).toBeVisible()
      expect(await focusInside(remix)).toBe(true)
      const field = remix.getByRole('textbox', { name: 'How to rewrite or continue the video' })
      await tab(field)
      await page.keyboard.press('Control+Shift+P')
      const picker = remix.getByRole('dialog', { name: 'Insert a saved prompt' })
      await expect(picker).toBeVisible()
      expect(await focusInside(picker)).toBe(true)
      await page.keyboard.press('Escape')
      await expect(picker).toBeHidden()
      await expect(remix).toBeVisible()
      await expect(field).toBeFocused()
      await page.keyboard.press('Escape')
      await expect(remix).toBeHidden()
      await expect(remixButton).toBeFocused()
    })

    // Balance (Ctrl+4).
    await page.keyboard.press('Control+4')
    await expect(page.getByRole('heading', { name: 'Key usage' })).toBeVisible()

    // Every kind of control met on the way showed its focus (checked at each stop above).
    for (const kind of ['button', 'textarea', 'input[type=number]', 'select', 'summary', 'div[role=gridcell]'])
      expect([...kinds]).toContain(kind)
  })
})
