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
