import { QueryClientProvider } from '@tanstack/react-query'
import { act, render, screen, waitFor, within } from '@testing-library/react'
import { Profiler } from 'react'
import { I18nextProvider } from 'react-i18next'
import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import { openedConversation } from '@renderer/testing/chat'
import { FakeHost } from '@renderer/testing/fake-host'
import { renderApp, resetApp } from '@renderer/testing/render-app'
import { useChatUiStore } from '../chat-ui-store'
import { loadMarkdownEngine } from '../markdown/engine'
import { CompareColumn } from './CompareColumn'

afterEach(resetApp)
beforeAll(async () => {
  await loadMarkdownEngine()
})

const text = (append: string) => ({ part: 0, type: 'text' as const, append })

function column(model: string): HTMLElement {
  return screen.getByRole('region', { name: `Answer of ${model}` })
}

async function startCompare(models: string[], opts: { refuse?: string[] } = {}) {
  const host = new FakeHost()
  host.chat.models = ['model-alpha', 'model-beta', 'model-gamma']
  for (const m of opts.refuse ?? []) host.chat.refusedModels.add(m)
  const app = await renderApp({ host })
  await app.user.click(await screen.findByRole('button', { name: 'Compare models' }))
  const fields = () => screen.getAllByRole('combobox', { name: /^Model \d$/ })
  // The compare area loads on first use (it is off the start path).
  await screen.findAllByRole('combobox', { name: /^Model \d$/ })
  while (fields().length < models.length) await app.user.click(screen.getByRole('button', { name: 'Add a model' }))
  for (const [i, m] of models.entries()) {
    await app.user.clear(fields()[i])
    await app.user.type(fields()[i], m)
  }
  await app.user.type(screen.getByRole('textbox', { name: 'Prompt for every model' }), 'Name a tea{Enter}')
  await waitFor(() => expect(host.callsTo('chat:start-compare')).toHaveLength(1))
  await screen.findByRole('group', { name: 'Answers side by side' })
  const streams = host.chat.streams.slice()
  return { ...app, host, streams }
}

describe('chat compare', () => {
  it('streams three answers side by side, each into its own column, with status, time and tokens', async () => {
    const { host, streams } = await startCompare(['model-alpha', 'model-beta', 'model-gamma'])
    expect(host.callsTo('chat:start-compare')).toEqual([
      {
        format: 'chat',
        models: ['model-alpha', 'model-beta', 'model-gamma'],
        text: 'Name a tea',
        system: '',
        params: { format: 'chat', params: {} }
      }
    ])
    expect(streams).toHaveLength(3)
    act(() => {
      host.chat.delta(streams[0], 0, [text('Sencha from alpha')])
      host.chat.delta(streams[1], 0, [text('Oolong from beta')])
    })
    await waitFor(() => expect(within(column('model-alpha')).getByText('Sencha from alpha')).toBeTruthy())
    expect(within(column('model-beta')).getByText('Oolong from beta')).toBeTruthy()
    expect(within(column('model-beta')).queryByText('Sencha from alpha')).toBeNull()
    expect(within(column('model-gamma')).getByText('Waiting for the first words…')).toBeTruthy()
    expect(within(column('model-alpha')).getByText('Answering…')).toBeTruthy()
    expect(within(column('model-alpha')).getByText(/s so far$/)).toBeTruthy()

    act(() => void host.chat.end(streams[0], 'complete', { usage: { input: 5, output: 7, total: 12 } }))
    await waitFor(() => expect(within(column('model-alpha')).getByText('Done')).toBeTruthy())
    expect(within(column('model-alpha')).getByText('Tokens: 5 in, 7 out, 12 total')).toBeTruthy()
    await waitFor(() => expect(within(column('model-alpha')).getByText(/^Took \d+\.\d s$/)).toBeTruthy())
    expect(within(column('model-beta')).getByText('Answering…')).toBeTruthy()
  })

  it('a failed column shows its error and the others keep streaming; Stop stops one, Stop all the rest', async () => {
    const { host, user, streams } = await startCompare(['model-alpha', 'model-beta', 'model-gamma'], {
      refuse: ['model-beta']
    })
    expect(streams).toHaveLength(2)
    await waitFor(() => expect(within(column('model-beta')).getByText('Failed')).toBeTruthy())
    expect(
      within(within(column('model-beta')).getByRole('group', { name: 'Why this answer failed' })).getByText(
        /No available channel for model model-beta/
      )
    ).toBeTruthy()
    act(() => host.chat.delta(streams[1], 0, [text('Gamma still going')]))
    await waitFor(() => expect(within(column('model-gamma')).getByText('Gamma still going')).toBeTruthy())

    await user.click(within(column('model-alpha')).getByRole('button', { name: 'Stop' }))
    expect(host.callsTo('chat:stop')).toEqual([{ streamId: streams[0].streamId }])
    await user.click(screen.getByRole('button', { name: 'Stop all' }))
    expect(host.callsTo('chat:stop')).toEqual([
      { streamId: streams[0].streamId },
      { streamId: streams[0].streamId },
      { streamId: streams[1].streamId }
    ])
  })

  it('one stream’s deltas do not render the other columns again', async () => {
    const { host, streams, queryClient, i18n } = await startCompare(['model-alpha', 'model-beta'])
    // Beta has finished (a streaming column's own clock ticks, which is a commit of its own).
    act(() => void host.chat.end(streams[1], 'complete', { text: 'Beta is done' }))
    await waitFor(() => expect(within(column('model-beta')).getByText('Done')).toBeTruthy())
    // Each column rendered again under a Profiler (same query client and live store as the app's board), to count its commits.
    const commits: Record<string, number> = {}
    const noop = () => undefined
    const probe = render(
      <>
        {['model-alpha', 'model-beta'].map((m, i) => (
          <Profiler key={m} id={m} onRender={() => (commits[m] = (commits[m] ?? 0) + 1)}>
            <CompareColumn
              conversationId={streams[i].conversationId}
              model={m}
              onStop={noop}
              onContinue={noop}
              busy={false}
            />
          </Profiler>
        ))}
      </>,
      {
        wrapper: ({ children }) => (
          <QueryClientProvider client={queryClient}>
            <I18nextProvider i18n={i18n}>{children}</I18nextProvider>
          </QueryClientProvider>
        )
      }
    )
    await waitFor(() => expect(commits['model-beta']).toBeGreaterThan(0))
    await waitFor(() => expect(screen.getAllByText(/^Took /)).toHaveLength(2))
    await new Promise((r) => setTimeout(r, 100))
    const before = { ...commits }
    for (let seq = 0; seq < 20; seq++) {
      act(() => host.chat.delta(streams[0], seq, [text(`word${seq} `)]))
      await new Promise((r) => setTimeout(r, 5))
    }
    await waitFor(() => expect(screen.getAllByText(/word19/).length).toBeGreaterThan(0))
    expect(commits['model-alpha'] - before['model-alpha']).toBeGreaterThan(0)
    expect(commits['model-beta'] - before['model-beta']).toBe(0)
    probe.unmount()
  })

  it('Continue with this opens that answer’s conversation with its history; the others stay as conversations', async () => {
    const { host, user, streams } = await startCompare(['model-alpha', 'model-beta'])
    act(() => {
      void host.chat.end(streams[0], 'complete', { text: 'Alpha says sencha' })
      void host.chat.end(streams[1], 'complete', { text: 'Beta says oolong' })
    })
    await waitFor(() => expect(within(column('model-beta')).getByText('Done')).toBeTruthy())
    await user.click(within(column('model-beta')).getByRole('button', { name: 'Continue with this' }))
    const pane = await openedConversation('Name a tea')
    expect(host.callsTo('chat:settle-compare')).toEqual([{ id: expect.any(String), keep: streams[1].conversationId }])
    expect(useChatUiStore.getState().selectedId).toBe(streams[1].conversationId)
    await waitFor(() => expect(within(pane).getByText('Beta says oolong')).toBeTruthy())
    expect(within(pane).getByText('Name a tea', { selector: '.chat-user-text' })).toBeTruthy()
    expect(within(pane).queryByText('Alpha says sencha')).toBeNull()
    expect(host.chat.conversations.map((c) => c.id).sort()).toEqual(
      [streams[0].conversationId, streams[1].conversationId].sort()
    )
  })

  it('with “discard the others”, only the chosen conversation is left', async () => {
    const { host, user, streams } = await startCompare(['model-alpha', 'model-beta', 'model-gamma'])
    await user.click(screen.getByRole('checkbox', { name: 'Discard the other answers when I continue' }))
    await user.click(within(column('model-gamma')).getByRole('button', { name: 'Continue with this' }))
    await openedConversation('Name a tea')
    expect(host.callsTo('chat:settle-compare')).toEqual([
      { id: expect.any(String), keep: streams[2].conversationId, discardOthers: true }
    ])
    expect(host.chat.conversations.map((c) => c.id)).toEqual([streams[2].conversationId])
  })

  it('after a restart, an open compare is listed and its board shows the saved partial answers', async () => {
    const host = new FakeHost()
    const a = host.chat.add({
      model: 'model-alpha',
      title: 'Name a tea',
      messages: [
        { id: 'u1', role: 'user', parts: [{ type: 'text', text: 'Name a tea' }], createdAt: 10, status: 'complete' },
        {
          id: 'a1',
          role: 'assistant',
          parts: [{ type: 'text', text: 'Sencha, cut short' }],
          createdAt: 11,
          status: 'incomplete',
          model: 'model-alpha'
        }
      ]
    })
    const b = host.chat.add({
      model: 'model-beta',
      title: 'Name a tea',
      messages: [
        { id: 'u2', role: 'user', parts: [{ type: 'text', text: 'Name a tea' }], createdAt: 10, status: 'complete' },
        {
          id: 'a2',
          role: 'assistant',
          parts: [{ type: 'text', text: 'Oolong, whole' }],
          createdAt: 11,
          status: 'complete',
          model: 'model-beta'
        }
      ]
    })
    host.chat.compares = [
      {
        id: 'cmp-1',
        area: 'chat',
        createdAt: 10,
        format: 'chat',
        prompt: 'Name a tea',
        columns: [
          { conversationId: a.id, model: 'model-alpha' },
          { conversationId: b.id, model: 'model-beta' }
        ]
      }
    ]
    const { user } = await renderApp({ host })
    await user.click(await screen.findByRole('button', { name: 'Compare models' }))
    const open = await screen.findByRole('region', { name: 'Open comparisons' })
    await user.click(within(open).getByRole('button', { name: /Name a tea/ }))
    await waitFor(() => expect(within(column('model-alpha')).getByText('Sencha, cut short')).toBeTruthy())
    expect(within(column('model-alpha')).getByText('Cut short')).toBeTruthy()
    expect(within(column('model-beta')).getByText('Oolong, whole')).toBeTruthy()
    expect(within(column('model-beta')).getByText('Done')).toBeTruthy()
  })

  it('refuses to start before any request: fewer than two models, the same model twice, no prompt', async () => {
    const host = new FakeHost()
    const { user } = await renderApp({ host })
    await user.click(await screen.findByRole('button', { name: 'Compare models' }))
    const fields = screen.getAllByRole('combobox', { name: /^Model \d$/ })
    await user.clear(fields[1])
    expect(screen.getByText('Choose at least two models.')).toBeTruthy()
    await user.type(fields[1], 'model-alpha')
    await user.clear(fields[0])
    await user.type(fields[0], 'model-alpha')
    expect(screen.getAllByText('This model is chosen twice.').length).toBeGreaterThan(0)
    await user.clear(fields[1])
    await user.type(fields[1], 'model-beta')
    expect(screen.getByText('Type a prompt first.')).toBeTruthy()
    await user.click(screen.getByRole('button', { name: 'Compare' }))
    expect(host.callsTo('chat:start-compare')).toEqual([])
  })
})
