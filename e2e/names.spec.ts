import { readFileSync } from 'node:fs'
import type { Page } from '@playwright/test'
import sharp from 'sharp'
import { ALT_NAMING, STANDIN_NAMING, modelNames, namesPlaying } from '../src/sandbox/index'
import { nameOf, type BodyFamily } from '../src/sandbox/naming'
import { expect, test, type StudioFixture } from './fixtures'
import { ChatPage } from './support/chat-page'
import { waitForDone } from './support/images-page'
import {
  addActiveProfile,
  assignDiscovered,
  discover,
  familyBox,
  openNames,
  openSettings,
  type FamilyKey
} from './support/names-dialog'
import { chooseFamily, createForm, importAsset, reveal, submit, waitForState } from './support/video-page'

/**
 * A new user's gateway whose names are not the spec's (the sandbox's second naming, where every
 * stand-in is unknown): the profile and its names are set up through Settings only, then every
 * area is used with them. The gateway refuses any stand-in it is sent, and its request log is
 * checked for stand-in paths, headers and model names at the end.
 */

test.use({ gatewayNaming: 'alt' })

const PROFILE = 'Own gateway'
const SIDE = 1024
const alt = (f: BodyFamily) => ALT_NAMING.models[f].map(nameOf)
/** The one name of a part, e.g. the model that plays gk-video-3-pro on this gateway. */
const playing = (standin: string) => {
  const [name] = namesPlaying(ALT_NAMING, standin)
  if (!name) throw new Error(`no alt model plays ${standin}`)
  return name
}
const FIXED_10S = playing('gk-video-3-pro')
const UNIFIED1 = playing('vidq2-pro')
/** Discovered and assigned with one action; every other family is typed. */
const ASSIGNED = { model: alt('imageGen2')[0], family: 'image2' as const }

const TYPED: Record<Exclude<FamilyKey, 'image2'>, string[]> = {
  chat: alt('chat'),
  imagegen: alt('imageGen1'),
  native: [ALT_NAMING.nativeModel],
  editNative: alt('imageGen1'),
  editForm: alt('imageEdit'),
  vidq: [UNIFIED1, ...alt('videoUnified1').filter((m) => m !== UNIFIED1)],
  unified2: alt('videoUnified2'),
  kl: alt('videoJson'),
  gk: alt('videoMultipart')
}

const png = (side: number) =>
  sharp({ create: { width: side, height: side, channels: 3, background: { r: 90, g: 120, b: 60 } } })
    .png()
    .toBuffer()

async function configureNames(page: Page): Promise<void> {
  const dialog = await openNames(page, PROFILE)
  // A new profile starts from the spec's names; this gateway's second image family has one model, found by discovery.
  await familyBox(dialog, 'image2').fill('')
  await discover(dialog)
  const row = dialog.getByRole('listitem').filter({ has: page.getByText(ASSIGNED.model, { exact: true }) })
  await expect(row).toContainText('Not assigned')
  await assignDiscovered(dialog, ASSIGNED.model, ASSIGNED.family)
  await expect(row).toContainText('In: Images · reference images and quality (second family)')
  await expect(familyBox(dialog, 'image2')).toHaveValue(ASSIGNED.model)

  for (const [family, list] of Object.entries(TYPED)) await familyBox(dialog, family as FamilyKey).fill(list.join('\n'))
  await dialog.getByRole('textbox', { name: 'Native image task path', exact: true }).fill(ALT_NAMING.nativePath)
  await dialog.getByRole('textbox', { name: 'req_key', exact: true }).fill(ALT_NAMING.nativeReqKey)
  await dialog.getByRole('textbox', { name: 'Asset route prefix', exact: true }).fill(ALT_NAMING.assetPrefix)
  await dialog
    .getByRole('textbox', { name: 'Messages format version header', exact: true })
    .fill(ALT_NAMING.versionHeader)

  await dialog.getByRole('button', { name: 'Add a model rule' }).click()
  await dialog
    .getByRole('group', { name: 'new rule', exact: true })
    .getByRole('combobox', { name: 'Model' })
    .fill(FIXED_10S)
  await dialog
    .getByRole('group', { name: FIXED_10S, exact: true })
    .getByRole('textbox', { name: 'Fixed length (s)' })
    .fill('10')
  await dialog.getByRole('button', { name: 'Save names' }).click()
  await expect(dialog).toBeHidden()
  await expect(page.getByText(`Saved the names of ${PROFILE}.`)).toBeVisible()
}

/** Export, a broken file refused at its fields, then the exported file imported on the same dialog. */
async function exportAndImport(page: Page): Promise<void> {
  const dialog = await openNames(page, PROFILE)
  const downloading = page.waitForEvent('download')
  await dialog.getByRole('button', { name: 'Export…' }).click()
  const download = await downloading
  expect(download.suggestedFilename()).toBe('Own-gateway.names.json')
  const exported = readFileSync((await download.path())!, 'utf8')
  const file = JSON.parse(exported) as {
    models: Record<string, string[]>
    rules: Record<string, { forcedSeconds?: number }>
    nativeImage: { path: string }
  }
  expect(file.models.image2).toEqual([ASSIGNED.model])
  expect(file.models.gk).toEqual(alt('videoMultipart'))
  expect(file.rules[FIXED_10S]).toEqual({ forcedSeconds: 10 })
  expect(file.nativeImage.path).toBe(ALT_NAMING.nativePath)

  const importFile = async (name: string, text: string) => {
    const choosing = page.waitForEvent('filechooser')
    await dialog.getByRole('button', { name: 'Import…' }).click()
    await (await choosing).setFiles({ name, mimeType: 'application/json', buffer: Buffer.from(text) })
  }
  const broken = JSON.stringify({ ...file, assetPrefix: 'media-assets', models: { ...file.models, kl: ['two words'] } })
  await importFile('broken.names.json', broken)
  const alert = dialog.getByRole('alert').filter({ hasText: 'The file was not imported' })
  await expect(alert).toContainText('assetPrefix A path starts with /')
  await expect(alert).toContainText('models.kl.0 A model name has no spaces or control characters')
  const prefix = dialog.getByRole('textbox', { name: 'Asset route prefix', exact: true })
  await expect(prefix).toHaveAttribute('aria-invalid', 'true')
  // Nothing of the broken file reached the editor.
  await expect(prefix).toHaveValue(ALT_NAMING.assetPrefix)

  // The good file replaces what the editor holds (here, an emptied family).
  await familyBox(dialog, 'kl').fill('')
  await importFile('Own-gateway.names.json', exported)
  await expect(dialog.getByRole('status').filter({ hasText: 'Imported “Own-gateway.names.json”.' })).toBeVisible()
  await expect(alert).toHaveCount(0)
  await expect(familyBox(dialog, 'kl')).toHaveValue(alt('videoJson').join('\n'))
  await expect(prefix).not.toHaveAttribute('aria-invalid', 'true')
  await dialog.getByRole('button', { name: 'Cancel' }).click()
  await expect(dialog).toBeHidden()
}

async function useImages(page: Page, studio: StudioFixture): Promise<void> {
  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Images' }).click()
  const form = page.getByRole('form', { name: 'Generate' })
  const model = form.getByRole('combobox', { name: 'Model' })
  // The form starts on the profile's first name of the family; another is typed.
  await expect(model).toHaveValue(TYPED.imagegen[0])
  await model.fill(TYPED.imagegen[1])
  await form.getByRole('textbox', { name: 'Prompt' }).fill('a red kite over a grey sea')
  await form.getByRole('textbox', { name: 'Size', exact: true }).fill('1024*1024')
  await form.getByRole('button', { name: 'Generate' }).click()
  await expect((await waitForDone(page, 'Generate')).getByText('1024x1024 as asked')).toBeVisible()

  await form.getByRole('radio', { name: 'Reference images and quality' }).check()
  await expect(model).toHaveValue(ASSIGNED.model)
  await form.getByRole('textbox', { name: 'Prompt' }).fill('a lighthouse, wide')
  await form.getByRole('combobox', { name: 'Ratio' }).selectOption('16:9')
  await form.getByRole('button', { name: 'Generate' }).click()
  await expect(page.getByRole('article').first().getByTestId('job-status')).toHaveText('Done', { timeout: 30_000 })
  await expect(page.getByRole('article').first()).toContainText('1920x1080 as asked')

  await page.getByRole('tab', { name: 'Native task' }).click()
  const native = page.getByRole('form', { name: 'Native task' })
  await expect(native.getByRole('combobox', { name: 'Model' })).toHaveValue(ALT_NAMING.nativeModel)
  await native.getByRole('textbox', { name: 'Prompt' }).fill('a harbour at dawn')
  await native.getByRole('combobox', { name: 'Width × height' }).selectOption({ label: '2048×2048 (1:1, 2k)' })
  await native.getByRole('button', { name: 'Submit task' }).click()
  await expect(await waitForDone(page, 'Native task')).toContainText('2048x2048')
  const nativeCalls = studio.gateway.log().filter((r) => r.path === ALT_NAMING.nativePath)
  expect(nativeCalls.map((r) => r.query.Action)).toContain('CVSync2AsyncSubmitTask')
  expect(nativeCalls.every((r) => r.status === 200)).toBe(true)

  await paintAndEdit(page, studio)
  const grid = page.getByRole('grid', { name: 'Gallery' })
  for (const prompt of [
    'a red kite over a grey sea',
    'a lighthouse, wide',
    'a harbour at dawn',
    'a bright blue stripe'
  ]) {
    await expect(grid.getByRole('gridcell', { name: prompt })).toBeVisible()
  }
}

/** A stroke painted on a 1024² source; the gateway repaints only where the mask is transparent. */
async function paintAndEdit(page: Page, studio: StudioFixture): Promise<void> {
  await page.getByRole('button', { name: 'Edit an image…' }).click()
  await page
    .getByTestId('editor-file-input')
    .setInputFiles({ name: 'field.png', mimeType: 'image/png', buffer: await png(SIDE) })
  const painter = page.getByRole('region', { name: 'Mask painter' })
  await expect(painter).toBeVisible({ timeout: 20_000 })
  await painter.getByRole('slider', { name: 'Hardness' }).fill('100')
  const stage = painter.getByRole('application', { name: 'Mask canvas' })
  // The stage starts near the fold of a 720 px window; the mouse only reaches what is inside it.
  await stage.scrollIntoViewIfNeeded()
  const box = (await stage.boundingBox())!
  const cx = box.x + box.width / 2
  const cy = box.y + box.height / 2
  await page.mouse.move(cx - 80, cy)
  await page.mouse.down()
  await page.mouse.move(cx + 80, cy, { steps: 16 })
  await page.mouse.up()
  await expect(painter.getByRole('button', { name: 'Undo' })).toBeEnabled()

  const form = page.getByRole('form', { name: 'Edit settings' })
  await expect(form.getByRole('combobox', { name: 'Edit model' })).toHaveValue(TYPED.editNative[0])
  await form.getByRole('textbox', { name: 'Prompt' }).fill('a bright blue stripe')
  await page.getByRole('button', { name: 'Apply edit' }).click()
  const result = page.getByRole('region', { name: 'Result' })
  await expect(result.getByTestId('job-status')).toHaveText('Done', { timeout: 60_000 })
  await expect(result.getByTestId('outside-mask-warning')).toHaveCount(0)
  const edits = studio.gateway.log().filter((r) => r.method === 'POST' && r.path === '/v1/images/edits')
  expect(edits.map((r) => r.status)).toEqual([200])
  expect(edits[0].headers['content-type']).toMatch(/^multipart\/form-data/)

  // The sandbox refuses a mask of another size; the studio's record shows the result changed only inside the mask.
  const listed = await page.evaluate(() =>
    (
      window as unknown as { studio: { images: { listGallery(i: unknown): Promise<unknown> } } }
    ).studio.images.listGallery({ filter: { origin: 'edit' } })
  )
  const item = (listed as { value: { items: { width: number; height: number; outsideMaskChange?: number }[] } }).value
    .items[0]
  expect([item.width, item.height]).toEqual([SIDE, SIDE])
  expect(item.outsideMaskChange).toBeLessThan(0.001)
  await page.getByRole('button', { name: 'Back to gallery' }).click()
}

async function useVideo(page: Page, studio: StudioFixture): Promise<void> {
  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Video' }).click()
  await expect(page.getByRole('tab', { name: 'Create' })).toBeVisible({ timeout: 20_000 })
  const form = createForm(page)
  const model = form.getByRole('combobox', { name: 'Model' })
  const creates: [string, string, string][] = [
    ['Unified · first family', TYPED.vidq[0], 'a lantern drifting at night'],
    ['Unified · second family', TYPED.unified2[0], 'rain on a tin roof'],
    ['Video object · JSON', TYPED.kl[0], 'a heron takes off']
  ]
  for (const [family, first, prompt] of creates) {
    await chooseFamily(page, family)
    await expect(model).toHaveValue(first)
    await form.getByRole('textbox', { name: 'Prompt' }).fill(prompt)
    await submit(page)
  }
  await chooseFamily(page, 'Video object · multipart')
  await model.fill(FIXED_10S)
  // The model rule typed in the names editor: the length is the gateway's, not the user's.
  await expect(page.getByTestId('videosMultipart-forced')).toHaveText(`10 s, fixed by the gateway for ${FIXED_10S}.`)
  await form.getByRole('textbox', { name: 'Prompt' }).fill('waves against a pier')
  await submit(page)

  for (const prompt of [
    'a lantern drifting at night',
    'rain on a tin roof',
    'a heron takes off',
    'waves against a pier'
  ])
    await waitForState(page, prompt, 'Succeeded')
  await expect((await reveal(page, 'waves against a pier')).getByTestId('task-model')).toContainText(FIXED_10S)

  await (await reveal(page, 'waves against a pier')).getByRole('button', { name: 'Remix', exact: true }).click()
  const dialog = page.getByRole('dialog', { name: /^Remix/ })
  await expect(dialog.getByRole('combobox', { name: 'Model' })).toHaveValue(FIXED_10S)
  await dialog.getByRole('textbox', { name: 'How to rewrite or continue the video' }).fill('the pier at night')
  await dialog.getByRole('button', { name: 'Remix', exact: true }).click()
  const remix = await waitForState(page, 'the pier at night', 'Succeeded')
  await expect(remix.getByTestId('lineage')).toHaveText('Remix of “waves against a pier”')

  await importAsset(page, { group: 'Heroes', url: 'https://assets.example.com/hero.png', name: 'hero' })
  expect(studio.gateway.log().some((r) => r.path === `${ALT_NAMING.assetPrefix}CreateAsset` && r.status === 200)).toBe(
    true
  )
}

async function useChat(page: Page, studio: StudioFixture): Promise<void> {
  const chat = new ChatPage(page)
  await chat.open()
  await chat.newConversation('Messages', playing('claude-sonnet-4-5'))
  await chat.send('Say hello in one line.')
  await chat.waitForAnswer('complete')
  const messages = studio.gateway.log().filter((r) => r.method === 'POST' && r.path === '/v1/messages')
  expect(messages.map((r) => [r.status, r.headers[ALT_NAMING.versionHeader]])).toEqual([[200, '2023-06-01']])
}

test.describe('a gateway with its own names, set up in Settings', () => {
  test('profile, discovery, names file, then images, video and chat with the gateway’s names only', async ({
    studio
  }) => {
    test.setTimeout(300_000)
    const page = await studio.launch()
    await test.step('profile and names, in Settings', async () => {
      await addActiveProfile(page, { name: PROFILE, url: studio.gateway.url, key: studio.canary })
      await configureNames(page)
    })
    await test.step('names file: export, a broken import, the import', () => exportAndImport(page))
    await test.step('images', () => useImages(page, studio))
    await test.step('video', () => useVideo(page, studio))
    await test.step('chat', () => useChat(page, studio))
    await openSettings(page)

    // Nothing the spec writes as a stand-in went to this gateway: routes, headers and model names.
    const sent = studio.gateway.log().filter((r) => r.origin === 'gateway')
    expect(sent.length).toBeGreaterThan(20)
    const standinModels = modelNames(STANDIN_NAMING)
    for (const r of sent) {
      const where = `${r.method} ${r.path}?${new URLSearchParams(r.query).toString()}`
      expect(r.path, where).not.toBe(STANDIN_NAMING.nativePath)
      expect(r.path.startsWith(STANDIN_NAMING.assetPrefix), where).toBe(false)
      expect(Object.keys(r.headers), where).not.toContain(STANDIN_NAMING.versionHeader)
      for (const m of standinModels) expect(decodeURIComponent(where).includes(m), `${where} names ${m}`).toBe(false)
      // This gateway refuses a stand-in name or path (4xx): every call it got was one it knew.
      expect(r.status, where).toBeLessThan(400)
    }
    expect(sent.some((r) => r.path.startsWith(ALT_NAMING.assetPrefix))).toBe(true)
  })
})
