import { expect, test } from './fixtures'
import { ChatPage } from './support/chat-page'
import { generate, jobCard, openImages } from './support/images-page'

/**
 * Answer shapes a live gateway sends (and the address users paste), end to end: the built studio
 * against the test's own sandbox with its wire-shape modes on the canary key.
 */

test.describe('live gateway shapes', () => {
  test('an address pasted with /v1 is used without it, the form says so, and no request doubles it', async ({
    studio
  }) => {
    const page = await studio.launch()
    await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Settings' }).click()
    await page.getByRole('button', { name: 'Add profile' }).click()
    const dialog = page.getByRole('dialog', { name: 'Add profile' })
    await dialog.getByRole('textbox', { name: 'Name' }).fill('Pasted with v1')
    const baseUrl = dialog.getByRole('textbox', { name: 'Base URL' })
    await baseUrl.fill(`${studio.gateway.url}/v1/`)
    await expect(baseUrl).toHaveAccessibleDescription(
      `The studio adds /v1 to each route itself, so it will use ${studio.gateway.url}`
    )
    await dialog.getByLabel('API key').fill(studio.canary)
    await dialog.getByRole('button', { name: 'Test connection', exact: true }).click()
    await expect(dialog.getByRole('status').filter({ hasText: 'Connected' })).toContainText('canary key')
    await dialog.getByRole('radio', { name: 'Keep for this session only' }).check()
    await dialog.getByRole('button', { name: 'Save' }).click()
    await expect(dialog).toBeHidden()
    const item = page.getByRole('listitem').filter({ hasText: 'Pasted with v1' })
    await expect(item).toContainText(studio.gateway.url)
    await expect(item).not.toContainText(`${studio.gateway.url}/v1`)
    await item.getByRole('button', { name: 'Use Pasted with v1' }).click()
    const account = studio.gateway.account(studio.canary)!
    await expect(page.getByRole('banner').getByTestId('balance-badge')).toHaveAccessibleName(
      `Balance: ${account.quotaRemaining.toLocaleString('en-US')} quota units`
    )
    const paths = studio.gateway
      .log()
      .filter((r) => r.key === studio.canary)
      .map((r) => r.path)
    expect(paths.length).toBeGreaterThan(0)
    for (const p of paths) expect(p).not.toMatch(/^\/v1\/(v1|api)\//)
  })

  test('an image answer of 200 carrying an error object shows the gateway’s message and code', async ({ studio }) => {
    const page = await openImages(studio)
    studio.gateway.setFaults(studio.canary, ['error-200=sensitive_words_detected@image.generate*1'])
    await generate(page, 'a kite over the sea')
    const card = jobCard(page, 'a kite over the sea')
    await expect(card).toHaveAttribute('data-status', 'failed', { timeout: 30_000 })
    await expect(card).toContainText(/the request was refused upstream/)
    await expect(card).toContainText(/sensitive_words_detected/)
    await expect(card).not.toContainText(/may have been accepted and charged/)
  })

  test('an image result sent as a data: URL is saved to the gallery without any download', async ({ studio }) => {
    const page = await openImages(studio)
    studio.gateway.setFaults(studio.canary, ['data-url@image.generate*1'])
    await generate(page, 'a lighthouse')
    const card = jobCard(page, 'a lighthouse')
    await expect(card).toHaveAttribute('data-status', 'done', { timeout: 30_000 })
    await expect(page.getByRole('grid', { name: 'Gallery' }).getByRole('gridcell')).not.toHaveCount(0)
    expect(studio.gateway.log().filter((r) => r.origin === 'cdn')).toHaveLength(0)
  })

  test('a messages answer sent unstreamed is shown complete', async ({ studio }) => {
    const page = await studio.launch({ STUDIO_GATEWAY_URL: studio.gateway.url, STUDIO_API_KEY: studio.canary })
    const chat = new ChatPage(page)
    await chat.open()
    studio.gateway.setFaults(studio.canary, ['no-sse@text.messages*1'])
    await chat.newConversation('Messages', 'claude-haiku-4-5')
    await chat.send('Tell me about harbours')
    const answer = await chat.waitForAnswer('complete')
    expect(((await answer.textContent()) ?? '').length).toBeGreaterThan(40)
    expect(studio.gateway.log().filter((r) => r.route === 'text.messages')).toHaveLength(1)
  })
})
