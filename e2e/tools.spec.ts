import { expect, test } from './fixtures'
import { ChatPage, openChat, type FormatLabel } from './support/chat-page'

/**
 * The tool round trip through the UI against the sandbox, in each format that has tools: declare two
 * tools, ask for both, answer the two cards (one as JSON, one as plain text), and read the model's
 * next answer, which echoes the results the gateway received.
 */

const param = (prop: string) => ({ type: 'object', properties: { [prop]: { type: 'string' } } })
const FORMATS: Array<{ label: FormatLabel; model: string; route: string; tools: unknown }> = [
  {
    label: 'General chat',
    model: 'gpt-4o-mini',
    route: 'text.chat',
    tools: [
      { type: 'function', function: { name: 'get_weather', parameters: param('city') } },
      { type: 'function', function: { name: 'get_time', parameters: param('tz') } }
    ]
  },
  {
    label: 'Content (parts)',
    model: 'gemini-2.5-flash',
    route: 'text.content',
    tools: [
      {
        functionDeclarations: [
          { name: 'get_weather', parameters: param('city') },
          { name: 'get_time', parameters: param('tz') }
        ]
      }
    ]
  },
  {
    label: 'Messages',
    model: 'claude-haiku-4-5',
    route: 'text.messages',
    tools: [
      { name: 'get_weather', input_schema: param('city') },
      { name: 'get_time', input_schema: param('tz') }
    ]
  }
]

async function declareTools(chat: ChatPage, tools: unknown): Promise<void> {
  const toggle = chat.page.getByRole('button', { name: 'Parameters', exact: true })
  if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click()
  const field = chat.page
    .getByRole('region', { name: 'Parameters' })
    .getByRole('textbox', { name: 'tools', exact: true })
  await field.fill(JSON.stringify(tools))
}

test.describe('tool use round trip', () => {
  for (const f of FORMATS) {
    test(`answers two tool calls in the ${f.label} format and streams the next answer`, async ({ studio }) => {
      const chat = await openChat(studio)
      await chat.newConversation(f.label, f.model)
      await declareTools(chat, f.tools)
      await chat.send('Use get_weather and get_time for Paris')
      const answer = await chat.waitForAnswer('complete')
      const weather = answer.getByRole('group', { name: 'Tool call: get_weather' })
      const time = answer.getByRole('group', { name: 'Tool call: get_time' })
      await expect(weather).toContainText('"city"')
      await expect(time).toContainText('"tz"')

      // Invalid JSON is refused at its editor, before anything is sent.
      const weatherResult = weather.getByRole('textbox', { name: 'Result of get_weather (JSON)' })
      await weatherResult.fill('{"sky": clear}')
      await answer.getByRole('button', { name: 'Send 2 results' }).click()
      await expect(weather.getByText(/^Not valid JSON: /)).toBeVisible()
      await expect(time.getByText('Type the result of get_time, or send it as plain text.')).toBeVisible()
      expect(studio.gateway.log().filter((r) => r.route === f.route)).toHaveLength(1)

      await weatherResult.fill('{"sky": "clear", "c": 21}')
      await time.getByRole('checkbox', { name: 'Send as plain text' }).check()
      const timeResult = time.getByRole('textbox', { name: 'Result of get_time (plain text)' })
      await timeResult.fill('14:05 CET')
      const answers = chat.page.getByRole('article', { name: 'Assistant message' })
      const before = await answers.count()
      await timeResult.press('Control+Enter')
      await expect(answers).toHaveCount(before + 1, { timeout: 30_000 })
      const next = await chat.waitForAnswer('complete')
      await expect(next).toContainText('get_weather: {"sky":"clear","c":21}')
      await expect(next).toContainText(/get_time: (\{"result":)?"14:05 CET"/)
      await expect(chat.page.getByRole('group', { name: 'Result of get_weather' })).toContainText('"sky": "clear"')
      await expect(chat.page.getByRole('group', { name: 'Result of get_time' })).toContainText('14:05 CET')
      await expect(chat.page.getByRole('form', { name: 'Answer the tool calls' })).toHaveCount(0)

      // A later turn carries the whole exchange; the sandbox answers 400 when a call or a result is missing.
      await chat.send('Thanks, summarise that')
      await chat.waitForAnswer('complete')
      const sent = studio.gateway.log().filter((r) => r.route === f.route)
      expect(sent.map((r) => r.status)).toEqual([200, 200, 200])
    })
  }

  test('the calls and their results render after a restart', async ({ studio }) => {
    const chat = await openChat(studio)
    await chat.newConversation('Messages', 'claude-haiku-4-5')
    await declareTools(chat, FORMATS[2].tools)
    await chat.send('Use get_time please')
    const answer = await chat.waitForAnswer('complete')
    const result = answer.getByRole('textbox', { name: 'Result of get_time (JSON)' })
    await result.fill('{"time": "14:05"}')
    await result.press('Control+Enter')
    await expect(chat.page.getByRole('group', { name: 'Result of get_time' })).toBeVisible()
    await chat.waitForAnswer('complete')
    await expect(chat.lastAnswer()).toContainText('get_time: {"time":"14:05"}')
    await studio.stop()
    const again = new ChatPage(
      await studio.launch({ STUDIO_GATEWAY_URL: studio.gateway.url, STUDIO_API_KEY: studio.canary })
    )
    await again.open()
    await again.page.getByRole('list', { name: 'Conversations' }).getByRole('listitem').first().click()
    await expect(again.page.getByRole('group', { name: 'Tool call: get_time' })).toBeVisible()
    await expect(again.page.getByRole('group', { name: 'Result of get_time' })).toContainText('"time": "14:05"')
    await expect(again.page.getByRole('form', { name: 'Answer the tool calls' })).toHaveCount(0)
  })
})
