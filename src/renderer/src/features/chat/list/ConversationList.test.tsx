import { act, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { hasFocus } from '@renderer/testing/a11y'
import { assistantMessage, openedConversation, promptBox, userMessage } from '@renderer/testing/chat'
import { FakeHost } from '@renderer/testing/fake-host'
import { renderApp, resetApp } from '@renderer/testing/render-app'

afterEach(() => {
  resetApp()
  vi.restoreAllMocks()
})

async function renderWithConversations() {
  const host = new FakeHost()
  const older = host.chat.add({
    title: 'Tokyo trip',
    messages: [userMessage('u1', 'Best ramen in Shinjuku?'), assistantMessage('a1', 'Try Fuunji.')]
  })
  const newer = host.chat.add({ title: 'Tax questions', messages: [userMessage('u2', 'Deadline?')] })
  newer.updatedAt = older.updatedAt + 10_000
  const app = await renderApp({ host })
  await openedConversation('Tax questions')
  const list = screen.getByRole('list', { name: 'Conversations' })
  const openButton = (title: string) => {
    const found = within(list)
      .getAllByRole('button')
      .find((b) => b.querySelector('.chat-conv-title')?.textContent === title)
    if (!found) throw new Error(`No conversation titled ${title} in the list`)
    return found
  }
  return { ...app, host, older, newer, list, openButton }
}

describe('the conversation list', () => {
  it('lists conversations newest first, opens the newest, and marks the open one', async () => {
    const { list, openButton, user } = await renderWithConversations()
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.querySelector('.chat-conv-title')?.textContent)
    ).toEqual(['Tax questions', 'Tokyo trip'])
    expect(openButton('Tax questions').getAttribute('aria-current')).toBe('true')
    await user.click(openButton('Tokyo trip'))
    const pane = await openedConversation('Tokyo trip')
    expect(within(pane).getByText('Try Fuunji.')).toBeTruthy()
    expect(openButton('Tokyo trip').getAttribute('aria-current')).toBe('true')
  })

  it('searches titles and message content through the host', async () => {
    const { host, list, user } = await renderWithConversations()
    await user.type(screen.getByRole('searchbox', { name: 'Search conversations' }), 'ramen')
    await waitFor(() => expect(host.callsTo('chat:list-conversations')).toContainEqual({ query: 'ramen' }))
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(1))
    expect(within(list).getByText('Found in messages: Best ramen in Shinjuku?')).toBeTruthy()
  })

  it('marks the matched words in the search excerpt, in English and Chinese', async () => {
    const { host, list, user } = await renderWithConversations()
    host.chat.markMatches = true
    await user.type(screen.getByRole('searchbox', { name: 'Search conversations' }), 'ramen')
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(1))
    const meta = list.querySelector('.chat-conv-meta')!
    await waitFor(() => expect(meta.querySelector('mark')?.textContent).toBe('ramen'))
    expect(meta.textContent).toBe('Found in messages: Best ramen in Shinjuku?')

    resetApp()

    const zh = new FakeHost()
    zh.settings = { theme: 'system', language: 'zh' }
    zh.chat.markMatches = true
    zh.chat.add({ title: '旅行', messages: [userMessage('u9', '我喜欢在东京吃拉面')] })
    const app = await renderApp({ host: zh })
    act(() => zh.emit('settings:changed', { theme: 'system', language: 'zh' }))
    await app.user.type(await screen.findByRole('searchbox', { name: '搜索对话' }, { timeout: 10_000 }), '东京')
    await waitFor(() => expect(document.querySelector('.chat-conv-meta mark')?.textContent).toBe('东京'))
    expect(document.querySelector('.chat-conv-meta')!.textContent).toBe('在消息中找到：我喜欢在东京吃拉面')
  })

  it('starts a new conversation that is created on the first send', async () => {
    const { host, user } = await renderWithConversations()
    await user.click(screen.getByRole('button', { name: 'New conversation' }))
    await openedConversation('New conversation')
    await waitFor(() => expect(hasFocus(promptBox())).toBe(true))
    expect(screen.getByRole('button', { name: /^Conversation settings/ }).textContent).toContain('model-alpha')
    await user.type(promptBox(), 'Hello there{Enter}')
    await waitFor(() => expect(host.callsTo('chat:send')).toHaveLength(1))
    const created = host.chat.conversations[0]
    expect(host.callsTo('chat:create-conversation')).toEqual([{ format: 'chat', model: 'model-alpha' }])
    expect(host.callsTo('chat:send')).toEqual([{ conversationId: created.id, text: 'Hello there' }])
    await openedConversation('Hello there')
  })

  it('renames from the actions menu', async () => {
    const { host, older, user } = await renderWithConversations()
    await user.click(screen.getByRole('button', { name: 'Actions for Tokyo trip' }))
    const menu = screen.getByRole('menu', { name: 'Actions for Tokyo trip' })
    expect(hasFocus(within(menu).getByRole('menuitem', { name: 'Rename' }))).toBe(true)
    await user.click(within(menu).getByRole('menuitem', { name: 'Rename' }))
    const field = screen.getByRole('textbox', { name: 'Conversation title' })
    await user.clear(field)
    await user.type(field, 'Osaka trip{Enter}')
    expect(host.callsTo('chat:update-conversation')).toEqual([{ id: older.id, title: 'Osaka trip' }])
    await waitFor(() => expect(screen.getByText('Osaka trip', { selector: '.chat-conv-title' })).toBeTruthy())
  })

  it('deletes only after confirmation', async () => {
    const { host, newer, list, user } = await renderWithConversations()
    await user.click(screen.getByRole('button', { name: 'Actions for Tax questions' }))
    await user.click(screen.getByRole('menuitem', { name: 'Delete…' }))
    let dialog = screen.getByRole('alertdialog', { name: 'Delete conversation?' })
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }))
    expect(host.callsTo('chat:delete-conversation')).toEqual([])

    await user.click(screen.getByRole('button', { name: 'Actions for Tax questions' }))
    await user.click(screen.getByRole('menuitem', { name: 'Delete…' }))
    dialog = screen.getByRole('alertdialog', { name: 'Delete conversation?' })
    expect(dialog.textContent).toContain('Delete “Tax questions” and all its messages?')
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }))
    await waitFor(() => expect(host.callsTo('chat:delete-conversation')).toEqual([{ id: newer.id }]))
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(1))
    await openedConversation('New conversation')
  })

  it('exports Markdown as a file download through a Blob URL', async () => {
    const createObjectURL = vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:export')
    const clicked: { download: string; href: string }[] = []
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push({ download: this.download, href: this.href })
    })
    const { host, older, user } = await renderWithConversations()
    await user.click(screen.getByRole('button', { name: 'Actions for Tokyo trip' }))
    await user.click(screen.getByRole('menuitem', { name: 'Export as Markdown' }))
    await waitFor(() => expect(clicked).toEqual([{ download: 'Tokyo trip.md', href: 'blob:export' }]))
    expect(host.callsTo('chat:export-conversation')).toEqual([{ id: older.id, as: 'markdown' }])
    const blob = createObjectURL.mock.calls[0][0] as Blob
    expect(blob.type).toBe('text/markdown')
    expect(await blob.text()).toBe('# Tokyo trip\n')
    expect(screen.getByText('Saved “Tokyo trip.md”.')).toBeTruthy()
  })

  it('moves between conversations with the arrow keys; F2 renames and Delete asks to delete', async () => {
    const { openButton, user } = await renderWithConversations()
    openButton('Tax questions').focus()
    await user.keyboard('{ArrowDown}')
    expect(hasFocus(openButton('Tokyo trip'))).toBe(true)
    await user.keyboard('{ArrowUp}')
    expect(hasFocus(openButton('Tax questions'))).toBe(true)
    await user.keyboard('{F2}')
    expect(screen.getByRole('textbox', { name: 'Conversation title' })).toBeTruthy()
    await user.keyboard('{Escape}')
    await waitFor(() => expect(hasFocus(openButton('Tax questions'))).toBe(true))
    await user.keyboard('{Delete}')
    expect(screen.getByRole('alertdialog', { name: 'Delete conversation?' })).toBeTruthy()
  })

  it('duplicates and branches into new conversations that open', async () => {
    const { host, older, user, openButton } = await renderWithConversations()
    await user.click(screen.getByRole('button', { name: 'Actions for Tokyo trip' }))
    await user.click(screen.getByRole('menuitem', { name: 'Duplicate' }))
    await openedConversation('Tokyo trip (copy)')
    expect(host.callsTo('chat:duplicate-conversation')).toEqual([{ id: older.id }])

    await user.click(openButton('Tokyo trip'))
    await openedConversation('Tokyo trip')
    const firstUser = screen.getAllByRole('article', { name: 'User message' })[0]
    await user.click(within(firstUser).getByRole('button', { name: 'More actions' }))
    await user.click(within(firstUser).getByRole('menuitem', { name: 'Branch from here' }))
    await openedConversation('Tokyo trip (branch)')
    expect(host.callsTo('chat:branch-conversation')).toEqual([{ id: older.id, messageId: 'u1' }])
    expect(screen.getAllByRole('article')).toHaveLength(1)
  })
})
