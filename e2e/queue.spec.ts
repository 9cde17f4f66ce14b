import type { Locator, Page } from '@playwright/test'
import { expect, test, type StudioFixture } from './fixtures'
import { imageCreates, openImages, waitForDone } from './support/images-page'
import { addActiveProfile } from './support/names-dialog'
import { editResultOf } from './support/versions'

/**
 * The local queue in front of the gateway, read from the sandbox's own request log: 20 image jobs
 * under a cap of 2 (never more than 2 creates in flight), pause and resume, a reorder the log follows,
 * and a restart with 10 waiting and 2 running (order kept, no create sent twice).
 *
 * Each job's prompt has its own length, so the log (which keeps body sizes, not bodies) tells the
 * jobs apart: the body of job i is i bytes longer than the body of job 0.
 */

const N = 20
const prompt = (i: number) => `job-${'x'.repeat(i)}`

interface Create {
  bytes: number
  start: number
  end: number
}

const creates = (studio: StudioFixture): Create[] =>
  imageCreates(studio)
    .map((r) => r as typeof r & { receivedAt?: number; endedAt?: number; bodyBytes: number })
    .map((r) => ({ bytes: r.bodyBytes, start: r.receivedAt ?? 0, end: r.endedAt ?? Number.POSITIVE_INFINITY }))
    .sort((a, b) => a.start - b.start)

/** The most creates the gateway had open at once. */
function maxInFlight(list: readonly Create[]): number {
  let most = 0
  for (const c of list) most = Math.max(most, list.filter((o) => o.start <= c.start && o.end > c.start).length)
  return most
}

const queueOf = (page: Page) => page.getByTestId('queue')
const itemOf = (page: Page, i: number): Locator =>
  queueOf(page).getByRole('listitem', { name: new RegExp(`^${prompt(i)} — `) })
const waitingCount = (page: Page) => queueOf(page).locator('[data-testid="queue-item"][data-state="waiting"]').count()
const busyCount = (page: Page) =>
  queueOf(page)
    .locator('[data-testid="queue-item"][data-state="running"], [data-testid="queue-item"][data-state="sending"]')
    .count()

test.describe('the local queue', () => {
  test('20 image jobs under a cap of 2: pause, resume, reorder, and a restart in the middle', async ({ studio }) => {
    test.setTimeout(300_000)
    // Each create takes a while at the gateway, so creates overlap whenever the studio lets them.
    studio.gateway.setFaults(studio.canary, ['slow-first-byte=700@image.generate'])
    let page = await openImages(studio)
    const queue = queueOf(page)
    await queue.getByRole('button', { name: 'How many run at once' }).click()
    await queue.getByRole('textbox', { name: 'Creates in flight at most' }).fill('2')
    await queue.getByRole('button', { name: 'Set' }).click()
    await queue.getByRole('button', { name: 'Pause queue' }).click()
    await expect(queue.getByTestId('queue-summary')).toContainText('Paused')

    const form = page.getByRole('form', { name: 'Generate' })
    for (let i = 1; i <= N; i++) {
      await form.getByRole('textbox', { name: 'Prompt' }).fill(prompt(i))
      await form.getByRole('button', { name: 'Add to queue' }).click()
      await expect(itemOf(page, i)).toContainText(
        `waiting, ${i}${i % 10 === 1 && i !== 11 ? 'st' : i % 10 === 2 && i !== 12 ? 'nd' : i % 10 === 3 && i !== 13 ? 'rd' : 'th'}`
      )
    }
    expect(imageCreates(studio)).toHaveLength(0)

    // Reorder by keys: job 5 up four places, to the front.
    const five = itemOf(page, 5)
    await five.focus()
    for (const place of ['4th', '3rd', '2nd', '1st']) {
      await five.press('Alt+ArrowUp')
      await expect(five).toContainText(`waiting, ${place}`)
      await expect(five).toBeFocused()
    }
    // And by drag: job 20 onto the first place.
    const data = await page.evaluateHandle(() => new DataTransfer())
    await itemOf(page, 20).dispatchEvent('dragstart', { dataTransfer: data })
    await itemOf(page, 5).dispatchEvent('dragover', { dataTransfer: data })
    await itemOf(page, 5).dispatchEvent('drop', { dataTransfer: data })
    await expect(itemOf(page, 20)).toContainText('waiting, 1st')
    await expect(itemOf(page, 5)).toContainText('waiting, 2nd')
    const order = [20, 5, 1, 2, 3, 4, ...Array.from({ length: 14 }, (_, k) => k + 6)]

    // Resume; after a few, pause: what was accepted finishes, nothing new leaves.
    await queue.getByRole('button', { name: 'Resume queue' }).click()
    await expect.poll(() => imageCreates(studio).length, { timeout: 60_000 }).toBeGreaterThanOrEqual(4)
    await queue.getByRole('button', { name: 'Pause queue' }).click()
    await expect.poll(() => busyCount(page), { timeout: 60_000 }).toBe(0)
    const atPause = imageCreates(studio).length
    expect(atPause).toBe(N - (await waitingCount(page)))
    expect(atPause).toBeLessThan(N)

    // Resume until 10 wait, then stop the studio with 2 in flight.
    await queue.getByRole('button', { name: 'Resume queue' }).click()
    await expect.poll(() => waitingCount(page), { timeout: 60_000 }).toBeLessThanOrEqual(10)
    await expect.poll(() => busyCount(page)).toBe(2)
    const beforeStop = imageCreates(studio).length
    await studio.stop()
    expect(beforeStop).toBeGreaterThanOrEqual(10)

    // Started again on the same data: the rest go out in their order, none twice.
    page = await openImages(studio)
    await expect.poll(() => imageCreates(studio).length, { timeout: 120_000 }).toBe(N)
    await expect(queueOf(page).getByTestId('queue-item')).toHaveCount(0, { timeout: 60_000 })
    const sent = creates(studio)
    expect(sent).toHaveLength(N)
    // One create per job (each body size once), in the queue's order.
    const base = sent.reduce((m, c) => Math.min(m, c.bytes), Number.POSITIVE_INFINITY) - 1
    expect(sent.map((c) => c.bytes - base)).toEqual(order)
    expect(maxInFlight(sent)).toBeLessThanOrEqual(2)
    // The 2 that were in flight at the stop ended (done, or outcome-unknown when the answer was lost), not sent again.
    // Running jobs show in the strip, ended ones in the jobs list: none of them still runs.
    const jobs = page.getByTestId('job-status')
    await expect(jobs.filter({ hasText: 'Running' })).toHaveCount(0, { timeout: 60_000 })
  })

  test('an edit waits behind a running generation under a cap of 1, then runs; the gateway never has two creates open', async ({
    studio
  }) => {
    test.setTimeout(180_000)
    const page = await openImages(studio)
    const form = page.getByRole('form', { name: 'Generate' })
    await form.getByRole('textbox', { name: 'Prompt' }).fill('a source picture')
    await form.getByRole('button', { name: 'Generate' }).click()
    await waitForDone(page, 'Generate')

    const queue = queueOf(page)
    await queue.getByRole('button', { name: 'How many run at once' }).click()
    await queue.getByRole('textbox', { name: 'Creates in flight at most' }).fill('1')
    await queue.getByRole('button', { name: 'Set' }).click()
    // A generation that takes its time at the gateway holds the one place.
    studio.gateway.setFaults(studio.canary, ['slow-first-byte=4000@image.generate'])
    await form.getByRole('textbox', { name: 'Prompt' }).fill('a slow one')
    await form.getByRole('button', { name: 'Add to queue' }).click()
    await expect(queue.getByRole('listitem', { name: /^a slow one — (sending|running)/ })).toBeVisible()

    await editResultOf(page, 'a source picture')
    const edit = page.getByRole('form', { name: 'Edit settings' })
    await edit.getByRole('textbox', { name: 'Prompt' }).fill('a queued edit')
    await edit.getByRole('button', { name: 'Apply edit' }).click()
    // The edit waits in the queue, says so where its result will show, and nothing was sent for it.
    await expect(page.getByTestId('queued-job')).toHaveText('This edit waits in the queue: waiting, 1st.')
    const edits = () => studio.gateway.log().filter((r) => r.route === 'image.edit' && r.key === studio.canary)
    expect(edits()).toHaveLength(0)

    // The generation ends; then the edit leaves, once, and its result shows.
    await expect(page.getByRole('region', { name: 'Result' }).getByTestId('edit-result-image')).toBeVisible({
      timeout: 60_000
    })
    expect(edits()).toHaveLength(1)
    const log = studio.gateway
      .log()
      .filter((r) => (r.route === 'image.generate' || r.route === 'image.edit') && r.key === studio.canary) as Array<{
      route: string
      receivedAt?: number
      endedAt?: number
      bodyBytes: number
    }>
    const spans = log
      .map((r) => ({ bytes: r.bodyBytes, start: r.receivedAt ?? 0, end: r.endedAt ?? Number.POSITIVE_INFINITY }))
      .sort((a, b) => a.start - b.start)
    expect(maxInFlight(spans)).toBe(1)
    const slow = log.filter((r) => r.route === 'image.generate').at(-1)!
    expect(edits()[0].receivedAt ?? 0).toBeGreaterThanOrEqual(slow.endedAt ?? Number.POSITIVE_INFINITY)
  })

  test('items queued under one profile are sent with its key after the user switches to another', async ({
    studio
  }) => {
    test.setTimeout(180_000)
    const second = `sk-second-${Date.now().toString(36)}`
    studio.gateway.addKey({ key: second, name: 'second key', quota: 40_000_000 })
    // Each create holds the one place a while, so most of the queue still waits when the user switches.
    studio.gateway.setFaults(studio.canary, ['slow-first-byte=2500@image.generate'])
    const page = await openImages(studio)
    const queue = queueOf(page)
    await queue.getByRole('button', { name: 'How many run at once' }).click()
    await queue.getByRole('textbox', { name: 'Creates in flight at most' }).fill('1')
    await queue.getByRole('button', { name: 'Set' }).click()
    const form = page.getByRole('form', { name: 'Generate' })
    for (let i = 1; i <= 4; i++) {
      await form.getByRole('textbox', { name: 'Prompt' }).fill(`queued on the first profile ${i}`)
      await form.getByRole('button', { name: 'Add to queue' }).click()
    }
    await expect(
      queue.getByRole('listitem', { name: /^queued on the first profile 1 — (sending|running)/ })
    ).toBeVisible()

    await addActiveProfile(page, { name: 'Second key', url: studio.gateway.url, key: second })
    const switchedAt = Date.now()
    // The first profile's queue goes on after the switch, every create with its own key.
    await expect.poll(() => imageCreates(studio).length, { timeout: 90_000 }).toBe(4)
    const sent = studio.gateway.log().filter((r) => r.route === 'image.generate') as Array<{
      key: string | null
      receivedAt?: number
    }>
    expect(sent.map((r) => r.key)).toEqual([studio.canary, studio.canary, studio.canary, studio.canary])
    expect(sent.filter((r) => (r.receivedAt ?? 0) > switchedAt).length).toBeGreaterThan(0)
  })

  test('a native task waits in a paused queue, says so in its form, and is submitted once on resume', async ({
    studio
  }) => {
    test.setTimeout(120_000)
    const page = await openImages(studio)
    const queue = queueOf(page)
    await queue.getByRole('button', { name: 'Pause queue' }).click()
    await expect(queue.getByTestId('queue-summary')).toContainText('Paused')
    await page.getByRole('tab', { name: 'Native task' }).click()
    const native = page.getByRole('form', { name: 'Native task' })
    await native.getByRole('textbox', { name: 'Prompt' }).fill('a harbour, queued')
    await native.getByRole('button', { name: 'Submit task' }).click()
    await expect(native.getByTestId('queued-job')).toHaveText('This task waits in the queue: waiting, 1st.')
    await expect(queue.getByRole('listitem', { name: 'a harbour, queued — waiting, 1st' })).toContainText(
      'Native task ·'
    )
    const submits = () =>
      studio.gateway.log().filter((r) => r.route === 'image.native.submit' && r.key === studio.canary)
    expect(submits()).toHaveLength(0)

    await queue.getByRole('button', { name: 'Resume queue' }).click()
    await waitForDone(page, 'Native task')
    await expect(native.getByTestId('queued-job')).toHaveCount(0)
    expect(submits()).toHaveLength(1)
  })
})
