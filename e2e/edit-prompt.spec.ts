/**
 * The edit prompt belongs to the user, not to one source: choosing a version to edit reads it from
 * the library before the editor takes it, and what was typed meanwhile goes out with that version.
 */
import { expect, test } from './fixtures'
import { holdBridgeRequests } from './support/bridge-hold'
import { generate, openImages, waitForDone } from './support/images-page'
import { applyEdit, editResultOf, expectCurrent, paidImageCalls, versionButton } from './support/versions'

test('a prompt typed while the chosen version is on its way is kept and sent with that version', async ({
  page,
  studio
}) => {
  test.setTimeout(90_000)
  const getItem = await holdBridgeRequests(page, studio, 'images:get-item')
  await openImages(studio)
  await generate(page, 'a lighthouse at dusk')
  await waitForDone(page, 'Generate')
  await editResultOf(page, 'a lighthouse at dusk')
  await applyEdit(page, 'add a red boat')
  await expectCurrent(page, 2)

  getItem.hold()
  await versionButton(page, 2).click()
  await getItem.caught()
  const form = page.getByRole('form', { name: 'Edit settings' })
  const prompt = form.getByRole('textbox', { name: 'Prompt' })
  await prompt.fill('add fog')
  getItem.release()
  // The editor takes version 2 as its source: a new mask, the same words.
  await expect(
    page.getByRole('region', { name: 'Edit image' }).getByText(/^add a red boat · \d+×\d+ source$/)
  ).toBeVisible()
  await expect(page.getByRole('region', { name: 'Mask painter' })).toBeVisible()
  await expect(prompt).toHaveValue('add fog')

  await form.getByRole('button', { name: 'Apply edit' }).click()
  const result = page.getByRole('region', { name: 'Result' }).getByTestId('edit-result-image')
  await expect(result).toBeVisible({ timeout: 30_000 })
  await expect(result).toHaveAccessibleName(/add fog/)
  await expectCurrent(page, 3)
  await expect(versionButton(page, 3)).toHaveAccessibleName(/^Version 3, from version 2/)
  expect(paidImageCalls(studio, 'image.edit')).toHaveLength(2)
})
