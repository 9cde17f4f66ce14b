import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { expect, test } from './fixtures'
import { filesContaining, pageVisibleText } from './support/canary'
import { fillNewProfile } from './support/names-dialog'

test.describe('settings and profiles', () => {
  test('first run shows the Sandbox profile and its balance', async ({ studio }) => {
    const page = await studio.launch()
    const banner = page.getByRole('banner')
    await expect(banner.getByRole('combobox', { name: 'Active profile' })).toHaveValue('sandbox')
    await expect(banner.getByTestId('synthetic-badge')).toBeVisible()
    const balance = banner.getByTestId('balance-badge')
    await expect(balance).toHaveAttribute('data-state', 'active')
    await expect(balance).toHaveAccessibleName(/^Balance: [\d,]+ quota units$/)
  })

  test('adds a profile against a second gateway, tests it and makes it active', async ({ studio }) => {
    const page = await studio.launch()
    const dialog = await fillNewProfile(page, { name: 'Second gateway', url: studio.gateway.url, key: studio.canary })
    await dialog.getByRole('button', { name: 'Test connection', exact: true }).click()
    const result = dialog.getByRole('status').filter({ hasText: 'Connected' })
    await expect(result).toContainText('canary key')
    await dialog.getByRole('radio', { name: 'Keep for this session only' }).check()
    await dialog.getByRole('button', { name: 'Save' }).click()
    await expect(dialog).toBeHidden()

    const item = page.getByRole('listitem').filter({ hasText: 'Second gateway' })
    await expect(item).toContainText(studio.gateway.url)
    await expect(item.locator('[data-key-status]')).toHaveAttribute('data-key-status', 'session')
    await item.getByRole('button', { name: 'Use Second gateway' }).click()
    const banner = page.getByRole('banner')
    await expect(banner.getByRole('combobox', { name: 'Active profile' }).locator('option:checked')).toHaveText(
      'Second gateway'
    )
    const account = studio.gateway.account(studio.canary)!
    await expect(banner.getByTestId('balance-badge')).toHaveAccessibleName(
      `Balance: ${account.quotaRemaining.toLocaleString('en-US')} quota units`
    )

    // The gateway saw the key only in the Authorization header, never in a URL.
    const seen = studio.gateway.log().filter((r) => r.key === studio.canary)
    expect(seen.length).toBeGreaterThan(0)
    for (const r of seen) {
      expect(r.path + JSON.stringify(r.query)).not.toContain(studio.canary)
      expect(r.headers.authorization).toBe(`Bearer ${studio.canary}`)
    }
  })

  test('a wrong key gets a precise error at test time and nothing is saved', async ({ studio }) => {
    const page = await studio.launch()
    await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Settings' }).click()
    await page.getByRole('button', { name: 'Add profile' }).click()
    const dialog = page.getByRole('dialog', { name: 'Add profile' })
    await dialog.getByRole('textbox', { name: 'Name' }).fill('Wrong key')
    await dialog.getByRole('textbox', { name: 'Base URL' }).fill(studio.gateway.url)
    await dialog.getByLabel('API key').fill('sk-not-a-real-key-000000000')
    await dialog.getByRole('button', { name: 'Test connection', exact: true }).click()
    await expect(dialog.getByRole('alert')).toContainText(/401/)
    await dialog.getByRole('button', { name: 'Cancel' }).click()
    await expect(page.getByRole('listitem').filter({ hasText: 'Wrong key' })).toHaveCount(0)
  })

  test('a malformed or insecure base URL is refused at the field before any request', async ({ studio }) => {
    const page = await studio.launch()
    await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Settings' }).click()
    await page.getByRole('button', { name: 'Add profile' }).click()
    const dialog = page.getByRole('dialog', { name: 'Add profile' })
    await dialog.getByRole('textbox', { name: 'Name' }).fill('Insecure')
    const baseUrl = dialog.getByRole('textbox', { name: 'Base URL' })
    await baseUrl.fill('http://gateway.example.com')
    await dialog.getByLabel('API key').fill(studio.canary)
    const before = studio.gateway.log().length
    await dialog.getByRole('button', { name: 'Save' }).click()
    await expect(baseUrl).toHaveAttribute('aria-invalid', 'true')
    await expect(dialog).toBeVisible()
    await baseUrl.fill('not a url')
    await dialog.getByRole('button', { name: 'Test connection', exact: true }).click()
    await expect(baseUrl).toHaveAttribute('aria-invalid', 'true')
    expect(studio.gateway.log().length).toBe(before)
  })

  test('a profile from the environment is selected and its key is never written or shown', async ({ studio }) => {
    const page = await studio.launch({ STUDIO_GATEWAY_URL: studio.gateway.url, STUDIO_API_KEY: studio.canary })
    const banner = page.getByRole('banner')
    await expect(banner.getByRole('combobox', { name: 'Active profile' })).toHaveValue('env')
    await expect(banner.getByTestId('balance-badge')).toHaveAttribute('data-state', 'active')
    await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Settings' }).click()
    await page.getByRole('button', { name: 'Test connection to From environment' }).click()
    await expect(page.getByRole('status').filter({ hasText: 'Connected' })).toBeVisible()
    await studio.stop()
    expect(filesContaining(studio.dataDir, studio.canary)).toEqual([])
  })

  test('the canary key never appears in the page, its storage, the bridge or the data dir', async ({ studio }) => {
    const page = await studio.launch()
    await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Settings' }).click()
    await page.getByRole('button', { name: 'Add profile' }).click()
    const dialog = page.getByRole('dialog', { name: 'Add profile' })
    await dialog.getByRole('textbox', { name: 'Name' }).fill('Canary')
    await dialog.getByRole('textbox', { name: 'Base URL' }).fill(studio.gateway.url)
    await dialog.getByLabel('API key').fill(studio.canary)
    await dialog.getByRole('button', { name: 'Save' }).click()
    await expect(dialog).toBeHidden()
    const item = page.getByRole('listitem').filter({ hasText: 'Canary' })
    await item.getByRole('button', { name: 'Use Canary' }).click()
    await item.getByRole('button', { name: 'Test connection to Canary' }).click()
    await expect(page.getByRole('status').filter({ hasText: 'Connected' })).toBeVisible()
    await expect(page.getByRole('banner').getByTestId('balance-badge')).toHaveAttribute('data-state', 'active')

    // The key went in through the bridge once (the save); nothing the host sent back carries it. (The
    // Electron shell has no socket to record; its IPC egress runs through the same SecretGuard, unit-tested.)
    if (studio.shell === 'browser') {
      const fromHost = studio.bridge.frames.filter((f) => f.startsWith('{"t":"result"') || f.startsWith('{"t":"event"'))
      expect(fromHost.length).toBeGreaterThan(3)
      expect(fromHost.filter((f) => f.includes(studio.canary))).toEqual([])
    }
    expect(await pageVisibleText(page)).not.toContain(studio.canary)
    await studio.stop()
    expect(filesContaining(studio.dataDir, studio.canary)).toEqual([])
    const logs = readdirSync(join(studio.dataDir, 'logs')).map((f) =>
      readFileSync(join(studio.dataDir, 'logs', f), 'utf8')
    )
    expect(logs.join('\n')).not.toContain(studio.canary)
  })
})
