import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { expect, test } from './fixtures'
import { ChatPage, openChat } from './support/chat-page'

/** The studio talks to the test's own sandbox, so its request log shows every chat request. */
const FORMATS = [
  { label: 'General chat', model: 'gpt-4o-mini', route: 'text.chat' },
  { label: 'Content (parts)', model: 'gemini-2.5-flash', route: 'text.content' },
  { label: 'Messages', model: 'claude-haiku-4-5', route: 'text.messages' }
] as const

test.describe('chat', () => {
  for (const f of FORMATS) {
    test(`streams an answer in the ${f.label} format`, async ({ studio }) => {
      const chat = await openChat(studio)
      await chat.newConversation(f.label, f.model)
      await chat.send('Tell me about harbours')
      const answer = await chat.waitForAnswer('complete')
      await expect(answer).not.toBeEmpty()
      expect(((await answer.textContent()) ?? '').length).toBeGreaterThan(40)
      const sent = studio.gateway.log().filter((r) => r.route === f.route)
      expect(sent).toHaveLength(1)
      expect(sent[0].status).toBe(200)
    })
  }

  test('continues a document with legacy completions, appended in place', async ({ studio }) => {
    const chat = await openChat(studio)
    await chat.newConversation('Legacy completions', 'gpt-3.5-turbo-instruct')
    const doc = chat.page.getByRole('textbox', { name: 'Document' })
    await doc.fill('Once upon a time')
    await chat.page.getByRole('button', { name: 'Continue' }).click()
    // While streaming, the document is shown read-only with the live text (not a <textarea>), and it can
    // switch between the check and the read: read it only once it is an editable textarea again.
    const settledLength = async () => {
      try {
        return (await doc.isEditable()) ? (await doc.inputValue()).length : 0
      } catch {
        return 0
      }
    }
    await expect.poll(settledLength, { timeout: 30_000 }).toBeGreaterThan('Once upon a time'.length + 20)
    expect(await doc.inputValue()).toMatch(/^Once upon a time/)
    expect(studio.gateway.log().filter((r) => r.route === 'text.completions')).toHaveLength(1)
  })

  test('Stop cancels a slow stream and keeps what arrived', async ({ studio }) => {
    const chat = await openChat(studio)
    studio.gateway.setFaults(studio.canary, ['slow-body=150@text.chat'])
    await chat.newConversation('General chat', 'gpt-4o-mini')
    await chat.send('A long story please')
    await expect(chat.page.getByRole('button', { name: 'Stop', exact: true })).toBeVisible()
    await expect(chat.lastAnswer()).not.toBeEmpty({ timeout: 15_000 })
    await chat.page.getByRole('button', { name: 'Stop', exact: true }).click()
    const answer = await chat.waitForAnswer('cancelled')
    await expect(answer).toContainText('Stopped')
    await expect
      .poll(() => studio.gateway.log().find((r) => r.route === 'text.chat')?.aborted, { timeout: 5_000 })
      .toBe(true)
  })

  test('a stream that ends without its terminal signal is marked incomplete', async ({ studio }) => {
    const chat = await openChat(studio)
    studio.gateway.setFaults(studio.canary, ['truncate@text.messages*1'])
    await chat.newConversation('Messages', 'claude-haiku-4-5')
    await chat.send('Explain tides')
    const answer = await chat.waitForAnswer('incomplete')
    await expect(answer).toContainText('Incomplete')
    await expect(answer.getByRole('button', { name: 'Regenerate' })).toBeVisible()
  })

  const ERRORS = [
    { fault: 'unauthorized', text: /401/ },
    { fault: 'insufficient-quota', text: /403/ },
    { fault: '429', text: /429/ },
    { fault: 'model-unavailable', text: /503/ },
    { fault: 'error-mid-stream', text: /error|Error/ }
  ]
  for (const e of ERRORS) {
    test(`shows the ${e.fault} error precisely`, async ({ studio }) => {
      const chat = await openChat(studio)
      studio.gateway.setFaults(studio.canary, [`${e.fault}@text.chat*1`])
      await chat.newConversation('General chat', 'gpt-4o-mini')
      await chat.send('Hello there')
      const answer = await chat.waitForAnswer('error')
      await expect(answer).toContainText(e.text)
    })
  }

  test('shows thinking in a collapsible block', async ({ studio }) => {
    const chat = await openChat(studio)
    await chat.newConversation('Messages', 'claude-sonnet-4-5-think')
    await chat.send('Think it through')
    const answer = await chat.waitForAnswer('complete')
    const thinking = answer.getByRole('button', { name: 'Thinking' })
    await expect(thinking).toBeVisible()
    await thinking.click()
    await expect(thinking).toHaveAttribute('aria-expanded', 'true')
  })

  test('sends an attached image inline in the content format', async ({ studio }) => {
    const chat = await openChat(studio)
    await chat.newConversation('Content (parts)', 'gemini-2.5-flash')
    // A real 2x2 PNG.
    const png = Buffer.from(
      '89504e470d0a1a0a0000000d49484452000000020000000208060000007bff3f3a0000001449444154789c63f8cfc0f09f8181818101001dfb03fd72a3a3d70000000049454e44ae426082',
      'hex'
    )
    const file = join(studio.dataDir, '..', `attach-${Date.now()}.png`)
    writeFileSync(file, png)
    await chat.page.locator('input[type=file]').setInputFiles(file)
    await expect(chat.page.getByRole('list', { name: 'Attachments' }).getByRole('listitem')).toHaveCount(1)
    await chat.send('What is in this picture?')
    await chat.waitForAnswer('complete')
    const req = studio.gateway.log().find((r) => r.route === 'text.content')!
    expect(req.bodyBytes).toBeGreaterThan(png.length)
  })

  test('an empty prompt is refused before any request', async ({ studio }) => {
    const chat = await openChat(studio)
    await chat.newConversation('General chat', 'gpt-4o-mini')
    const before = studio.gateway.log().length
    const prompt = chat.page.getByRole('textbox', { name: 'Prompt' })
    await prompt.fill('   ')
    await prompt.press('Enter')
    const send = chat.page.getByRole('button', { name: 'Send', exact: true })
    await expect(send).toHaveAttribute('aria-disabled', 'true')
    await expect(send).toHaveAccessibleDescription(/Type a message/)
    expect(studio.gateway.log().filter((r) => r.route.startsWith('text.'))).toHaveLength(0)
    expect(studio.gateway.log().length).toBeGreaterThanOrEqual(before)
  })

  test('history, including a partial stream, survives a restart of the host', async ({ studio }) => {
    const chat = await openChat(studio)
    await chat.newConversation('General chat', 'gpt-4o-mini')
    await chat.send('Remember the lighthouse')
    await chat.waitForAnswer('complete')
    studio.gateway.setFaults(studio.canary, ['truncate@text.chat*1'])
    await chat.send('And the second lighthouse')
    await chat.waitForAnswer('incomplete')
    await studio.stop()
    const again = new ChatPage(
      await studio.launch({ STUDIO_GATEWAY_URL: studio.gateway.url, STUDIO_API_KEY: studio.canary })
    )
    await again.open()
    await again.page.getByRole('list', { name: 'Conversations' }).getByRole('listitem').first().click()
    await expect(again.page.getByRole('article', { name: 'User message' }).first()).toContainText(
      'Remember the lighthouse'
    )
    await expect(again.lastAnswer()).toHaveAttribute('data-status', 'incomplete')
  })
})
