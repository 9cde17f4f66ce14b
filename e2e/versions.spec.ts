/**
 * A picture's versions against the sandbox gateway (a chain with a branch, compared with the split
 * slider, kept after a restart) and variations ("More like this", then picking one).
 */

import { expect, test } from './fixtures'
import { generate, moreAction, openImages, waitForDone } from './support/images-page'
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
