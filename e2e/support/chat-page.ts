import { expect, type Locator, type Page } from '@playwright/test'
import type { StudioFixture } from '../fixtures'

export type FormatLabel = 'General chat' | 'Content (parts)' | 'Messages' | 'Legacy completions'

/** Drives the chat view by role and accessible name, the way a keyboard or screen-reader user would. */
export class ChatPage {
  constructor(readonly page: Page) {}

  async open(): Promise<void> {
    await this.page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Chat' }).click()
  }

  async newConversation(format: FormatLabel, model: string): Promise<void> {
    await this.page.getByRole('button', { name: 'New conversation' }).click()
    const settings = await this.openSettings()
    await settings.getByRole('radiogroup', { name: 'Format' }).getByRole('radio', { name: format }).check()
    await settings.getByRole('combobox', { name: 'Model' }).fill(model)
    await settings.getByRole('button', { name: 'Done' }).click()
    await expect(settings).toBeHidden()
  }

  /** Opens the conversation's settings (model, format, system instruction) from the pane's header. */
  async openSettings(): Promise<Locator> {
    await this.page.getByRole('button', { name: /^Conversation settings/ }).click()
    const dialog = this.page.getByRole('dialog', { name: 'Conversation settings' })
    await expect(dialog).toBeVisible()
    return dialog
  }

  /**
   * Sends `prompt` and returns once its answer is on the page, so `lastAnswer()` is that answer and
   * not the previous one (which may already carry the status a test waits for).
   */
  async send(prompt: string): Promise<void> {
    const answers = this.answers()
    const before = await answers.count()
    await this.page.getByRole('textbox', { name: 'Prompt' }).fill(prompt)
    await this.page.getByRole('button', { name: 'Send', exact: true }).click()
    await expect(answers).toHaveCount(before + 1, { timeout: 30_000 })
  }

  lastAnswer(): Locator {
    return this.answers().last()
  }

  private answers(): Locator {
    return this.page.getByRole('article', { name: 'Assistant message' })
  }

  async waitForAnswer(status: 'complete' | 'incomplete' | 'cancelled' | 'error'): Promise<Locator> {
    const answer = this.lastAnswer()
    await expect(answer).toHaveAttribute('data-status', status, { timeout: 30_000 })
    return answer
  }
}

/** Starts the studio on the test's gateway with the canary key and opens Chat. */
export async function openChat(studio: StudioFixture): Promise<ChatPage> {
  const page = await studio.launch({ STUDIO_GATEWAY_URL: studio.gateway.url, STUDIO_API_KEY: studio.canary })
  const chat = new ChatPage(page)
  await chat.open()
  return chat
}
