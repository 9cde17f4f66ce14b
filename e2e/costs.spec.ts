import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Locator, Page } from '@playwright/test'
import { expect, test, type StudioFixture } from './fixtures'
import { openChat } from './support/chat-page'
import { gradientPng, imageCreates, openImages, waitForDone } from './support/images-page'
import { createForm, openVideo, submit as submitVideo, videoCreates } from './support/video-page'

/**
 * Costs before they are paid: every paid form shows its estimate from the studio's own measured
 * costs ("no estimate yet" without history, "about X (range A–B, from N jobs)" after), compare
 * runs per cell and in total, and a finished job's card shows what it cost as measured.
 */

const NONE = 'no estimate yet: no history for this model'
const used = (studio: StudioFixture) => studio.gateway.account(studio.canary)?.used ?? 0
const estimateOf = (scope: Page | Locator) => scope.getByTestId('estimate')

/** Waits until the estimate rests on `jobs` jobs and answers its figure (raw units). */
async function estimateFrom(scope: Page | Locator, jobs: number): Promise<number> {
  const line = estimateOf(scope)
  // The host prices a job from the usage record it takes on its own after the job (no click).
  await expect(line).toContainText(`from ${jobs} job`, { timeout: 30_000 })
  return Number(await line.getAttribute('data-raw'))
}

test.describe('costs before they are paid', () => {
  test('image forms: no estimate without history; after a job, about its measured cost, and the card shows it', async ({
    studio
  }) => {
    test.setTimeout(180_000)
    const page = await openImages(studio)
    const form = page.getByRole('form', { name: 'Generate' })
    await expect(estimateOf(form)).toContainText(NONE)

    // The first family: one job, priced by the usage record after it.
    const before = used(studio)
    await form.getByRole('textbox', { name: 'Prompt' }).fill('a lighthouse, costed')
    await form.getByRole('button', { name: 'Generate' }).click()
    const card = await waitForDone(page, 'Generate')
    const cost = used(studio) - before
    expect(cost).toBeGreaterThan(0)
    expect(await estimateFrom(form, 1)).toBe(cost)
    await expect(estimateOf(form)).toContainText(
      `about ${cost.toLocaleString('en')} (range ${cost.toLocaleString('en')}–${cost.toLocaleString('en')}, from 1 job)`
    )
    await expect(card.getByTestId('job-cost')).toHaveAttribute('data-raw', String(cost))
    await expect(card.getByTestId('job-cost')).toContainText(`Cost: ${cost.toLocaleString('en')}`)

    // Another count is another price: the estimate says it rests on the model's other settings.
    await form.getByRole('textbox', { name: 'Images per run' }).fill('2')
    await expect(estimateOf(form)).toContainText('from 1 job of this model with other settings')

    // The second family's model has no history.
    await page.getByRole('radio', { name: 'Reference images and quality' }).check()
    await expect(estimateOf(form)).toContainText(NONE)

    // The native task: none, then its own measured cost.
    await page.getByRole('tab', { name: 'Native task' }).click()
    const native = page.getByRole('form', { name: 'Native task' })
    await expect(estimateOf(native)).toContainText(NONE)
    const beforeNative = used(studio)
    await native.getByRole('textbox', { name: 'Prompt' }).fill('a harbour at dawn, costed')
    await native.getByRole('button', { name: 'Submit task' }).click()
    await waitForDone(page, 'Native task')
    expect(await estimateFrom(native, 1)).toBe(used(studio) - beforeNative)

    // The edit form, before its first edit.
    await page.getByRole('tab', { name: 'Generate' }).click()
    await page.getByRole('button', { name: 'Edit an image…' }).click()
    await page
      .getByTestId('editor-file-input')
      .setInputFiles({ name: 'small.png', mimeType: 'image/png', buffer: await gradientPng(256) })
    const edit = page.getByRole('form', { name: 'Edit settings' })
    await expect(edit).toBeVisible({ timeout: 20_000 })
    await edit.getByRole('combobox', { name: 'Edit model' }).fill('edit-model-fresh')
    await expect(estimateOf(edit)).toContainText(NONE)
    expect(imageCreates(studio)).toHaveLength(1)
  })

  test('compare runs estimate per cell and in total, from history where there is some', async ({ studio }) => {
    test.setTimeout(120_000)
    const page = await openImages(studio)
    const form = page.getByRole('form', { name: 'Generate' })
    await form.getByRole('textbox', { name: 'Prompt' }).fill('a kite, costed')
    await form.getByRole('button', { name: 'Generate' }).click()
    await waitForDone(page, 'Generate')
    const cost = await estimateFrom(form, 1)
    const model = await form.getByRole('combobox', { name: 'Model' }).inputValue()
    await form.getByRole('button', { name: 'Run on several models…' }).click()
    const other = model === 'imagegen-4.5' ? 'imagegen-4.0' : 'imagegen-4.5'
    for (const m of [model, other])
      await form.getByRole('checkbox', { name: new RegExp(m.replace(/\./g, '\\.')) }).check()
    const rows = form.getByTestId('compare-plan-row')
    await expect(rows).toHaveCount(2)
    await expect(rows.filter({ hasText: model }).getByTestId('compare-estimate')).toContainText(
      `about ${cost.toLocaleString('en')}`
    )
    await expect(rows.filter({ hasText: other }).getByTestId('compare-estimate')).toContainText(NONE)
    await expect(form.getByTestId('compare-total')).toContainText(`about ${cost.toLocaleString('en')}`)
    await expect(form.getByTestId('compare-total')).toContainText('1 without an estimate')
  })

  test('video create: no estimate, then about the measured cost of the accepted task; chat compare per model and in total', async ({
    studio
  }) => {
    test.setTimeout(120_000)
    const page = await openVideo(studio)
    const form = createForm(page)
    await expect(estimateOf(form)).toContainText(NONE)
    const before = used(studio)
    await form.getByRole('textbox', { name: 'Prompt' }).fill('a fox, costed')
    await submitVideo(page)
    await expect.poll(() => videoCreates(studio).length).toBe(1)
    // The gateway charges a video when it accepts it.
    await expect.poll(() => used(studio)).toBeGreaterThan(before)
    expect(await estimateFrom(form, 1)).toBe(used(studio) - before)

    await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Chat' }).click()
    await page.getByRole('button', { name: 'Compare models' }).first().click()
    const compare = page.getByRole('form', { name: 'Compare models' })
    await expect(compare.getByTestId('compare-estimate')).toHaveCount(2)
    await expect(compare.getByTestId('compare-estimate').first()).toContainText(NONE)
    await expect(compare.getByTestId('compare-total')).toContainText('no history for these models')
  })

  test('a daily limit holds a job with its reason until it is let go; the forecast appears once there is enough history', async ({
    studio
  }) => {
    test.setTimeout(180_000)
    // The host's clock moves ahead (instead of the test sitting out the ten minutes a forecast needs).
    const clock = join(studio.dataDir, 'test-clock')
    writeFileSync(clock, '0')
    const page = await studio.launch({
      STUDIO_GATEWAY_URL: studio.gateway.url,
      STUDIO_API_KEY: studio.canary,
      STUDIO_CLOCK_FILE: clock
    })
    const nav = page.getByRole('navigation', { name: 'Main' })
    await nav.getByRole('button', { name: 'Balance' }).click()
    await expect(page.getByTestId('forecast')).toHaveAttribute('data-kind', 'not-enough-history', { timeout: 20_000 })
    await expect(page.getByTestId('forecast')).toContainText('needs at least 10 minutes of history')

    await nav.getByRole('button', { name: 'Images' }).click()
    const form = page.getByRole('form', { name: 'Generate' })
    const generate = async (prompt: string) => {
      await form.getByRole('textbox', { name: 'Prompt' }).fill(prompt)
      await form.getByRole('button', { name: /^(Generate|Send anyway)$/ }).click()
    }
    await generate('a first costed kite')
    await waitForDone(page, 'Generate')
    const cost = await estimateFrom(form, 1)

    // A daily limit below what one more job is expected to cost on top of today's spending.
    await nav.getByRole('button', { name: 'Balance' }).click()
    const settings = page.getByRole('form', { name: 'Display and alerts' })
    await settings.getByRole('radio', { name: 'Raw quota units', exact: true }).check()
    await settings.getByRole('textbox', { name: 'Daily spending limit' }).fill(String(cost + cost / 2))
    await settings.getByRole('button', { name: 'Save' }).click()

    await nav.getByRole('button', { name: 'Images' }).click()
    const creates = imageCreates(studio).length
    await generate('a second costed kite')
    const hold = form.getByTestId('limit-hold')
    await expect(hold).toContainText('Held by your daily spending limit')
    await expect(hold).toContainText(
      `${cost.toLocaleString('en')} spent in the last 24 hours; your daily limit is ${(cost + cost / 2).toLocaleString('en')}`
    )
    await expect(page.getByTestId('limit-hold-toast')).toContainText('The daily limit')
    expect(imageCreates(studio)).toHaveLength(creates)
    // Let it go: the same request is sent once.
    await form.getByRole('button', { name: 'Send anyway' }).click()
    await expect.poll(() => imageCreates(studio).length).toBe(creates + 1)
    await expect(hold).toHaveCount(0)

    // A queued job is held by the limit too, with the reason, until it is released.
    await form.getByRole('textbox', { name: 'Prompt' }).fill('a queued costed kite')
    await form.getByRole('button', { name: 'Add to queue' }).click()
    const item = page.getByTestId('queue').getByTestId('queue-item').filter({ hasText: 'a queued costed kite' })
    await expect(item).toHaveAttribute('data-state', 'held')
    // Worded by the page from the host's figures: the limit, what was spent, the job's estimate.
    // Two jobs spent by now (the first, and the one let go).
    await expect(item).toContainText(
      `held: the daily spending limit: ${(2 * cost).toLocaleString('en')} spent of ${(cost + cost / 2).toLocaleString('en')}.`
    )
    await expect(item).toContainText(`This job is expected to cost about ${cost.toLocaleString('en')}.`)
    expect(imageCreates(studio)).toHaveLength(creates + 1)
    await item.getByRole('button', { name: 'Release' }).click()
    await expect.poll(() => imageCreates(studio).length).toBe(creates + 2)

    // Eleven minutes on, another record: the forecast rests on enough history.
    writeFileSync(clock, String(11 * 60_000))
    await nav.getByRole('button', { name: 'Balance' }).click()
    await page.getByRole('button', { name: 'Check again' }).click()
    await expect(page.getByTestId('forecast')).toHaveAttribute('data-kind', 'forecast', { timeout: 30_000 })
    await expect(page.getByTestId('forecast')).toContainText('At this rate')
  })

  test('chat composer: no estimate without history; after a measured answer, about its cost per token for the next send', async ({
    studio
  }) => {
    test.setTimeout(120_000)
    const chat = await openChat(studio)
    const page = chat.page
    await chat.newConversation('General chat', 'gpt-4o-mini')
    const line = page.getByTestId('chat-estimate')
    const prompt = page.getByRole('textbox', { name: 'Prompt' })
    await prompt.fill('a question about kites')
    await expect(line).toContainText(`${NONE} (~`)
    await expect(line).not.toHaveAttribute('data-known', 'true')
    const before = used(studio)
    await chat.send('a question about kites')
    await chat.waitForAnswer('complete')
    await expect.poll(() => used(studio)).toBeGreaterThan(before)
    // Priced from the usage record the host takes after the answer: the next send's estimate rests on it.
    await prompt.fill('and another one, a little longer than the first')
    await expect(line).toHaveAttribute('data-known', 'true', { timeout: 30_000 })
    await expect(line).toContainText(/about [\d,.]+ for ~\d+ tokens \(range .+, from 1 answer\)/)
    // Never a reason to hold the send back.
    await expect(page.getByRole('button', { name: 'Send', exact: true })).not.toHaveAttribute('aria-disabled', 'true')
  })
})
