import { readFileSync } from 'node:fs'
import { expect, test } from '../fixtures'
import { generate, imageCreates, openImages, waitForDone } from '../support/images-page'
import { createForm } from '../support/video-page'

/**
 * The prompt library end to end: an image prompt sent through the Generate form is in the history
 * (with its result), saved with a name and a tag, found through the command palette and inserted
 * into the video prompt field; the saved prompts survive a restart and go through an export/import
 * round trip (the second import merges, never doubles).
 */
export function promptWorkflows(): void {
  test.describe('prompt library and command palette', () => {
    test('an image prompt is saved from the history, found with Ctrl+K and inserted into the video prompt; export and import round-trip', async ({
      studio
    }) => {
      test.setTimeout(180_000)
      const PROMPT = 'a lighthouse on a cliff at dusk, oil painting'
      let page = await openImages(studio)
      await generate(page, PROMPT)
      await waitForDone(page, 'Generate')
      expect(imageCreates(studio).length).toBe(1)

      // History: the prompt with its area, model and a result thumbnail.
      await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Prompts' }).click()
      await page.getByRole('searchbox', { name: 'Search history' }).fill('lighthouse on')
      const entry = page.getByTestId('history-entry').filter({ hasText: PROMPT })
      await expect(entry).toHaveCount(1)
      await expect(entry).toContainText('Image generation')
      await expect(
        entry
          .getByRole('list', { name: 'Results' })
          .getByRole('button', { name: 'Open this image in the editor' })
          .first()
      ).toBeVisible()

      // Save it with a name and a tag.
      await entry.getByRole('button', { name: /Save this prompt/ }).click()
      const dialog = page.getByRole('dialog', { name: 'Save a prompt' })
      await dialog.getByRole('textbox', { name: 'Name' }).fill('Dusk lighthouse')
      await dialog.getByRole('textbox', { name: 'Tags' }).fill('seascape')
      await dialog.getByRole('button', { name: 'Save' }).click()
      await expect(dialog).toBeHidden()
      await expect(page.getByTestId('saved-prompt').filter({ hasText: 'Dusk lighthouse' })).toContainText('#seascape')

      // Kept in the library database: still there after a restart.
      await studio.stop()
      page = await studio.launch({ STUDIO_GATEWAY_URL: studio.gateway.url, STUDIO_API_KEY: studio.canary })

      // Video prompt field, then the palette: find the saved prompt and insert it.
      await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Video' }).click()
      await expect(page.getByRole('tab', { name: 'Create' })).toBeVisible({ timeout: 20_000 })
      const field = createForm(page).getByRole('textbox', { name: 'Prompt' })
      await field.click()
      await page.keyboard.press('Control+k')
      const palette = page.getByRole('dialog', { name: 'Command palette' })
      await palette.getByRole('combobox').fill('dusk light')
      const option = palette.getByRole('option', { name: /Dusk lighthouse/ })
      await expect(option).toBeVisible()
      await option.click()
      await expect(palette).toBeHidden()
      await expect(field).toHaveValue(PROMPT)

      // Export, then import the same file: merged, not doubled.
      await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Prompts' }).click()
      const download = page.waitForEvent('download')
      await page.getByRole('button', { name: 'Export…' }).click()
      const file = await (await download).path()
      const exported = JSON.parse(readFileSync(file, 'utf8')) as {
        prompts: Array<{ name: string; text: string; tags: string[] }>
      }
      expect(exported.prompts).toEqual([
        expect.objectContaining({ name: 'Dusk lighthouse', text: PROMPT, tags: ['seascape'] })
      ])
      await page.getByTestId('prompts-import-file').setInputFiles(file)
      await expect(page.getByText('Imported 0 new prompts; 1 already saved were merged.')).toBeVisible()
      await expect(page.getByTestId('saved-prompt')).toHaveCount(1)
      // A bad file is refused at its place.
      await page.getByTestId('prompts-import-file').setInputFiles({
        name: 'bad.json',
        mimeType: 'application/json',
        buffer: Buffer.from('{"format":"generation-studio.prompts","version":1,"prompts":[{"name":"","text":"x"}]}')
      })
      await expect(page.getByRole('alert')).toContainText('prompts.0.name: A name is required')
    })
  })
}
