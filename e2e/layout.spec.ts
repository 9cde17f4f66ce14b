/**
 * The studio laid out for the work, at 1280×720 and 1440×900: no page scroll, the transcript's
 * share, the chat header and actions, leaving the editor, the palette, tooltips and toasts out of the
 * way. Forms, items and words are in layout-forms.spec.ts.
 */

import { expect, test } from './fixtures'
import { openChat } from './support/chat-page'
import { generate, gradientPng, openImages } from './support/images-page'
import {
  boxOf,
  nav,
  openScreen,
  overlaps,
  pageOverflow,
  paintStroke,
  paletteOptions,
  SCREENS,
  WINDOW_SIZES,
  windowShare
} from './support/layout'
import { createForm, openVideo, submit, waitForState } from './support/video-page'

test.describe('layout: the window never scrolls as a page', () => {
  for (const size of WINDOW_SIZES) {
    test(`every screen fits ${size.width}×${size.height}; its panes scroll inside`, async ({ studio }) => {
      const chat = await openChat(studio)
      await chat.page.setViewportSize(size)
      for (const screen of SCREENS) {
        await openScreen(chat.page, screen)
        expect(await pageOverflow(chat.page), `${screen} at ${size.width}×${size.height}`).toBe(0)
      }
    })
  }
})

test.describe('layout: Images gives the room to the results', () => {
  for (const size of WINDOW_SIZES) {
    test(`running and waiting jobs are a thin strip; the results are the largest box at ${size.width}×${size.height}`, async ({
      studio
    }) => {
      // The create answers slowly, so the job is still running while the strip is measured.
      studio.gateway.setFaults(studio.canary, ['slow-first-byte=15000@image.generate'])
      const page = await openImages(studio)
      await page.setViewportSize(size)
      const strip = page.getByRole('region', { name: 'Queue' })
      await strip.getByRole('button', { name: 'Pause queue' }).click()
      await generate(page, 'a slow lighthouse')
      const form = page.getByRole('form', { name: 'Generate' })
      await form.getByRole('textbox', { name: 'Prompt' }).fill('a waiting harbour')
      await form.getByRole('button', { name: 'Add to queue' }).click()
      const rows = strip.getByRole('list', { name: 'Queue' }).locator(':scope > li')
      await expect(rows).toHaveCount(2)
      await expect(strip.getByRole('article', { name: /a slow lighthouse/ }).getByTestId('job-status')).toHaveText(
        'Running'
      )
      await expect(strip.getByRole('listitem', { name: 'a waiting harbour — waiting, 1st' })).toBeVisible()
      for (const row of await rows.all())
        expect((await boxOf(row)).height, await row.innerText()).toBeLessThanOrEqual(64)
      const stripBox = await boxOf(strip)
      expect(stripBox.height / size.height).toBeLessThanOrEqual(0.2)
      // The results: the largest of the screen's boxes (the create column, the strip, the gallery).
      const shares = {
        gallery: await windowShare(
          page,
          page.getByRole('region', { name: 'Gallery: drop pictures here to import them' })
        ),
        create: await windowShare(page, page.getByRole('region', { name: 'Create images' })),
        strip: await windowShare(page, strip)
      }
      expect(shares.gallery, JSON.stringify(shares)).toBeGreaterThan(Math.max(shares.create, shares.strip))
      // The job's result ends up in the gallery and the strip lets it go.
      await expect(strip.getByRole('article', { name: /a slow lighthouse/ })).toHaveCount(0, { timeout: 40_000 })
      await expect(
        page.getByRole('grid', { name: 'Gallery' }).getByRole('gridcell', { name: 'a slow lighthouse' })
      ).toBeVisible()
    })
  }
})

test.describe('layout: the chat transcript has the room', () => {
  for (const [size, share] of [
    [WINDOW_SIZES[0], 0.55],
    [WINDOW_SIZES[1], 0.45]
  ] as const) {
    test(`the transcript takes at least ${Math.round(share * 100)}% of a ${size.width}×${size.height} window`, async ({
      studio
    }) => {
      const chat = await openChat(studio)
      await chat.page.setViewportSize(size)
      const transcript = chat.page.getByRole('region', { name: 'Messages' })
      await expect(transcript).toBeVisible()
      expect(await windowShare(chat.page, transcript)).toBeGreaterThanOrEqual(share)
    })
  }
})

test.describe('layout: the chat header and the message actions', () => {
  test('model, format and system instruction sit behind one header button; messages show two icon actions and More', async ({
    studio
  }) => {
    const chat = await openChat(studio)
    const page = chat.page
    await expect(page.getByRole('radiogroup', { name: 'Format' })).toHaveCount(0)
    await expect(page.getByRole('region', { name: 'Parameters' })).toHaveCount(0)
    // No warning in amber before anything was typed.
    await expect(page.getByText('Type a message to send.')).toHaveCount(0)
    await chat.newConversation('General chat', 'gpt-4o-mini')
    await expect(page.getByRole('button', { name: /^Conversation settings: gpt-4o-mini/ })).toBeVisible()
    // The composer spans the transcript.
    const transcript = await boxOf(page.getByRole('region', { name: 'Messages' }))
    const composer = await boxOf(page.getByRole('form', { name: 'Message composer' }))
    expect(composer.width).toBeGreaterThanOrEqual(transcript.width - 2)
    await chat.send('Tell me about harbours')
    const answer = await chat.waitForAnswer('complete')
    const toolbar = answer.getByRole('toolbar', { name: 'Message actions' })
    await expect(toolbar.getByRole('button')).toHaveCount(3)
    await expect(toolbar.getByRole('button', { name: 'Copy' })).toHaveAttribute('title', /.+/)
    await expect(toolbar.getByRole('button', { name: 'Regenerate' })).toHaveAttribute('title', /.+/)
    const more = toolbar.getByRole('button', { name: 'More actions' })
    await more.focus()
    await page.keyboard.press('ArrowDown')
    const menu = page.getByRole('menu', { name: 'More actions' })
    await expect(menu.getByRole('menuitem', { name: 'Branch from here' })).toBeFocused()
    await page.keyboard.press('Escape')
    await expect(menu).toHaveCount(0)
    await expect(more).toBeFocused()
    // The parameters drawer opens and closes with its key.
    await page.keyboard.press('Control+.')
    await expect(page.getByRole('region', { name: 'Parameters' })).toBeVisible()
    await page.keyboard.press('Control+.')
    await expect(page.getByRole('region', { name: 'Parameters' })).toHaveCount(0)
  })
})

test.describe('layout: navigation leaves the image editor', () => {
  test('Images in the navigation goes back to the gallery; only an unsent mask asks first, and it does not come back', async ({
    studio
  }) => {
    const page = await openImages(studio)
    const images = nav(page).getByRole('button', { name: 'Images', exact: true })
    const editor = page.getByRole('region', { name: 'Mask painter' })

    // An editor with nothing painted is left at once.
    await page.getByRole('button', { name: 'Edit an image…' }).click()
    await expect(page.getByTestId('editor-file-input')).toBeAttached()
    await images.click()
    await expect(page.getByRole('button', { name: 'Edit an image…' })).toBeVisible()

    // A painted mask that was never sent: the user is asked, and may stay.
    await page.getByRole('button', { name: 'Edit an image…' }).click()
    await page
      .getByTestId('editor-file-input')
      .setInputFiles({ name: 'gradient.png', mimeType: 'image/png', buffer: await gradientPng(512) })
    await expect(editor).toBeVisible({ timeout: 20_000 })
    await paintStroke(page)
    await images.click()
    const ask = page.getByRole('alertdialog', { name: 'Leave the editor?' })
    await expect(ask).toBeVisible()
    await ask.getByRole('button', { name: 'Stay in the editor' }).click()
    await expect(editor).toBeVisible()
    await images.click()
    await page
      .getByRole('alertdialog', { name: 'Leave the editor?' })
      .getByRole('button', { name: 'Discard the mask and leave' })
      .click()
    await expect(editor).toHaveCount(0)
    await expect(page.getByRole('button', { name: 'Edit an image…' })).toBeVisible()

    // The next editor starts clean: no old image, no old mask.
    await page.getByRole('button', { name: 'Edit an image…' }).click()
    await expect(page.getByTestId('editor-file-input')).toBeAttached()
    await expect(editor).toHaveCount(0)
  })
})

test.describe('layout: the command palette', () => {
  test("'ed' finds the Edit actions first; 'theme' puts the theme action first, not the backup", async ({ studio }) => {
    const chat = await openChat(studio)
    const ed = await paletteOptions(chat.page, 'ed', /^Edit/)
    expect(ed[0]).toMatch(/^Edit an image/)
    await chat.page.keyboard.press('Escape')
    const theme = await paletteOptions(chat.page, 'theme', /theme/)
    const backUp = theme.findIndex((text) => text.startsWith('Back up the library'))
    expect(backUp === -1 || backUp > 0).toBe(true)
  })
})

test.describe('layout: tooltips and toasts keep out of the way', () => {
  test('a navigation tooltip does not cover the page title', async ({ studio }) => {
    const chat = await openChat(studio)
    const title = chat.page.getByRole('heading', { level: 1 })
    for (const name of ['Chat', 'Images', 'Video']) {
      await nav(chat.page).getByRole('button', { name, exact: true }).hover()
      const tip = chat.page
        .getByRole('tooltip')
        .filter({ hasText: `Open ${name}` })
        .locator('visible=true')
      await expect(tip).toHaveCount(1)
      expect(overlaps(await boxOf(tip), await boxOf(title)), `${name}'s tooltip over the title`).toBe(false)
    }
  })

  test('a finished video’s toast covers no card and no form action, and does not follow the user to another screen', async ({
    studio
  }) => {
    test.setTimeout(120_000)
    const page = await openVideo(studio)
    await createForm(page).getByRole('textbox', { name: 'Prompt' }).fill('a kite over the dunes')
    await submit(page)
    const card = await waitForState(page, 'a kite over the dunes', 'Succeeded')
    const toast = page.getByTestId('video-toast')
    await expect(toast).toBeVisible()
    expect(overlaps(await boxOf(toast), await boxOf(card))).toBe(false)
    // Nor the form the user goes on with: its main action and the queue button beside it.
    for (const name of ['Create video', 'Add to queue']) {
      expect(
        overlaps(await boxOf(toast), await boxOf(createForm(page).getByRole('button', { name, exact: true }))),
        name
      ).toBe(false)
    }
    await nav(page).getByRole('button', { name: 'Chat', exact: true }).click()
    await expect(page.getByRole('heading', { level: 1, name: 'Chat' })).toBeVisible()
    await expect(toast).toHaveCount(0)
  })
})
