/**
 * The accessibility gate, against the sandbox: axe-core with the WCAG 2.1 A and AA rules over every
 * screen and every dialog of the studio, in the light and the dark theme: 0 violations. One studio per
 * theme walks all of them (a launch and the generations it needs are the slow part). Keyboard use is in
 * a11y-keyboard.spec.ts, reduced motion and zoom in a11y-comfort.spec.ts.
 */

import type { Locator, Page } from '@playwright/test'
import { expect, test } from './fixtures'
import { gallery, launch, nav } from './support/a11y'
import { AxeGate } from './support/axe'
import { ChatPage } from './support/chat-page'
import { generate, moreAction, waitForDone } from './support/images-page'
import { openNames, openSettings } from './support/names-dialog'
import { createForm, submit, waitForState } from './support/video-page'

/** Closes a dialog with Escape and waits until it is gone. */
async function escape(page: Page, dialog: Locator): Promise<void> {
  await page.keyboard.press('Escape')
  await expect(dialog).toBeHidden()
}

for (const theme of ['light', 'dark'] as const) {
  test.describe(`accessibility gate, ${theme} theme`, () => {
    test(`every screen and dialog has no WCAG 2.1 A/AA violation (${theme})`, async ({ studio }) => {
      test.setTimeout(240_000)
      const page = await launch(studio, theme)
      const gate = new AxeGate(page)

      await test.step('chat', async () => {
        const chat = new ChatPage(page)
        await chat.open()
        await expect(page.getByRole('textbox', { name: 'Prompt' })).toBeVisible()
        await gate.check('chat, no messages')
        await chat.newConversation('General chat', 'gpt-4o-mini')
        await chat.send('Tell me about harbours')
        await chat.waitForAnswer('complete')
        await gate.check('chat, with messages')
        await page.getByRole('button', { name: 'Compare models' }).click()
        const compare = page.getByRole('form', { name: 'Compare models' })
        await expect(compare).toBeVisible()
        await gate.check('chat, compare setup')
      })

      await test.step('images', async () => {
        await nav(page, 'Images')
        await expect(page.getByRole('tab', { name: 'Generate' })).toBeVisible()
        await expect(gallery(page)).toBeVisible()
        await gate.check('images, gallery empty')
        await generate(page, 'a lighthouse at dusk')
        await waitForDone(page, 'Generate')
        const cell = gallery(page).getByRole('gridcell', { name: 'a lighthouse at dusk' })
        await expect(cell).toBeVisible()
        await gate.check('images, gallery full')

        await moreAction(page, cell, 'Details')
        const details = page.getByRole('dialog', { name: 'Image details' })
        await expect(details).toBeVisible()
        await gate.check('images, details dialog')
        await escape(page, details)

        // Compare setup, then its board.
        const form = page.getByRole('form', { name: 'Generate' })
        await form.getByRole('textbox', { name: 'Prompt' }).fill('a lighthouse compared')
        await form.getByRole('button', { name: 'Run on several models…' }).click()
        for (const m of ['imagegen-4.0', 'image-model-2'])
          await form.getByRole('checkbox', { name: new RegExp(m.replace(/\./g, '\\.')) }).check()
        await expect(form.getByTestId('compare-plan-row')).toHaveCount(2)
        await gate.check('images, compare setup')
        await form.getByRole('button', { name: 'Run on 2 models' }).click()
        const run = page.getByRole('region', { name: 'Compare runs' }).getByTestId('compare-run').first()
        await expect(run.getByRole('status').filter({ hasText: 'Done' })).toHaveCount(2, { timeout: 60_000 })
        await gate.check('images, compare board')

        // The mask editor on the generated image.
        await moreAction(page, cell, 'Edit this')
        const painter = page.getByRole('region', { name: 'Mask painter' })
        await expect(painter).toBeVisible({ timeout: 20_000 })
        // With Select by coordinates open, so its form is checked too.
        await painter.getByText('Select by coordinates', { exact: true }).click()
        await expect(painter.getByRole('form', { name: 'Select by coordinates' })).toBeVisible()
        await gate.check('images, mask editor')
      })

      await test.step('video', async () => {
        await nav(page, 'Video')
        await expect(page.getByRole('tab', { name: 'Create' })).toBeVisible({ timeout: 20_000 })
        await gate.check('video, create')
        await createForm(page).getByRole('textbox', { name: 'Prompt' }).fill('a paper boat on a river')
        await submit(page)
        const card = await waitForState(page, 'a paper boat on a river', 'Succeeded', 120_000)
        await gate.check('video, board')

        await card.getByRole('button', { name: 'Remix', exact: true }).click()
        const remix = page.getByRole('dialog', { name: /^Remix/ })
        await expect(remix).toBeVisible()
        await gate.check('video, remix dialog')
        await escape(page, remix)

        await card.getByRole('button', { name: 'Details', exact: true }).click()
        const details = page.getByRole('dialog', { name: 'Task details' })
        await expect(details).toBeVisible()
        await gate.check('video, details dialog')
        await escape(page, details)

        await page.getByRole('tab', { name: 'Assets' }).click()
        await expect(page.getByRole('tab', { name: 'Assets', selected: true })).toBeVisible()
        await gate.check('video, assets')
      })

      await test.step('balance', async () => {
        await nav(page, 'Balance')
        await expect(page.getByTestId('key-name')).toHaveText('canary key')
        await gate.check('balance, with data')
      })

      await test.step('settings and the names dialog', async () => {
        await openSettings(page)
        await expect(page.getByRole('button', { name: 'Add profile' })).toBeVisible()
        await gate.check('settings')
        const names = await openNames(page, 'From environment')
        await gate.check('settings, names dialog')
        await escape(page, names)
      })

      await test.step('prompts and the palette', async () => {
        await nav(page, 'Prompts')
        await expect(page.getByRole('searchbox', { name: 'Search history' })).toBeVisible()
        await expect(page.getByTestId('history-entry').first()).toBeVisible()
        await gate.check('prompts')
        await page.keyboard.press('Control+k')
        const palette = page.getByRole('dialog', { name: 'Command palette' })
        await expect(palette).toBeVisible()
        await gate.check('command palette')
        await escape(page, palette)
      })

      await test.step('balance, with an error', async () => {
        studio.gateway.setFaults(studio.canary, ['unauthorized@usage.token', 'quota-query-fail@billing'])
        await nav(page, 'Balance')
        // A second check within the usage route's double-click guard (10 s) is not sent: press again until one is.
        await expect(async () => {
          await page.getByRole('button', { name: 'Check again' }).first().click()
          await expect(page.locator('[data-testid="balance-error"][data-kind="invalid-token"]')).toBeVisible({
            timeout: 3_000
          })
        }).toPass({ timeout: 40_000 })
        await gate.check('balance, with an error')
      })

      expect(gate.screens.length).toBeGreaterThanOrEqual(20)
      expect(gate.findings).toEqual([])
    })
  })
}
