import { readdirSync, statSync } from 'node:fs'
import { join } from 'node:path'
import type { Locator, Page } from '@playwright/test'
import { expect, test, type StudioFixture } from '../fixtures'
import { generate, moreAction, openImages, waitForDone } from '../support/images-page'
import { card, createForm, submit, waitForState } from '../support/video-page'

/**
 * Results flowing between areas, with lineage: a gallery image becomes a video's first frame, the
 * video is remixed, a frame of the remix goes back into the gallery, and that frame says where it
 * came from (video ← remix ← video ← image), also after a restart.
 */

const IMAGE_PROMPT = 'a lighthouse at dusk'
const VIDEO_PROMPT = 'the lighthouse beam sweeps the sea'
const REMIX_PROMPT = 'a storm rolls in over the lighthouse'

const gallery = (page: Page) => page.getByRole('grid', { name: 'Gallery' })
const goTo = (page: Page, area: 'Images' | 'Video') =>
  page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: area }).click()

/** Opens a gallery image's details from its cell. */
async function openDetails(page: Page, prompt: string): Promise<Locator> {
  const cell = gallery(page).getByRole('gridcell', { name: prompt })
  await moreAction(page, cell, 'Details')
  const dialog = page.getByRole('dialog', { name: 'Image details' })
  await expect(dialog).toBeVisible()
  return dialog
}

/** The frame's "Made from" chain, nearest first, as relation and the result's prompt. */
async function expectFrameLineage(dialog: Locator): Promise<void> {
  const rows = dialog.getByRole('list', { name: 'Made from' }).getByTestId('lineage-row')
  await expect(rows).toHaveCount(3, { timeout: 15_000 })
  await expect(rows.nth(0)).toHaveAttribute('data-relation', 'frame')
  await expect(rows.nth(0)).toContainText(/Video · frame at \d+\.\d\d s/)
  await expect(rows.nth(0)).toContainText(REMIX_PROMPT)
  await expect(rows.nth(1)).toHaveAttribute('data-relation', 'remix')
  await expect(rows.nth(1)).toContainText('Video · remix')
  await expect(rows.nth(1)).toContainText(VIDEO_PROMPT)
  await expect(rows.nth(2)).toHaveAttribute('data-relation', 'first-frame')
  await expect(rows.nth(2)).toContainText('Image · first frame')
  await expect(rows.nth(2)).toContainText(IMAGE_PROMPT)
}

const creates = (studio: StudioFixture) =>
  studio.gateway.log().filter((r) => r.method === 'POST' && r.key === studio.canary && r.route === 'video.create')

/** Registers the flows workflow in `e2e/workflows.spec.ts`. */
export function flowsWorkflows(): void {
  test.describe('results flow between areas', () => {
    test('gallery image → first frame → video → remix → extracted frame in the gallery with its lineage, after a restart', async ({
      studio
    }) => {
      // Two launches, an image, two videos polled to their files and a frame: minutes on a busy machine.
      test.setTimeout(300_000)
      let page = await openImages(studio)
      await generate(page, IMAGE_PROMPT)
      await waitForDone(page, 'Generate')

      // The image becomes the first frame of a video: the Video area opens with it in the form.
      const cell = gallery(page).getByRole('gridcell', { name: IMAGE_PROMPT })
      await moreAction(page, cell, 'Use as video first frame')
      await expect(page.getByRole('tab', { name: 'Create' })).toBeVisible()
      await expect(page.getByRole('status').filter({ hasText: 'is now the first frame' })).toContainText(
        `“${IMAGE_PROMPT}” is now the first frame (Unified · first family`
      )
      await createForm(page).getByRole('textbox', { name: 'Prompt' }).fill(VIDEO_PROMPT)
      await submit(page)
      const video = await waitForState(page, VIDEO_PROMPT, 'Succeeded', 120_000)

      // The create carried the image: its body holds the gallery file as Base64 (a text-only create is a few hundred bytes).
      const lib = join(studio.dataDir, 'library', 'images')
      const imageBytes = statSync(join(lib, readdirSync(lib)[0])).size
      const sent = creates(studio)
      expect(sent).toHaveLength(1)
      expect(sent[0].bodyBytes).toBeGreaterThan(Math.ceil(imageBytes / 3) * 4)

      // Remix it.
      await video.getByRole('button', { name: 'Remix', exact: true }).click()
      const dialog = page.getByRole('dialog', { name: /^Remix/ })
      await dialog.getByRole('textbox', { name: 'How to rewrite or continue the video' }).fill(REMIX_PROMPT)
      await dialog.getByRole('button', { name: 'Remix', exact: true }).click()
      const remix = await waitForState(page, REMIX_PROMPT, 'Succeeded', 120_000)

      // The clip's own size as the player decoded it (a landscape or a portrait sample, by the request).
      const player = remix.getByTestId('video-player')
      await expect
        .poll(() => player.evaluate((v: HTMLVideoElement) => v.readyState), { timeout: 20_000 })
        .toBeGreaterThanOrEqual(1)
      const clip = await player.evaluate((v: HTMLVideoElement) => ({ width: v.videoWidth, height: v.videoHeight }))
      expect([clip.width, clip.height].sort((a, b) => a - b)).toEqual([180, 320])

      // A frame of the remix at the player's time goes into the gallery.
      await moreAction(page, remix, 'Extract frame as image')
      await expect(page.getByRole('status').filter({ hasText: 'is in the gallery' })).toHaveText(
        /The frame at \d+\.\d\d s is in the gallery\./,
        { timeout: 30_000 }
      )
      const frames = await page.evaluate(() =>
        (
          window as unknown as { studio: { images: { listGallery(i: unknown): Promise<unknown> } } }
        ).studio.images.listGallery({ filter: { origin: 'frame' } })
      )
      const items = (
        frames as { ok: true; value: { items: { prompt: string; width: number; height: number; format: string }[] } }
      ).value.items
      expect(items).toHaveLength(1)
      // The frame is the video's own size (as displayed, rotation included), as a PNG.
      expect(items[0]).toMatchObject({ prompt: REMIX_PROMPT, ...clip, format: 'png' })

      // The frame in the gallery says where it came from, across areas.
      await goTo(page, 'Images')
      await expectFrameLineage(await openDetails(page, REMIX_PROMPT))

      // Still after a restart; and a link jumps to the video it came from, in the Video area.
      await studio.stop()
      page = await openImages(studio)
      const details = await openDetails(page, REMIX_PROMPT)
      await expectFrameLineage(details)
      await details
        .getByRole('list', { name: 'Made from' })
        .getByRole('button', { name: `Show Video: ${VIDEO_PROMPT}` })
        .click()
      await expect(page.getByRole('tab', { name: 'Create' })).toBeVisible()
      await expect(card(page, VIDEO_PROMPT)).toBeFocused({ timeout: 15_000 })
    })
  })
}
