import { readdirSync } from 'node:fs'
import { join } from 'node:path'
import type { Locator, Page } from '@playwright/test'
import { expect, test, type StudioFixture } from './fixtures'
import { AxeGate } from './support/axe'
import { ChatPage } from './support/chat-page'
import { generate, moreAction, rawRgba, waitForDone } from './support/images-page'
import { expectFocusVisible, focusInside, pressTo, tabTo } from './support/keyboard'
import { openNames, openSettings } from './support/names-dialog'
import { card as boardCard, createForm, submit, waitForState } from './support/video-page'

/**
 * Accessibility, against the sandbox:
 * - the gate: axe-core with the WCAG 2.1 A and AA rules over every screen and every dialog of the
 *   studio, in the light and the dark theme: 0 violations. One studio per theme walks all of them
 *   (a launch and the generations it needs are the slow part);
 * - keyboard first: a creator loop with key presses only, focus visible at every stop, dialogs
 *   that keep focus, give it back and close with Escape, innermost first;
 * - comfort: reduced motion, every control's focus ring, a 1280×720 window zoomed to 200 %.
 */

const nav = (page: Page, area: string) =>
  page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: area, exact: true }).click()
const gallery = (page: Page) => page.getByRole('grid', { name: 'Gallery' })

async function launch(studio: StudioFixture, theme: 'light' | 'dark'): Promise<Page> {
  const page = await studio.launch({ STUDIO_GATEWAY_URL: studio.gateway.url, STUDIO_API_KEY: studio.canary })
  // The studio follows the system's colour scheme, live, until a theme is chosen in Settings.
  await page.emulateMedia({ colorScheme: theme })
  await expect(page.locator('html')).toHaveAttribute('data-theme', theme)
  return page
}

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

/** What moves on the page now: elements (and their ::before / ::after) with an animation or a transition that takes time. */
async function motion(page: Page): Promise<{ moving: string[]; barAppearance: string; running: number }> {
  return page.evaluate(() => {
    // Samples of what may move, beside the screen itself: a toast and a bar without a value.
    const samples = document.createElement('div')
    samples.innerHTML =
      '<ul class="stack-list"><li class="toast"><p class="toast-title">t</p></li></ul><progress></progress><button type="button" class="button">b</button>'
    document.body.append(samples)
    const moving: string[] = []
    for (const el of Array.from(document.querySelectorAll('*'))) {
      for (const pseudo of [null, '::before', '::after']) {
        const cs = getComputedStyle(el, pseudo)
        const animated = cs.animationName !== 'none' && cs.animationDuration.split(',').some((d) => parseFloat(d) > 0)
        const transitioned = cs.transitionDuration.split(',').some((d) => parseFloat(d) > 0)
        if (animated || transitioned) moving.push(`${el.tagName.toLowerCase()}.${String(el.className)}${pseudo ?? ''}`)
      }
    }
    const barAppearance = getComputedStyle(samples.querySelector('progress')!).appearance
    const running = document.getAnimations().length
    samples.remove()
    return { moving, barAppearance, running }
  })
}

/** Scrolled to, wholly in the window, not covered by anything, and its content fits its box. */
async function expectUsable(target: Locator): Promise<void> {
  await target.scrollIntoViewIfNeeded()
  // Wholly on screen, to a sub-pixel (a fractional layout position rounds the ratio below 1).
  await expect(target).toBeInViewport({ ratio: 0.99 })
  const state = await target.evaluate((el) => {
    const b = el.getBoundingClientRect()
    const hit = document.elementFromPoint(b.x + b.width / 2, b.y + b.height / 2)
    return {
      hit: hit !== null && (hit === el || el.contains(hit)),
      fits: el.scrollWidth <= el.clientWidth + 1 && el.scrollHeight <= el.clientHeight + 1
    }
  })
  expect(state, target.toString()).toEqual({ hit: true, fits: true })
}

test.describe('comfort', () => {
  // A 1280×720 window zoomed to 200 %, as the browser (or Electron's Ctrl+=) zooms: 640×360 CSS
  // pixels at two device pixels each, so the page's own media queries see the zoomed width too.
  test.use({ viewport: { width: 640, height: 360 }, deviceScaleFactor: 2 })

  test('reduced motion stops every transition, animation and sweeping bar; at 200 % zoom in 1280×720 the main actions stay usable', async ({
    studio
  }) => {
    test.setTimeout(120_000)
    const page = await launch(studio, 'light')

    await test.step('prefers-reduced-motion', async () => {
      await nav(page, 'Images')
      await expect(gallery(page)).toBeVisible()
      // Without the preference the controls fade their colours and a bar without a value sweeps.
      const moving = await motion(page)
      expect(moving.moving.length).toBeGreaterThan(0)
      expect(moving.barAppearance).not.toBe('none')
      await page.emulateMedia({ reducedMotion: 'reduce' })
      for (const area of ['Images', 'Video', 'Chat']) {
        await nav(page, area)
        await expect(page.getByRole('heading', { level: 1, name: area })).toBeVisible()
        expect(await motion(page)).toEqual({ moving: [], barAppearance: 'none', running: 0 })
      }
    })

    await test.step('every kind of control shows keyboard focus', async () => {
      // After a key press focus is keyboard focus, for scripts too: each control focused in turn
      // must match :focus-visible and draw the ring (an outline of at least 2 px).
      const kinds = new Set<string>()
      for (const area of ['Images', 'Video', 'Settings', 'Chat']) {
        await nav(page, area)
        await expect(page.getByRole('heading', { level: 1, name: area })).toBeVisible()
        await page.keyboard.press('Shift')
        const seen = await page.evaluate(() => {
          const selector =
            'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), summary, [tabindex]:not([tabindex="-1"])'
          const out: { kind: string; ok: boolean; what: string }[] = []
          for (const el of Array.from(document.querySelectorAll<HTMLElement>(selector))) {
            // Reachable by Tab only: shown, not inert, not taken out of the order (a measuring mirror).
            if (el.tabIndex < 0 || el.closest('[inert]') || !el.checkVisibility({ visibilityProperty: true })) continue
            el.focus()
            const cs = getComputedStyle(el)
            const role = el.getAttribute('role')
            const kind = `${el.tagName.toLowerCase()}${el instanceof HTMLInputElement ? `[type=${el.type}]` : ''}${role ? `[role=${role}]` : ''}`
            const ok = el.matches(':focus-visible') && cs.outlineStyle !== 'none' && parseFloat(cs.outlineWidth) >= 2
            out.push({
              kind,
              ok,
              what: `${kind} “${(el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 40)}”`
            })
          }
          return out
        })
        expect(seen.filter((s) => !s.ok).map((s) => s.what)).toEqual([])
        for (const s of seen) kinds.add(s.kind)
      }
      for (const kind of [
        'a',
        'button',
        'input[type=text]',
        'input[type=search]',
        'input[type=radio]',
        'input[type=checkbox]',
        'select',
        'textarea',
        'summary'
      ])
        expect([...kinds]).toContain(kind)
    })

    await test.step('200 % zoom', async () => {
      expect(await page.evaluate(() => [window.innerWidth, window.innerHeight, window.devicePixelRatio])).toEqual([
        640, 360, 2
      ])
      const main = page.getByRole('navigation', { name: 'Main' })
      const checks: Array<[string, (p: Page) => Locator[]]> = [
        [
          'Chat',
          (p) => [
            p.getByRole('button', { name: 'New conversation' }),
            p.getByRole('textbox', { name: 'Prompt' }),
            p.getByRole('button', { name: 'Send', exact: true })
          ]
        ],
        [
          'Images',
          (p) => [
            p.getByRole('form', { name: 'Generate' }).getByRole('textbox', { name: 'Prompt' }),
            p.getByRole('form', { name: 'Generate' }).getByRole('button', { name: 'Generate' }),
            p.getByRole('button', { name: 'Edit an image…' }),
            p.getByRole('searchbox', { name: 'Search prompts' })
          ]
        ],
        [
          'Video',
          (p) => [
            createForm(p).getByRole('textbox', { name: 'Prompt' }),
            createForm(p).getByRole('button', { name: 'Create video' })
          ]
        ],
        ['Balance', (p) => [p.getByRole('button', { name: 'Check again' }).first()]],
        ['Settings', (p) => [p.getByRole('button', { name: 'Add profile' })]],
        ['Prompts', (p) => [p.getByRole('searchbox', { name: 'Search history' })]]
      ]
      for (const [area, controls] of checks) {
        const button = main.getByRole('button', { name: area, exact: true })
        await expectUsable(button)
        await button.press('Enter')
        await expect(page.getByRole('heading', { level: 1, name: area })).toBeVisible()
        for (const control of controls(page)) await expectUsable(control)
        await expectUsable(page.getByRole('banner').getByTestId('balance-badge'))
        await expectUsable(page.getByRole('banner').getByRole('combobox', { name: 'Active profile' }))
      }
      await page.keyboard.press('Control+k')
      await expectUsable(page.getByRole('dialog', { name: 'Command palette' }).getByRole('combobox'))
    })
  })
})
