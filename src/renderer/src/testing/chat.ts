/** Helpers for chat tests: open a conversation, and read what a message shows. */
import { screen, within } from '@testing-library/react'
import type { ChatMessage } from '@shared/domain/chat'

export function userMessage(id: string, text: string): ChatMessage {
  return { id, role: 'user', parts: [{ type: 'text', text }], createdAt: 1, status: 'complete' }
}

export function assistantMessage(id: string, text: string, extra: Partial<ChatMessage> = {}): ChatMessage {
  return { id, role: 'assistant', parts: [{ type: 'text', text }], createdAt: 2, status: 'complete', ...extra }
}

/** Waits until the pane shows the conversation titled `title`. */
export async function openedConversation(title: string): Promise<HTMLElement> {
  const heading = await screen.findByRole('heading', { level: 2, name: title })
  return heading.closest('section') as HTMLElement
}

export function assistantArticles(): HTMLElement[] {
  return screen.queryAllByRole('article', { name: 'Assistant message' })
}

export function lastAssistant(): HTMLElement {
  const all = assistantArticles()
  if (all.length === 0) throw new Error('No assistant message is shown')
  return all[all.length - 1]
}

export function sendButton(): HTMLElement {
  return screen.getByRole('button', { name: 'Send' })
}

export function promptBox(): HTMLElement {
  return screen.getByRole('textbox', { name: 'Prompt' })
}

export function parametersRegion(): HTMLElement {
  return screen.getByRole('region', { name: 'Parameters' })
}

export const inParameters = () => within(parametersRegion())

type Clicker = { click: (el: Element) => Promise<void> }

/** Opens the parameters drawer (closed by default) unless it is open, and gives its contents. */
export async function openParameters(user: Clicker): Promise<ReturnType<typeof within>> {
  const toggle = screen.getByRole('button', { name: 'Parameters' })
  if (toggle.getAttribute('aria-expanded') !== 'true') await user.click(toggle)
  return inParameters()
}

/** Opens the conversation's settings popover (model, format, system instruction) unless it is open. */
export async function openSettings(user: Clicker): Promise<ReturnType<typeof within>> {
  if (!screen.queryByRole('dialog', { name: 'Conversation settings' }))
    await user.click(await screen.findByRole('button', { name: /^Conversation settings/ }))
  return within(screen.getByRole('dialog', { name: 'Conversation settings' }))
}
