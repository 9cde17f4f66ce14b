import type { Page } from '@playwright/test'
import { expect, test } from '../fixtures'
import { ChatPage, openChat } from '../support/chat-page'

/**
 * Chat compare end to end: one prompt to three models of the sandbox (one of them a name the
 * gateway does not serve), the answers side by side, the run found again after a restart of the
 * host, then one answer continued as the open conversation with its history.
 */

const PROMPT = 'Name a green tea'

function column(page: Page, model: string) {
  return page.getByRole('region', { name: `Answer of ${model}` })
}

/** Registers the chat compare workflow in `e2e/workflows.spec.ts`. */
export function chatCompareWorkflows(): void {
  test.describe('chat compare', () => {
    test('one prompt to three models side by side; after a restart, continue with one as a normal conversation', async ({
      studio
    }) => {
      test.setTimeout(180_000)
      const chat = await openChat(studio)
      const { page } = chat
      await page.getByRole('button', { name: 'Compare models' }).click()
      await page.getByRole('combobox', { name: 'Model 1' }).fill('gpt-4o-mini')
      await page.getByRole('combobox', { name: 'Model 2' }).fill('deepseek-v3')
      await page.getByRole('button', { name: 'Add a model' }).click()
      await page.getByRole('combobox', { name: 'Model 3' }).fill('no-such-model')
      await page.getByRole('textbox', { name: 'Prompt for every model' }).fill(PROMPT)
      await page.getByRole('button', { name: 'Compare', exact: true }).click()

      const answers = page.getByRole('group', { name: 'Answers side by side' })
      await expect(answers.getByRole('region')).toHaveCount(3)
      await expect(column(page, 'gpt-4o-mini')).toHaveAttribute('data-status', 'complete', { timeout: 30_000 })
      await expect(column(page, 'deepseek-v3')).toHaveAttribute('data-status', 'complete', { timeout: 30_000 })
      await expect(column(page, 'no-such-model')).toHaveAttribute('data-status', 'error', { timeout: 30_000 })
      await expect(column(page, 'no-such-model').getByRole('group', { name: 'Why this answer failed' })).toContainText(
        /no-such-model/
      )
      // Side by side: three columns on one row.
      const boxes = await Promise.all(
        ['gpt-4o-mini', 'deepseek-v3', 'no-such-model'].map((m) => column(page, m).boundingBox())
      )
      expect(new Set(boxes.map((b) => Math.round(b!.y))).size).toBe(1)
      expect(boxes[0]!.x).toBeLessThan(boxes[1]!.x)
      await expect(column(page, 'deepseek-v3')).toContainText(/Took \d+\.\d s/)
      await expect(column(page, 'deepseek-v3')).toContainText(/Tokens: \d+ in, \d+ out, \d+ total/)
      const deepseekText = (await column(page, 'deepseek-v3').locator('.chat-compare-body').innerText()).trim()
      expect(deepseekText.length).toBeGreaterThan(10)
      // One request per model, each to the general chat route.
      expect(studio.gateway.log().filter((r) => r.route.startsWith('text.'))).toHaveLength(3)

      // The run is in the library: after a restart it is offered again with the saved answers.
      await studio.stop()
      const again = new ChatPage(
        await studio.launch({ STUDIO_GATEWAY_URL: studio.gateway.url, STUDIO_API_KEY: studio.canary })
      )
      await again.open()
      const p2 = again.page
      await p2.getByRole('button', { name: 'Compare models' }).click()
      await p2
        .getByRole('region', { name: 'Open comparisons' })
        .getByRole('button', { name: new RegExp(PROMPT) })
        .click()
      await expect(column(p2, 'deepseek-v3')).toHaveAttribute('data-status', 'complete')
      await expect(column(p2, 'deepseek-v3').locator('.chat-compare-body')).toContainText(deepseekText.split('\n')[0])
      await expect(column(p2, 'gpt-4o-mini')).toHaveAttribute('data-status', 'complete')

      await column(p2, 'deepseek-v3').getByRole('button', { name: 'Continue with this' }).click()
      await expect(p2.getByRole('heading', { level: 2, name: PROMPT })).toBeVisible()
      await expect(p2.getByRole('button', { name: /^Conversation settings: deepseek-v3/ })).toBeVisible()
      await expect(p2.getByRole('article', { name: 'User message' })).toContainText(PROMPT)
      await expect(again.lastAnswer()).toContainText(deepseekText.split('\n')[0])
      // The other answers stay as conversations of their own.
      await expect(p2.getByRole('list', { name: 'Conversations' }).getByRole('listitem')).toHaveCount(3)
      // It carries on as a normal conversation.
      await again.send('And a black tea?')
      await again.waitForAnswer('complete')
      await expect(p2.getByRole('article', { name: 'User message' })).toHaveCount(2)
      expect(studio.gateway.log().filter((r) => r.route.startsWith('text.'))).toHaveLength(4)
      // The run was settled: nothing is left open.
      await p2.getByRole('button', { name: 'Compare models' }).click()
      await expect(p2.getByText('No comparison is open.', { exact: false })).toBeVisible()
    })
  })
}
