import { writeFileSync } from 'node:fs'
import sharp from 'sharp'
import { expect, test } from './fixtures'
import {
  board,
  card,
  chooseFamily,
  createForm,
  expectPlays,
  importAsset,
  mp4sOnDisk,
  openVideo,
  reveal,
  submit,
  videoCreates,
  waitForState
} from './support/video-page'

/**
 * The Video area against the test's own sandbox gateway (speed 60): a task in every family from
 * the form to a downloaded, playable MP4 on disk; remix on both routes with lineage; an asset
 * imported, Active and used; a failure with its code; a host restart while a task runs; and bad
 * input refused with nothing sent, proven by the sandbox's request log.
 */

const png = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 40, g: 90, b: 160 } } })
    .png()
    .toBuffer()

test.describe('video', () => {
  test('creates in every family; each result plays and is kept on disk', async ({ studio }) => {
    test.setTimeout(240_000)
    const page = await openVideo(studio)
    await expect(page.getByTestId('board-empty')).toContainText('No videos yet')
    const form = createForm(page)

    // Unified route, first family, image to video with an uploaded reference.
    await form.getByRole('textbox', { name: 'Prompt' }).fill('a lantern drifting at night')
    await page
      .getByTestId('unifiedFirst-refs-file-input')
      .setInputFiles({ name: 'frame.png', mimeType: 'image/png', buffer: await png(640, 360) })
    await expect(page.getByTestId('unifiedFirst-mode')).toHaveText('One image: image to video.')
    await submit(page)
    await expect(card(page, 'a lantern drifting at night')).toBeVisible()

    // Unified route, second family.
    await chooseFamily(page, 'Unified · second family')
    await form.getByRole('textbox', { name: 'Prompt' }).fill('rain on a tin roof')
    await form.getByRole('combobox', { name: 'Orientation' }).selectOption('landscape')
    await form.getByRole('checkbox', { name: 'High-definition enhancement' }).check()
    await submit(page)

    // Video-object route, JSON family.
    await chooseFamily(page, 'Video object · JSON')
    await form.getByRole('textbox', { name: 'Prompt' }).fill('a heron takes off')
    await form.getByRole('combobox', { name: 'Seconds' }).selectOption('5')
    await submit(page)

    // Video-object route, multipart family with a forced length and a file reference.
    await chooseFamily(page, 'Video object · multipart')
    await form.getByRole('combobox', { name: 'Model' }).fill('gk-video-3-pro')
    await expect(page.getByTestId('videosMultipart-forced')).toHaveText(
      '10 s, fixed by the gateway for gk-video-3-pro.'
    )
    await form.getByRole('textbox', { name: 'Prompt' }).fill('waves against a pier')
    await page
      .getByTestId('videosMultipart-refs-file-input')
      .setInputFiles({ name: 'pier.png', mimeType: 'image/png', buffer: await png(512, 512) })
    await expect(page.getByTestId('videosMultipart-refs').getByText('File pier.png', { exact: true })).toBeVisible()
    await submit(page)

    const prompts = ['a lantern drifting at night', 'rain on a tin roof', 'a heron takes off', 'waves against a pier']
    for (const prompt of prompts) {
      const c = await waitForState(page, prompt, 'Succeeded')
      await expectPlays(c)
    }
    await expect((await reveal(page, 'a heron takes off')).getByTestId('task-model')).toContainText('Kl-3.0-Omni')
    expect(videoCreates(studio).map((c) => c.path)).toEqual([
      '/v1/video/create',
      '/v1/video/create',
      '/v1/videos',
      '/v1/videos'
    ])
    await expect.poll(() => mp4sOnDisk(studio.dataDir).length, { timeout: 30_000 }).toBeGreaterThanOrEqual(4)
  })

  test('remixes on both routes, with lineage on the board', async ({ studio }) => {
    test.setTimeout(180_000)
    const page = await openVideo(studio)
    await chooseFamily(page, 'Video object · multipart')
    await createForm(page).getByRole('textbox', { name: 'Prompt' }).fill('a paper boat on a river')
    await submit(page)
    const source = await waitForState(page, 'a paper boat on a river', 'Succeeded')

    await source.getByRole('button', { name: 'Remix', exact: true }).click()
    let dialog = page.getByRole('dialog', { name: /^Remix/ })
    await dialog.getByRole('textbox', { name: 'How to rewrite or continue the video' }).fill('the boat reaches the sea')
    await dialog.getByRole('combobox', { name: 'Aspect ratio' }).selectOption('3:2')
    await dialog.getByRole('button', { name: 'Remix', exact: true }).click()
    const first = await waitForState(page, 'the boat reaches the sea', 'Succeeded')
    await expect(first.getByTestId('lineage')).toHaveText('Remix of “a paper boat on a river”')
    await expectPlays(first)

    await (await reveal(page, 'a paper boat on a river')).getByRole('button', { name: 'Remix', exact: true }).click()
    dialog = page.getByRole('dialog', { name: /^Remix/ })
    await dialog.getByRole('combobox', { name: 'Route' }).selectOption('unified')
    await dialog.getByRole('textbox', { name: 'How to rewrite or continue the video' }).fill('the boat sinks slowly')
    await dialog.getByRole('button', { name: 'Remix', exact: true }).click()
    const second = await waitForState(page, 'the boat sinks slowly', 'Succeeded')
    await expect(second.getByTestId('lineage')).toHaveText('Remix of “a paper boat on a river”')
    await expect(await reveal(page, 'a paper boat on a river')).toContainText('2 remixes')

    const remixPosts = studio.gateway.log().filter((r) => r.method === 'POST' && /remix$/.test(r.path))
    expect(remixPosts.map((r) => r.path.replace(/\/v1\/videos\/[^/]+\/remix/, '/v1/videos/{id}/remix'))).toEqual([
      '/v1/videos/{id}/remix',
      '/v1/video/remix'
    ])
  })

  test('imports an asset, follows it to Active and uses it as asset://id', async ({ studio }) => {
    test.setTimeout(120_000)
    const page = await openVideo(studio)
    const row = await importAsset(page, { group: 'Heroes', url: 'https://assets.example.com/hero.png', name: 'hero' })
    await row.getByRole('button', { name: 'Use hero in the form' }).click()
    const form = createForm(page)
    await expect(form.getByText('Asset hero', { exact: true })).toBeVisible()
    await form.getByRole('textbox', { name: 'Prompt' }).fill('the hero waves')
    await submit(page)
    await waitForState(page, 'the hero waves', 'Succeeded')
    expect(studio.gateway.log().some((r) => r.path.endsWith('/CreateAsset') && r.status === 200)).toBe(true)
  })

  test('shows a failure with its code', async ({ studio }) => {
    const page = await openVideo(studio)
    await chooseFamily(page, 'Video object · JSON')
    await createForm(page).getByRole('textbox', { name: 'Prompt' }).fill('sandbox:fail a storm')
    await submit(page)
    const c = await waitForState(page, 'sandbox:fail a storm', 'Failed')
    await expect(c.getByTestId('task-error')).toContainText('Code ')
    await page.getByRole('search', { name: 'Board filters' }).getByRole('button', { name: 'Filters' }).click()
    await page.getByRole('combobox', { name: 'Status' }).selectOption('failed')
    await expect(board(page).getByRole('gridcell')).toHaveCount(1)
  })

  test('a task running when the host stops completes after a restart, sent once', async ({ studio }) => {
    test.setTimeout(120_000)
    let page = await openVideo(studio)
    await chooseFamily(page, 'Video object · multipart')
    await createForm(page).getByRole('textbox', { name: 'Prompt' }).fill('a slow sunrise')
    await submit(page)
    const c = card(page, 'a slow sunrise')
    await expect(c.getByTestId('task-state')).toHaveText(/Queued|Running|Submitting/)
    await expect.poll(() => videoCreates(studio).length).toBe(1)
    await studio.stop()
    page = await openVideo(studio)
    await waitForState(page, 'a slow sunrise', 'Succeeded')
    await expectPlays(await reveal(page, 'a slow sunrise'))
    expect(videoCreates(studio)).toHaveLength(1)
    await expect.poll(() => mp4sOnDisk(studio.dataDir).length).toBeGreaterThanOrEqual(1)
  })

  test('refuses bad input before any request', async ({ studio }) => {
    const page = await openVideo(studio)
    const form = createForm(page)
    const prompt = form.getByRole('textbox', { name: 'Prompt' })
    await prompt.fill('x'.repeat(2001))
    await form.getByRole('textbox', { name: 'Duration (seconds)' }).fill('11')
    await form.getByText('Advanced').click()
    await form.getByRole('textbox', { name: 'Payload (pass-through)' }).fill('p'.repeat(1_048_577))
    await submit(page)
    await expect(form.getByText('The prompt is 2,001 characters; at most 2,000.')).toBeVisible()
    await expect(form.getByText('A whole number of seconds from 1 to 10.')).toBeVisible()
    await expect(form.getByText('The payload is 1,048,577 characters; at most 1,048,576.')).toBeVisible()
    await expect(prompt).toBeFocused()

    // Files: 60 MB and 5:1 are refused before they reach the gateway; a third image cannot be added.
    const refs = page.getByTestId('unifiedFirst-refs')
    const huge = test.info().outputPath('huge.png')
    writeFileSync(huge, Buffer.alloc(60 * 1024 * 1024))
    await page.getByTestId('unifiedFirst-refs-file-input').setInputFiles(huge)
    await expect(refs.getByText('“huge.png” is 60 MB; video references accept files up to 50 MB.')).toBeVisible()
    await page
      .getByTestId('unifiedFirst-refs-file-input')
      .setInputFiles({ name: 'wide.png', mimeType: 'image/png', buffer: await png(1000, 200) })
    await expect(refs.getByRole('alert')).toContainText('wide.png')
    await refs.getByRole('button', { name: 'Add URL' }).click()
    await refs.getByRole('button', { name: 'Add URL' }).click()
    await expect(refs.getByRole('button', { name: 'Add URL' })).toBeDisabled()

    // The second family refuses high-definition enhancement in portrait.
    await chooseFamily(page, 'Unified · second family')
    await form.getByRole('textbox', { name: 'Prompt' }).fill('portrait rain')
    await form.getByRole('checkbox', { name: 'High-definition enhancement' }).check()
    await submit(page)
    await expect(form.getByText('High-definition enhancement is for landscape only.')).toBeVisible()

    expect(videoCreates(studio)).toEqual([])
    expect(studio.gateway.log().filter((r) => r.method === 'POST' && r.key === studio.canary)).toEqual([])
  })
})
