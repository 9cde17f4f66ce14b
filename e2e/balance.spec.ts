import { writeFileSync } from 'node:fs'
import { createServer, request, type IncomingHttpHeaders, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { join } from 'node:path'
import type { Page } from '@playwright/test'
import { QUOTA_PER_UNIT } from '../src/sandbox/index'
import { expect, test, type StudioFixture } from './fixtures'
import { ChatPage } from './support/chat-page'

/**
 * The balance dashboard against the test's own sandbox: the figures shown are the sandbox's own
 * accounting after real generations, trends from local snapshots, unlimited and expired keys, each
 * error of the balance routes, and the usage route's rate budget read from the request log.
 */

const USAGE_BUDGET = 15

async function launchWith(studio: StudioFixture, gatewayUrl = studio.gateway.url): Promise<Page> {
  return studio.launch({ STUDIO_GATEWAY_URL: gatewayUrl, STUDIO_API_KEY: studio.canary })
}

async function openBalance(page: Page): Promise<void> {
  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Balance' }).click()
  await expect(page.getByRole('heading', { name: 'Key usage' })).toBeVisible()
}

const usageCalls = (studio: StudioFixture) =>
  studio.gateway.log().filter((r) => r.route === 'usage.token' && r.key === studio.canary)
const raw = async (page: Page, testId: string) =>
  Number(await page.getByTestId(testId).first().getAttribute('data-raw'))

/** A loopback proxy to the sandbox that damages the usage route's Authorization header. */
async function headerProxy(
  target: string,
  mode: 'drop' | 'mangle'
): Promise<{ url: string; close: () => Promise<void> }> {
  const to = new URL(target)
  const server: Server = createServer((req, res) => {
    const headers: IncomingHttpHeaders = { ...req.headers, host: to.host }
    if (req.url?.startsWith('/api/usage/token')) {
      if (mode === 'drop') delete headers.authorization
      else headers.authorization = `Bearer ${String(req.headers.authorization ?? '').replace(/^Bearer /i, '')} extra`
    }
    const up = request({ host: to.hostname, port: to.port, path: req.url, method: req.method, headers }, (r) => {
      res.writeHead(r.statusCode ?? 502, r.headers)
      r.pipe(res)
    })
    up.on('error', () => res.destroy())
    req.pipe(up)
  })
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise((r) => server.close(() => r()))
  }
}

test.describe('balance', () => {
  test('shows the sandbox accounting after generations, with trends, spending and a pre-flight estimate', async ({
    studio
  }) => {
    const page = await launchWith(studio)
    await openBalance(page)
    await expect(page.getByTestId('key-name')).toHaveText('canary key')
    expect(await raw(page, 'key-used')).toBe(0)

    const chat = new ChatPage(page)
    await chat.open()
    await chat.newConversation('General chat', 'gpt-4o-mini')
    for (const prompt of ['Tell me about harbours', 'And about lighthouses']) {
      await chat.send(prompt)
      await chat.waitForAnswer('complete')
    }
    const spent = studio.gateway.account(studio.canary)!
    expect(spent.used).toBeGreaterThan(0)

    await openBalance(page)
    // The host takes a snapshot after the generations on its own (no click), within the route's budget.
    await expect.poll(() => raw(page, 'key-used'), { timeout: 20_000 }).toBe(spent.used)
    expect(await raw(page, 'key-available')).toBe(spent.quotaRemaining)
    expect(await raw(page, 'key-granted')).toBe(spent.quotaRemaining + spent.used)
    await expect(page.getByTestId('key-gauge')).toHaveAttribute('aria-valuenow', String(spent.used))

    // Billing: all-time usage in hundredths of the display unit (USD on the sandbox).
    await expect
      .poll(
        async () => {
          await page.getByRole('button', { name: 'Check again' }).click()
          return raw(page, 'billing-usage')
        },
        { timeout: 30_000, intervals: [2_000, 4_000, 6_000] }
      )
      .toBeCloseTo((spent.used / QUOTA_PER_UNIT) * 100, 6)
    // The route answering is in the line's tooltip, not in its words.
    await expect(page.getByTestId('billing-route')).toHaveText('From the gateway’s billing records')
    await expect(page.getByTestId('billing-route')).toHaveAttribute(
      'title',
      /^Answered by (\/v1)?\/dashboard\/billing\/…$/
    )

    // Trends: at least two snapshots make a chart with a hover readout.
    const chart = page.getByTestId('available-chart')
    await expect(chart).toBeVisible()
    expect(Number(await chart.getAttribute('data-points'))).toBeGreaterThanOrEqual(2)
    const overlay = chart.locator('canvas').last()
    await overlay.scrollIntoViewIfNeeded()
    const box = (await overlay.boundingBox())!
    await overlay.hover({ position: { x: box.width - 14, y: box.height / 2 } })
    await expect(page.getByTestId('available-chart-readout')).toContainText(
      new Intl.NumberFormat('en').format(spent.quotaRemaining)
    )

    // Spending by model from the studio's own log: the two jobs account for everything spent.
    const row = page.getByTestId('spending').locator('tr[data-model="gpt-4o-mini"]')
    await expect(row).toContainText('2')
    expect(await raw(page, 'spend-gpt-4o-mini')).toBeCloseTo(spent.used, 6)
    // Spending over time: today's bar, for all models and for the model chosen.
    const spendChart = page.getByTestId('spending-chart')
    await expect(spendChart).toHaveAttribute('data-points', '1')
    await page.getByRole('combobox', { name: 'Model', exact: true }).selectOption('gpt-4o-mini')
    await expect(spendChart.getByRole('img', { name: 'Known costs per day, gpt-4o-mini' })).toBeVisible()

    const preflight = await page.evaluate(() =>
      (
        window as unknown as { studio: { balance: { preflight(i: unknown): Promise<unknown> } } }
      ).studio.balance.preflight({ model: 'gpt-4o-mini', kind: 'chat' })
    )
    expect(preflight).toMatchObject({
      ok: true,
      value: { warn: false, reason: 'ok', basedOn: expect.any(Number), available: spent.quotaRemaining }
    })
    expect((preflight as { value: { expectedCost: number } }).value.expectedCost).toBeGreaterThan(0)

    // The usage route's budget: never more than 15 calls in its 20-minute window.
    expect(usageCalls(studio).length).toBeGreaterThanOrEqual(2)
    expect(usageCalls(studio).length).toBeLessThanOrEqual(USAGE_BUDGET)
  })

  test('an unlimited key is stated as such, its negative available figure is not debt', async ({ studio }) => {
    studio.gateway.updateKey(studio.canary, { unlimited: true, quota: -123_456 })
    const page = await launchWith(studio)
    await expect(page.getByTestId('balance-badge')).toContainText('Unlimited')
    await openBalance(page)
    await expect(page.getByTestId('unlimited-note')).toBeVisible()
    await expect(page.getByTestId('key-available')).toHaveText('Unlimited')
    await expect(page.getByTestId('key-usage')).not.toContainText('-123')
    await expect(page.getByTestId('key-gauge')).toHaveCount(0)
    await expect(page.getByTestId('billing-hard')).toContainText('Unlimited')
  })

  test('an expired key shows its expiry and a warning; a key about to expire warns ahead', async ({ studio }) => {
    const now = Math.floor(Date.now() / 1000)
    studio.gateway.updateKey(studio.canary, { expiresAt: now - 3600 })
    const page = await launchWith(studio)
    await expect(page.getByTestId('balance-badge')).toContainText('Expired')
    await openBalance(page)
    await expect(page.getByTestId('key-expiry')).toHaveAttribute('data-expiry', 'expired')
    await expect(page.getByTestId('expiry-warning')).toContainText('This key has expired')
    await expect(page.getByTestId('key-expiry')).toContainText('expired 1 hour')
  })

  test('a key that expires in two days is warned about', async ({ studio }) => {
    studio.gateway.updateKey(studio.canary, { expiresAt: Math.floor(Date.now() / 1000) + 2 * 86_400 + 600 })
    const page = await launchWith(studio)
    await openBalance(page)
    await expect(page.getByTestId('expiry-warning')).toContainText('This key expires in 2 days')
  })

  test('401 Invalid token and the billing quota lookup failure are named precisely', async ({ studio }) => {
    studio.gateway.setFaults(studio.canary, ['unauthorized@usage.token', 'quota-query-fail@billing'])
    const page = await launchWith(studio)
    await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Balance' }).click()
    const usageError = page.locator('[data-testid="balance-error"][data-kind="invalid-token"]')
    await expect(usageError).toContainText('The gateway does not accept this key (401)')
    await expect(usageError).toContainText('The gateway said: Invalid token')
    const billingError = page.getByTestId('billing').getByTestId('balance-error')
    await expect(billingError).toHaveAttribute('data-kind', 'quota-query-failed')
    await expect(billingError).toContainText('query quota failed')
  })

  test('a 429 with an empty body keeps the last figures, marked with their age', async ({ studio }) => {
    // The host serves a record younger than 10 s without asking (double clicks). Instead of waiting
    // past that, the host's clock starts 11 s behind, so the first record is already 11 s old when
    // the clock is set back to the real time (which the page's age display also uses).
    const clock = join(studio.dataDir, 'test-clock')
    writeFileSync(clock, '-11000')
    const page = await studio.launch({
      STUDIO_GATEWAY_URL: studio.gateway.url,
      STUDIO_API_KEY: studio.canary,
      STUDIO_CLOCK_FILE: clock
    })
    await openBalance(page)
    await expect(page.getByTestId('balance-fresh')).toBeVisible()
    studio.gateway.setFaults(studio.canary, ['429@usage.token'])
    writeFileSync(clock, '0')
    await page.getByRole('button', { name: 'Check again' }).click()
    await expect(page.locator('[data-testid="balance-error"][data-kind="rate-limited"]')).toContainText(
      'rate limiting the balance routes (429)'
    )
    await expect(page.getByTestId('balance-stale')).toContainText(/Showing data from \d+ seconds? ago/)
    expect(Number(await page.getByTestId('balance-stale').getAttribute('data-age-ms'))).toBeGreaterThan(10_000)
    await expect(page.getByTestId('key-usage')).toBeVisible()
    const refused = usageCalls(studio).filter((r) => r.status === 429)
    expect(refused).toHaveLength(1)
  })

  for (const [mode, kind, text] of [
    ['drop', 'no-auth-header', 'received no Authorization header'],
    ['mangle', 'invalid-bearer', 'could not read the Authorization header'] as const
  ] as const) {
    test(`the usage route's ${kind} error is named precisely`, async ({ studio }) => {
      const proxy = await headerProxy(studio.gateway.url, mode)
      try {
        const page = await launchWith(studio, proxy.url)
        await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Balance' }).click()
        await expect(page.locator(`[data-testid="balance-error"][data-kind="${kind}"]`)).toContainText(text)
      } finally {
        await proxy.close()
      }
    })
  }

  test('a display unit, the raw value on hover, and a low-balance alert once per crossing', async ({ studio }) => {
    const page = await launchWith(studio)
    await openBalance(page)
    const form = page.getByRole('form', { name: 'Display and alerts' })
    await form.getByRole('radio', { name: 'USD' }).check()
    // 40,000,000 units at 500,000 per USD = $80; alert below $100.
    await form.getByRole('textbox', { name: 'Low-balance alert below' }).fill('100')
    await form.getByRole('button', { name: 'Save' }).click()
    await expect(page.getByTestId('key-available')).toHaveText('$80.00')
    await expect(page.getByTestId('key-available')).toHaveAttribute('title', 'Raw value: 40,000,000')
    const toast = page.getByTestId('low-balance-toast')
    await expect(toast).toContainText('Low balance')
    await expect(toast).toContainText('$80.00 available, below your alert threshold of $100.00')
    await toast.getByRole('button', { name: 'Dismiss' }).click()
    await expect(toast).toHaveCount(0)
  })
})
