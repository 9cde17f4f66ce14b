import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Page } from '@playwright/test'
import { expect, test, type StudioFixture } from './fixtures'
import { ChatPage } from './support/chat-page'
import { generate, imageCreates, jobCard, openImages } from './support/images-page'
import { launchBrowserHost } from './support/launch'

/**
 * Fault scenarios where the page must show the outcome (F1–F30, docs/GLOSSARY.md), end to end: the
 * built studio against the test's own sandbox, faults set on the canary key. The unit suites
 * (src/main/core/faults/*.test.ts) cover every scenario at the host; these prove the user sees it.
 */

/**
 * "Never re-sent", without sleeping: a second create is sent and finished after the first one
 * ended, and the gateway's log then holds exactly the two, the first one once.
 */
async function expectSentOnce(page: Page, studio: StudioFixture): Promise<void> {
  await generate(page, 'a later picture')
  await expect(jobCard(page, 'a later picture')).toHaveAttribute('data-status', 'done', { timeout: 30_000 })
  expect(imageCreates(studio)).toHaveLength(2)
}

/** A general chat sends `message` while the gateway plays `fault` on the canary key; answers the reply once it is `status`. */
async function chatUnder(studio: StudioFixture, fault: string, message: string, status: 'incomplete' | 'error') {
  const page = await studio.launch({ STUDIO_GATEWAY_URL: studio.gateway.url, STUDIO_API_KEY: studio.canary })
  const chat = new ChatPage(page)
  await chat.open()
  studio.gateway.setFaults(studio.canary, [fault])
  await chat.newConversation('General chat', 'gpt-4o-mini')
  await chat.send(message)
  return chat.waitForAnswer(status)
}

test.describe('fault scenarios the page must show', () => {
  test('F2 a create dropped after it was sent shows "outcome unknown, may have been charged" and is never re-sent', async ({
    studio
  }) => {
    const page = await openImages(studio)
    studio.gateway.setFaults(studio.canary, ['drop@image.generate*1'])
    await generate(page, 'a kite over the sea')
    const card = jobCard(page, 'a kite over the sea')
    await expect(card).toHaveAttribute('data-status', 'outcome-unknown', { timeout: 30_000 })
    await expect(card.getByRole('note')).toBeVisible()
    await expect(card).toContainText(/may have been accepted and charged/)
    await expectSentOnce(page, studio)
  })

  test('F14 the studio stops while a create is in flight: after the restart the job shows outcome unknown, nothing re-sent', async ({
    studio
  }) => {
    const page = await openImages(studio)
    studio.gateway.setFaults(studio.canary, ['hang@image.generate*1'])
    await generate(page, 'a harbour at night')
    await expect(jobCard(page, 'a harbour at night')).toHaveAttribute('data-status', 'running')
    await expect.poll(() => imageCreates(studio).length).toBe(1)
    await studio.stop()
    const again = await openImages(studio)
    const card = jobCard(again, 'a harbour at night')
    await expect(card).toHaveAttribute('data-status', 'outcome-unknown', { timeout: 15_000 })
    await expect(card).toContainText(/closed while this request was being sent/)
    await expectSentOnce(again, studio)
  })

  test('F20 a result with the wrong bytes is retried, then the job fails with the reason; nothing is added to the gallery', async ({
    studio
  }) => {
    const page = await openImages(studio)
    studio.gateway.setFaults(studio.canary, ['result:wrong-bytes'])
    await generate(page, 'a lighthouse')
    const card = jobCard(page, 'a lighthouse')
    await expect(card).toHaveAttribute('data-status', 'failed', { timeout: 30_000 })
    await expect(card).toContainText(/not a PNG, JPEG or WebP image/)
    expect(studio.gateway.log().filter((r) => r.origin === 'cdn')).toHaveLength(3)
    await expect(page.getByRole('grid', { name: 'Gallery' }).getByRole('gridcell')).toHaveCount(0)
  })

  test('F7 a reset mid-answer marks the answer incomplete and keeps its text', async ({ studio }) => {
    const answer = await chatUnder(studio, 'reset@text.chat*1', 'Tell me about harbours', 'incomplete')
    await expect(answer).toContainText('Incomplete')
    expect(((await answer.textContent()) ?? '').length).toBeGreaterThan(10)
    expect(studio.gateway.log().filter((r) => r.route === 'text.chat')).toHaveLength(1)
  })

  test('F22 a redirect to another origin is refused with a precise error; the other origin sees nothing', async ({
    studio
  }) => {
    const answer = await chatUnder(studio, 'redirect@text.chat*1', 'Hello', 'error')
    await expect(answer).toContainText(/redirect/i)
    expect(studio.gateway.log().filter((r) => r.origin === 'cdn')).toHaveLength(0)
  })

  test('F25 a journal damaged on disk: the studio starts, the jobs come back from the last good copy, the user is told', async ({
    studio
  }) => {
    const page = await openImages(studio)
    await generate(page, 'first picture')
    await expect(jobCard(page, 'first picture')).toHaveAttribute('data-status', 'done', { timeout: 30_000 })
    // The journal lives in the library database; its last good copy is the backup the user made.
    await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Settings' }).click()
    await page.getByRole('button', { name: 'Back up library' }).click()
    await expect(page.getByText(/^Backed up \(/)).toBeVisible()
    await studio.stop()
    const journal = join(studio.dataDir, 'library.db')
    const bytes = readFileSync(journal)
    writeFileSync(
      journal,
      Buffer.concat([Buffer.alloc(4096, 0xa5), bytes.subarray(4096, Math.floor(bytes.length / 2))])
    )
    const again = await openImages(studio)
    await expect(jobCard(again, 'first picture')).toHaveAttribute('data-status', 'done')
    // The user is told: the shell's banner, served by app:get-notices, until dismissed.
    const banner = again.getByTestId('store-notices')
    await expect(banner).toContainText('The studio repaired saved data at start')
    await expect(banner).toContainText(/library database was damaged .*the backup of .* was restored/)
    await banner.getByRole('button', { name: 'Dismiss' }).click()
    await expect(banner).toBeHidden()
    const log = readFileSync(join(studio.dataDir, 'logs', 'host.log'), 'utf8')
    expect(log).toMatch(/library database was damaged .*the backup of .* was restored/)
  })

  test('F26 a second studio on the same data folder exits with a clear message; the first keeps serving', async ({
    studio
  }) => {
    const page = await studio.launch()
    await expect(launchBrowserHost({}, studio.dataDir)).rejects.toThrow(
      /Another studio is already running with this data folder/
    )
    await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Settings' }).click()
    await expect(page.getByRole('button', { name: 'Add profile' })).toBeVisible()
  })
})
