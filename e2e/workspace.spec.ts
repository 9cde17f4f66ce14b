/**
 * The creative workspace, driven as a user would against the sandbox gateway, one describe block per
 * part: the canvas's share of the window (measured at 1440×900 and 1280×720 in both themes, with a
 * screenshot of each kept with the results), extend canvas, a picture's versions (a chain with a
 * branch, compared with the split slider, kept after a restart), variations ("More like this",
 * then picking one), pictures dropped anywhere (desktop files and gallery images, a picture over
 * an unsent mask asking first, and a studio PNG's settings restored) and a year of pictures (the timeline scrubber, new images in place).
 */
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Page } from '@playwright/test'
import Database from 'better-sqlite3'
import sharp from 'sharp'
import { expect, type StudioFixture, test } from './fixtures'
import { axeFindings } from './support/axe'
import { dropFiles, pngBombHeader } from './support/drop'
import {
  editForm,
  libraryImage,
  openEditorOn,
  pictureHandle,
  picturePosition,
  rgbaOf,
  squareMaskPng
} from './support/extend'
import { generate, gradientPng, moreAction, openImages, waitForDone } from './support/images-page'
import { paintStroke } from './support/layout'
import {
  applyEdit,
  editResultOf,
  editVersion,
  expectAccessibleInBothThemes,
  expectCurrent,
  paidImageCalls,
  versionButton,
  versionStrip
} from './support/versions'
import { attachScreenshot, openEditorWorkspace, stageShare, visibleArea } from './support/workspace'

const SIZES = [
  { width: 1440, height: 900, min: 0.55 },
  { width: 1280, height: 720, min: 0.45 }
] as const

const png = async (name: string, width: number, height: number) => ({
  name,
  mimeType: 'image/png',
  buffer: await sharp({ create: { width, height, channels: 3, background: { r: 200, g: 120, b: 40 } } })
    .png()
    .toBuffer()
})

type Listed = {
  ok: true
  value: { items: { id: string; origin: string; prompt: string; width: number }[]; total: number }
}
const listImported = (page: Page) =>
  page.evaluate(() =>
    (
      window as unknown as { studio: { images: { listGallery(i: unknown): Promise<unknown> } } }
    ).studio.images.listGallery({ filter: { origin: 'import' } })
  ) as Promise<Listed>

/** The accessibility gate (WCAG 2.1 A/AA) over the page as it is, in the light and the dark theme. */
async function axeInBothThemes(page: Page, screen: string): Promise<void> {
  for (const theme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: theme })
    await expect(page.locator('html')).toHaveAttribute('data-theme', theme)
    expect(await axeFindings(page, `${screen}, ${theme}`)).toEqual([])
  }
}

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

test.describe('extend canvas', () => {
  test('a 1024² picture extended to 16:9 whose request mask is checked pixel by pixel (new area transparent, original area as painted)', async ({
    studio
  }) => {
    // A launch, an edit at 1820×1024 and three full-image reads: more than the default minute on a busy machine.
    test.setTimeout(180_000)
    const SIDE = 1024
    const page = await openEditorOn(studio, SIDE)
    // The painted part of the mask: a 512² import, read by luminance and scaled to the picture, so
    // the square [64, 192)² of the picture is editable.
    await page
      .getByTestId('mask-file-input')
      .setInputFiles({ name: 'square.png', mimeType: 'image/png', buffer: await squareMaskPng(512, 32, 96) })
    await expect(page.getByTestId('painter-notice')).toContainText('it was scaled to the source’s 1024×1024')

    const form = editForm(page)
    await form.getByRole('checkbox', { name: 'Extend the canvas (outpaint)' }).check()
    await form.getByRole('group', { name: 'Canvas shape' }).getByRole('button', { name: '16:9' }).click()
    // The native family takes 1820×1024 as it is; the picture starts in the middle.
    await expect(page.getByTestId('extend-note')).toHaveText('New canvas 1820×1024. The picture sits at 398, 0.')

    // Dragged to the left edge (the drag is clamped to the canvas), then 5 steps right from the keyboard (1% of 1820 each).
    const handle = pictureHandle(page)
    await handle.scrollIntoViewIfNeeded()
    const box = (await handle.boundingBox())!
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2)
    await page.mouse.down()
    await page.mouse.move(box.x - box.width, box.y + box.height / 2, { steps: 8 })
    await page.mouse.up()
    await expect.poll(() => picturePosition(page)).toEqual({ x: 0, y: 0 })
    await handle.focus()
    for (let i = 0; i < 5; i++) await page.keyboard.press('ArrowRight')
    await expect.poll(() => picturePosition(page)).toEqual({ x: 90, y: 0 })
    const X = 90

    await form.getByRole('textbox', { name: 'Prompt' }).fill('more meadow on both sides')
    await page.getByRole('button', { name: 'Apply edit' }).click()
    const result = page.getByRole('region', { name: 'Result' })
    await expect(result.getByTestId('job-status')).toHaveText('Done', { timeout: 60_000 })

    // The gateway got one edit; its image and mask are the library copies the request streamed.
    const edits = studio.gateway.log().filter((r) => r.route === 'image.edit' && r.key === studio.canary)
    expect(edits.map((e) => e.status)).toEqual([200])
    const mask = await libraryImage(studio, (n) => n.endsWith('.mask.png'))
    const canvas = await libraryImage(studio, (n) => n.endsWith('.source.png'))
    const W = 1820
    const H = 1024
    expect([mask.width, mask.height, canvas.width, canvas.height]).toEqual([W, H, W, H])
    // The picture as uploaded, decoded the same way as the library files.
    const original = await rgbaOf(await gradientPng(SIDE))
    let wrongMask = 0
    let wrongCanvas = 0
    for (let y = 0; y < H; y++) {
      for (let x = 0; x < W; x++) {
        const k = (y * W + x) * 4
        const a = mask.data[k + 3]
        const inPicture = x >= X && x < X + SIDE
        if (!inPicture) {
          wrongMask += a === 0 ? 0 : 1
          wrongCanvas += canvas.data[k + 3] === 0 ? 0 : 1
          continue
        }
        const sx = x - X
        const painted = sx >= 64 && sx < 192 && y >= 64 && y < 192
        wrongMask += a === (painted ? 0 : 255) ? 0 : 1
        const o = (y * SIDE + sx) * 4
        wrongCanvas +=
          canvas.data[k] === original.data[o] &&
          canvas.data[k + 1] === original.data[o + 1] &&
          canvas.data[k + 2] === original.data[o + 2]
            ? 0
            : 1
      }
    }
    expect(wrongMask).toBe(0)
    expect(wrongCanvas).toBe(0)

    // The sandbox repaints only the mask's transparent area: the picture is kept outside the
    // painted square, and the new area was filled.
    const listed = await page.evaluate(() =>
      (
        window as unknown as { studio: { images: { listGallery(i: unknown): Promise<unknown> } } }
      ).studio.images.listGallery({ filter: { origin: 'edit' } })
    )
    const item = (
      listed as {
        ok: true
        value: { items: { id: string; width: number; height: number; outsideMaskChange?: number }[] }
      }
    ).value.items[0]
    expect([item.width, item.height, item.outsideMaskChange]).toEqual([W, H, 0])
    const out = await libraryImage(studio, (n) => n.startsWith(`${item.id}.`))
    let keptChanged = 0
    let newFilled = 0
    for (let y = 0; y < H; y++) {
      for (let x = 0; x < W; x++) {
        const k = (y * W + x) * 4
        if (mask.data[k + 3] === 255)
          keptChanged +=
            out.data[k] === canvas.data[k] &&
            out.data[k + 1] === canvas.data[k + 1] &&
            out.data[k + 2] === canvas.data[k + 2]
              ? 0
              : 1
        else if (x < X || x >= X + SIDE) newFilled += out.data[k + 3] === 255 ? 1 : 0
      }
    }
    expect(keptChanged).toBe(0)
    expect(newFilled).toBe((W - SIDE) * H)
  })

  test('the panel refuses a shape the form family has no size for before any request, and passes axe in both themes', async ({
    studio
  }) => {
    test.setTimeout(120_000)
    const page = await openEditorOn(studio, 1024)
    const form = editForm(page)
    await form.getByRole('combobox', { name: 'Edit family' }).selectOption('editForm')
    await form.getByRole('checkbox', { name: 'Extend the canvas (outpaint)' }).check()
    await form.getByRole('group', { name: 'Canvas shape' }).getByRole('button', { name: '21:9' }).click()
    await expect(form.getByRole('alert')).toContainText('no size close to 2389×1024')
    await form.getByRole('textbox', { name: 'Prompt' }).fill('wider')
    await page.getByRole('button', { name: 'Apply edit' }).click()
    await expect(form.getByRole('alert')).toContainText('1920x1080')
    expect(studio.gateway.log().filter((r) => r.route === 'image.edit')).toHaveLength(0)
    await form.getByRole('group', { name: 'Canvas shape' }).getByRole('button', { name: '16:9' }).click()
    await expect(page.getByTestId('extend-note')).toContainText('Snapped to 1920×1080 (from 1820×1024)')
    for (const theme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: theme })
      await expect(page.locator('html')).toHaveAttribute('data-theme', theme)
      expect(await axeFindings(page, `extend canvas (${theme})`)).toEqual([])
    }
  })
})

test.describe('versions', () => {
  test('a chain of three versions with a branch, compared with the slider, kept after a restart', async ({
    studio
  }) => {
    test.setTimeout(120_000)
    let page = await openImages(studio)
    await generate(page, 'a lighthouse at dusk')
    await waitForDone(page, 'Generate')
    await editResultOf(page, 'a lighthouse at dusk')

    // Source → edit → edit: each finished edit becomes the current version.
    await applyEdit(page, 'add a red boat')
    await expectCurrent(page, 2)
    await editVersion(page, 2, 'add a red boat')
    await applyEdit(page, 'add fog')
    await expectCurrent(page, 3)
    await expect(versionButton(page, 3)).toHaveAccessibleName(/^Version 3, from version 2/)

    // Editing the original again starts a branch beside version 2.
    await editVersion(page, 1, 'a lighthouse at dusk')
    await applyEdit(page, 'add a full moon')
    await expectCurrent(page, 4)
    await expect(versionButton(page, 4)).toHaveAccessibleName(/^Version 4, from version 1/)
    await expect(versionStrip(page).getByRole('button')).toHaveCount(4)
    expect(paidImageCalls(studio, 'image.edit')).toHaveLength(3)

    // Any two versions in the split view: the divider is a slider (keys and drag), and held compare shows "before" whole.
    const compare = page.getByRole('region', { name: 'Compare versions' })
    await compare.getByRole('combobox', { name: 'Before' }).selectOption({ label: 'Version 2, from version 1' })
    await compare.getByRole('combobox', { name: 'After' }).selectOption({ label: 'Version 3, from version 2' })
    const split = compare.getByRole('slider', { name: 'Split between the two versions' })
    await expect(split).toHaveAttribute('aria-valuenow', '50')
    await split.focus()
    await page.keyboard.press('ArrowRight')
    await expect(split).toHaveAttribute('aria-valuenow', '51')
    await page.keyboard.press('Shift+ArrowLeft')
    await expect(split).toHaveAttribute('aria-valuenow', '41')
    await page.keyboard.press('End')
    await expect(split).toHaveAttribute('aria-valuenow', '100')
    const frame = compare.getByTestId('version-compare-frame')
    const box = (await frame.boundingBox())!
    await page.mouse.move(box.x + box.width * 0.8, box.y + box.height / 2)
    await page.mouse.down()
    await page.mouse.move(box.x + box.width * 0.25, box.y + box.height / 2, { steps: 4 })
    await page.mouse.up()
    const dragged = Number(await split.getAttribute('aria-valuenow'))
    expect(dragged).toBeGreaterThanOrEqual(23)
    expect(dragged).toBeLessThanOrEqual(27)
    const after = compare.getByRole('img', { name: 'Showing Version 3, from version 2' })
    await expect(after).toHaveCSS('clip-path', `inset(0px 0px 0px ${dragged}%)`)
    const hold = compare.getByRole('button', { name: 'Hold to compare' })
    await hold.focus()
    await page.keyboard.down('Space')
    await expect(hold).toHaveAttribute('aria-pressed', 'true')
    await expect(after).toHaveCSS('clip-path', 'inset(0px 0px 0px 0%)')
    await page.keyboard.up('Space')
    await expect(hold).toHaveAttribute('aria-pressed', 'false')
    await expectAccessibleInBothThemes(page, 'editor with versions')

    // After a restart the library still knows the tree: the details draw it.
    await studio.stop()
    page = await openImages(studio)
    const cell = page.getByRole('grid', { name: 'Gallery' }).getByRole('gridcell', { name: 'add fog' })
    await moreAction(page, cell, 'Details')
    const tree = page.getByRole('dialog', { name: 'Image details' }).getByRole('tree', { name: 'Version tree' })
    await expect(tree.getByRole('treeitem')).toHaveCount(4)
    await expect(tree.getByRole('treeitem', { level: 1 })).toHaveAccessibleName(
      /^Version 1 · original · a lighthouse at dusk/
    )
    await expect(tree.getByRole('treeitem', { level: 2 })).toHaveCount(2)
    await expect(tree.getByRole('treeitem', { name: /^Version 3 · mask edit · add fog/ })).toHaveAttribute(
      'aria-level',
      '3'
    )
    await expect(tree.getByRole('treeitem', { name: /^Version 3/ })).toHaveAttribute('aria-selected', 'true')
    // The keyboard walks the tree.
    await tree.getByRole('treeitem', { name: /^Version 3/ }).focus()
    await page.keyboard.press('Home')
    await expect(tree.getByRole('treeitem', { level: 1 })).toBeFocused()
    await expectAccessibleInBothThemes(page, 'image details with the version tree')
  })
})

test.describe('variations', () => {
  test('four variations and a pick', async ({ studio }) => {
    test.setTimeout(90_000)
    const page = await openImages(studio)
    await generate(page, 'a paper crane')
    const card = await waitForDone(page, 'Generate')
    const before = paidImageCalls(studio, 'image.generate').length

    // A count outside 1–8 is refused before anything is sent.
    const more = card.getByRole('group', { name: 'More like this' })
    await more.getByRole('spinbutton', { name: 'How many' }).fill('9')
    await more.getByRole('button', { name: 'More like this' }).click()
    await expect(more.getByRole('alert')).toHaveText('Choose a number from 1 to 8.')
    expect(paidImageCalls(studio, 'image.generate')).toHaveLength(before)

    await more.getByRole('spinbutton', { name: 'How many' }).fill('4')
    await more.getByRole('button', { name: 'More like this' }).click()
    const group = page.getByRole('region', { name: 'Variations of “a paper crane”' })
    for (let n = 1; n <= 4; n++)
      await expect(group.getByRole('button', { name: `Use variation ${n}` })).toBeVisible({ timeout: 30_000 })
    const sent = paidImageCalls(studio, 'image.generate')
    expect(sent.length - before).toBe(4)
    await expectAccessibleInBothThemes(page, 'variations group')

    // Picking one makes it the current version of the picture, in the editor's strip.
    await group.getByRole('button', { name: 'Use variation 3' }).click()
    await expect(page.getByRole('heading', { name: 'Edit image' })).toBeVisible()
    await expect(versionStrip(page).getByRole('button')).toHaveCount(2)
    await expectCurrent(page, 2)
    await expect(versionButton(page, 1)).toHaveAccessibleName(/original/)
  })
})

test.describe('drop anywhere', () => {
  test('a desktop file dropped on the editor, a slot and the gallery', async ({ studio }) => {
    const page = await openImages(studio)
    const gallery = page.getByRole('region', { name: 'Gallery: drop pictures here to import them' })

    // On the gallery: imported as "Imported", the editor stays closed.
    await dropFiles(gallery, await png('holiday.png', 320, 240))
    await expect(page.getByText('“holiday.png” is in the gallery as Imported.')).toBeVisible()
    await expect(
      page.getByRole('grid', { name: 'Gallery' }).getByRole('gridcell', { name: '(no prompt)' })
    ).toHaveCount(1)
    const imported = await listImported(page)
    expect(imported.value.items).toEqual([expect.objectContaining({ origin: 'import', width: 320 })])

    // A PNG bomb, a text file named .png: a clear refusal, nothing imported.
    await dropFiles(gallery, { name: 'bomb.png', mimeType: 'image/png', buffer: pngBombHeader(10000, 10000) })
    await expect(page.getByRole('alert')).toContainText(
      '“bomb.png” is 10000×10000 pixels, more than the 67.1 megapixels the studio decodes. Nothing was uploaded.'
    )
    await dropFiles(gallery, {
      name: 'notes.png',
      mimeType: 'image/png',
      buffer: Buffer.from('these are notes, not pixels')
    })
    await expect(page.getByRole('alert')).toContainText('“notes.png” is not an image')
    expect((await listImported(page)).value.total).toBe(1)

    // On the editor ("Edit an image…"): opens as its source; on the open editor: replaces the source.
    await dropFiles(page.getByRole('button', { name: 'Edit an image…' }), await png('desk.png', 400, 300))
    const painter = page.getByRole('region', { name: 'Mask painter' })
    await expect(painter).toBeVisible()
    await expect(page.getByText(/desk\.png · 400×300 source/)).toBeVisible()
    await dropFiles(painter, await png('window.png', 360, 200))
    await expect(page.getByText(/window\.png · 360×200 source/)).toBeVisible()
    expect((await listImported(page)).value.total).toBe(1)

    // Over a painted mask that was never sent, the editor asks first: staying keeps picture and mask.
    await paintStroke(page)
    await dropFiles(painter, await png('door.png', 300, 300))
    const ask = page.getByRole('alertdialog', { name: 'Open another picture?' })
    await expect(ask).toContainText('Opening “door.png” starts a new mask and discards it.')
    await ask.getByRole('button', { name: 'Keep this picture' }).click()
    await expect(ask).toHaveCount(0)
    await expect(page.getByText(/window\.png · 360×200 source/)).toBeVisible()
    await expect(page.getByRole('button', { name: 'Export mask' })).toBeEnabled()
    await dropFiles(painter, await png('door.png', 300, 300))
    await ask.getByRole('button', { name: 'Discard the mask and open' }).click()
    await expect(page.getByText(/door\.png · 300×300 source/)).toBeVisible()
    await expect(page.getByRole('button', { name: 'Export mask' })).toBeDisabled()

    // On a video reference slot: the reference is added.
    await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Video' }).click()
    const slot = page.getByRole('form', { name: 'Create' }).getByRole('group', { name: 'Images', exact: true })
    await dropFiles(slot, await png('frame.png', 640, 360))
    await expect(slot.getByRole('button', { name: 'Remove File frame.png' })).toBeVisible()
    await expect(page.getByTestId('unifiedFirst-mode')).toHaveText('One image: image to video.')
  })

  test('a gallery image dragged onto the editor, and over Video onto a reference slot', async ({ studio }) => {
    const page = await openImages(studio)
    const nav = page.getByRole('navigation', { name: 'Main' })
    await dropFiles(
      page.getByRole('region', { name: 'Gallery: drop pictures here to import them' }),
      await png('pier.png', 480, 320)
    )
    const cell = page.getByRole('grid', { name: 'Gallery' }).getByRole('gridcell', { name: '(no prompt)' })
    await expect(cell).toBeVisible()

    // A real mouse drag, held by its caption (the thumbnail is covered by its actions): the cell
    // carries its item id; "Edit an image…" opens it as the source.
    const box = (await cell.boundingBox())!
    const caption = { x: box.width / 2, y: box.height - 6 }
    await cell.dragTo(page.getByRole('button', { name: 'Edit an image…' }), { sourcePosition: caption })
    await expect(page.getByRole('region', { name: 'Mask painter' })).toBeVisible()
    await expect(page.getByText(/480×320 source/)).toBeVisible()
    await page.getByRole('button', { name: 'Back to gallery' }).click()

    // Held over Video, the drag opens it; dropped on the slot, the image is a gallery reference (no upload).
    await cell.hover({ position: caption })
    await page.mouse.down()
    await nav.getByRole('button', { name: 'Video' }).hover()
    const slot = page.getByRole('form', { name: 'Create' }).getByRole('group', { name: 'Images', exact: true })
    await expect(slot).toBeVisible()
    await slot.hover()
    await page.mouse.up()
    await expect(slot.getByRole('button', { name: 'Remove Gallery image Untitled' })).toBeVisible()
  })

  test('a studio PNG dropped back restoring its settings', async ({ studio }) => {
    const page = await openImages(studio)
    const form = page.getByRole('form', { name: 'Generate' })
    // The second family answers with PNGs.
    await form.getByRole('radio', { name: 'Reference images and quality' }).check()
    await form.getByRole('textbox', { name: 'Prompt' }).fill('a red kite over a grey sea')
    await form.getByRole('combobox', { name: 'Ratio' }).selectOption('16:9')
    await form.getByRole('group', { name: 'Watermark' }).getByRole('radio', { name: 'Off' }).check()
    await form.getByRole('button', { name: 'Generate' }).click()
    await waitForDone(page, 'Generate')

    // The PNG the studio wrote into its library, as the user would drag it from a folder.
    const lib = join(studio.dataDir, 'library', 'images')
    const written = readdirSync(lib).find((f) => /^[A-Za-z0-9_-]+\.png$/.test(f))
    expect(written).toBeDefined()
    const bytes = readFileSync(join(lib, written!))
    expect((await sharp(bytes).metadata()).comments?.[0]?.keyword).toBe('generation-studio')

    // The form moves on to something else, in the other family.
    await form.getByRole('radio', { name: 'Ratio and resolution presets' }).check()
    await form.getByRole('textbox', { name: 'Prompt' }).fill('something else entirely')
    const gallery = page.getByRole('region', { name: 'Gallery: drop pictures here to import them' })
    await dropFiles(gallery, { name: 'notes.png', mimeType: 'image/png', buffer: Buffer.from('notes') })
    await expect(page.getByRole('alert')).toContainText('“notes.png” is not an image')
    await axeInBothThemes(page, 'a refused drop')
    await dropFiles(gallery, { name: 'kite.png', mimeType: 'image/png', buffer: bytes })
    const offer = page.getByRole('region', { name: 'Settings found in the picture' })
    await expect(offer).toContainText('“kite.png” was made in this studio (Generate,')
    // Imported with the prompt it carries, so the gallery names it.
    await expect(
      page.getByRole('grid', { name: 'Gallery' }).getByRole('gridcell', { name: 'a red kite over a grey sea' })
    ).toHaveCount(2)
    await axeInBothThemes(page, 'the restore offer')

    await offer.getByRole('button', { name: 'Restore these settings' }).click()
    await expect(form.getByRole('radio', { name: 'Reference images and quality' })).toBeChecked()
    await expect(form.getByRole('textbox', { name: 'Prompt' })).toHaveValue('a red kite over a grey sea')
    await expect(form.getByRole('combobox', { name: 'Ratio' })).toHaveValue('16:9')
    await expect(form.getByRole('group', { name: 'Watermark' }).getByRole('radio', { name: 'Off' })).toBeChecked()
    await expect(page.getByText('Settings restored into Generate.')).toBeVisible()
    await expect(offer).toHaveCount(0)
  })
})

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
