import { act, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { useUiStore } from '@renderer/store/ui'
import { FakeHost } from '@renderer/testing/fake-host'
import { succeeded, videoTask } from '@renderer/testing/fake-video'
import { renderVideo, resetVideo } from '@renderer/testing/render-video'
import { StudioError } from '@shared/errors'

const renders = new Map<string, number>()
function installProbe(): void {
  renders.clear()
  ;(globalThis as { __studioRenderProbe?: (k: string, id: string) => void }).__studioRenderProbe = (_k, id) =>
    renders.set(id, (renders.get(id) ?? 0) + 1)
}

afterEach(() => {
  delete (globalThis as { __studioRenderProbe?: unknown }).__studioRenderProbe
  resetVideo()
})

/** Host events are folded once per frame. */
const nextFrame = () => act(() => new Promise<void>((r) => requestAnimationFrame(() => r())))

const grid = () => screen.getByRole('grid', { name: 'Job board' })

describe('job board', () => {
  it('says what it is for when empty', async () => {
    await renderVideo()
    expect((await screen.findByTestId('board-empty')).textContent).toContain('No videos yet')
  })

  it('renders a window of 1,000 cards and re-renders only the card whose task changed', async () => {
    const host = new FakeHost()
    host.video.seed(1000)
    installProbe()
    await renderVideo({ host })
    await within(grid()).findByRole('gridcell', { name: 'video 0' })
    const cells = within(grid()).getAllByRole('gridcell')
    expect(cells.length).toBeGreaterThan(0)
    expect(cells.length).toBeLessThan(40)
    expect(screen.getByTestId('board-count').textContent).toBe('1000 of 1000 tasks')
    const before = new Map(renders)
    await act(async () => {
      host.video.update('v-1', { progress: 55 })
      host.video.update('v-2', { progress: 60 })
    })
    await nextFrame()
    const card = within(grid()).getByRole('gridcell', { name: 'video 1' })
    await waitFor(() => expect(within(card).getByTestId('progress-value').textContent).toBe('55%'))
    const changed = [...renders].filter(([id, n]) => n !== before.get(id)).map(([id]) => id)
    expect(changed.sort()).toEqual(['v-1', 'v-2'])
  })

  it('shows a failure with its code, the returned model beside the requested one, and filters by status and text', async () => {
    const host = new FakeHost()
    host.video.tasks = [
      videoTask({
        id: 'f',
        prompt: 'storm at sea',
        state: 'failed',
        rawStatus: 'failed',
        error: { message: 'Content was flagged', code: 'policy_violation' },
        createdAt: 3
      }),
      succeeded(
        videoTask({
          id: 'k',
          prompt: 'harbour',
          model: 'Kl-2.6',
          returnedModel: 'Kl-2.6-std-5s',
          family: 'kl',
          createdAt: 2
        })
      ),
      videoTask({ id: 'r', prompt: 'kite', createdAt: 1 })
    ]
    const { user } = await renderVideo({ host })
    const failed = await within(grid()).findByRole('gridcell', { name: 'storm at sea' })
    expect(within(failed).getByTestId('task-error').textContent).toBe('Content was flagged · Code policy_violation')
    const ok = within(grid()).getByRole('gridcell', { name: 'harbour' })
    expect(within(ok).getByTestId('task-model').textContent).toBe('Kl-2.6 → returned Kl-2.6-std-5s')
    expect(within(ok).getByTestId('video-player').getAttribute('src')).toMatch(/^\/media\/k\.mp4(#|$)/)
    // Loaded with CORS, so "Extract frame" can read its pixels where media is another origin (Electron).
    expect(within(ok).getByTestId('video-player').getAttribute('crossorigin')).toBe('anonymous')
    // Status, model and dates are folded behind Filters; each one in use is a chip that removes it.
    const filters = screen.getByRole('button', { name: 'Filters' })
    expect(filters.getAttribute('aria-expanded')).toBe('false')
    expect(screen.queryByRole('combobox', { name: 'Status' })).toBeNull()
    await user.click(filters)
    await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'failed')
    await waitFor(() =>
      expect(
        within(grid())
          .getAllByRole('gridcell')
          .map((c) => c.getAttribute('aria-label'))
      ).toEqual(['storm at sea'])
    )
    const chips = screen.getByRole('list', { name: 'Filters in use' })
    await user.click(within(chips).getByRole('button', { name: 'Remove the filter Status: Failed or cancelled' }))
    expect(screen.queryByRole('list', { name: 'Filters in use' })).toBeNull()
    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'std-5s')
    await waitFor(() =>
      expect(
        within(grid())
          .getAllByRole('gridcell')
          .map((c) => c.getAttribute('aria-label'))
      ).toEqual(['harbour'])
    )
  })

  it("searches prompts through the host's full-text index: the board shows the tasks it found", async () => {
    const host = new FakeHost()
    host.video.tasks = [
      videoTask({ id: 'a', prompt: 'lighthouse at dusk', createdAt: 2 }),
      videoTask({ id: 'b', prompt: 'kite', createdAt: 1 })
    ]
    const { user } = await renderVideo({ host })
    await within(grid()).findByRole('gridcell', { name: 'kite' })
    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'DUSK')
    await waitFor(() => expect(host.callsTo('video:search')).toContainEqual(expect.objectContaining({ query: 'DUSK' })))
    await waitFor(() =>
      expect(
        within(grid())
          .getAllByRole('gridcell')
          .map((c) => c.getAttribute('aria-label'))
      ).toEqual(['lighthouse at dusk'])
    )
  })

  it('shows search results in the order the host ranked them, each card with its excerpt and the match marked (en + zh)', async () => {
    const host = new FakeHost()
    host.video.tasks = [
      videoTask({ id: 'n', prompt: 'a fox at noon', createdAt: 3 }),
      videoTask({ id: 'o', prompt: 'fox, fox and fox in the snow', createdAt: 1 }),
      videoTask({ id: 'x', prompt: 'kite', createdAt: 2 })
    ]
    const { user } = await renderVideo({ host })
    await within(grid()).findByRole('gridcell', { name: 'kite' })
    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'fox')
    // Ranked, not newest first: the older task that says it three times leads.
    await waitFor(() =>
      expect(
        within(grid())
          .getAllByRole('gridcell')
          .map((c) => c.getAttribute('aria-label'))
      ).toEqual(['fox, fox and fox in the snow', 'a fox at noon'])
    )
    const best = within(grid()).getByRole('gridcell', { name: 'fox, fox and fox in the snow' })
    const excerpt = within(best).getByTestId('card-match')
    expect(excerpt.textContent).toMatch(/^Found: fox, fox and fox in the snow/)
    expect([...excerpt.querySelectorAll('mark')].map((m) => m.textContent)).toEqual(['fox'])
    // No excerpt once the search is cleared; the board is newest first again.
    await user.clear(screen.getByRole('searchbox', { name: 'Search' }))
    await waitFor(() =>
      expect(
        within(grid())
          .getAllByRole('gridcell')
          .map((c) => c.getAttribute('aria-label'))
      ).toEqual(['a fox at noon', 'kite', 'fox, fox and fox in the snow'])
    )
    expect(screen.queryByTestId('card-match')).toBeNull()
  })

  it('says when the host found more matches than the board shows, in Chinese too', async () => {
    const host = new FakeHost()
    host.settings = { ...host.settings, language: 'zh' }
    host.video.tasks = Array.from({ length: 205 }, (_, i) =>
      videoTask({ id: `m${i}`, prompt: `lantern ${i}`, createdAt: i })
    )
    const { user } = await renderVideo({ host, language: 'zh' })
    const zhGrid = await screen.findByRole('grid')
    await within(zhGrid).findByRole('gridcell', { name: 'lantern 204' })
    await user.type(screen.getByRole('searchbox'), 'lantern')
    expect((await screen.findByTestId('board-more-matches')).textContent).toBe(
      '仅显示最相关的 200 个结果；请细化搜索以查看其他结果。'
    )
    expect(within(zhGrid).getAllByTestId('card-match')[0].textContent).toMatch(/^匹配：lantern/)
  })

  it('toasts a task that finishes while another area is open, and Show opens its card', async () => {
    const host = new FakeHost()
    host.video.seed(30)
    const { user } = await renderVideo({ host })
    await within(grid()).findByRole('gridcell', { name: 'video 0' })
    act(() => useUiStore.getState().setView('chat'))
    await act(async () => {
      host.video.update('v-25', (t) => succeeded(t))
    })
    await nextFrame()
    const toast = await screen.findByTestId('video-toast')
    expect(toast.textContent).toContain('Video ready')
    expect(toast.textContent).toContain('video 25')
    await user.click(within(toast).getByRole('button', { name: 'Show' }))
    const card = await screen.findByRole('gridcell', { name: 'video 25' }, { timeout: 10_000 })
    await waitFor(() => expect(document.activeElement).toBe(card))
  })

  it('moves between cards with the arrow keys and removes the focused one after confirmation', async () => {
    const host = new FakeHost()
    host.video.seed(5)
    const { user } = await renderVideo({ host })
    const first = await within(grid()).findByRole('gridcell', { name: 'video 0' })
    first.focus()
    await user.keyboard('{ArrowRight}')
    const second = within(grid()).getByRole('gridcell', { name: 'video 1' })
    expect(document.activeElement).toBe(second)
    await user.keyboard('{Delete}')
    const dialog = await screen.findByRole('alertdialog', { name: 'Remove this video task?' })
    expect(dialog.textContent).toContain('still running')
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }))
    await waitFor(() => expect(within(grid()).queryByRole('gridcell', { name: 'video 1' })).toBeNull())
    expect(host.callsTo('video:remove')).toEqual([{ id: 'v-1' }])
  })

  it("a task still being submitted: the dialog says to wait, and the host's refusal is shown in it", async () => {
    const host = new FakeHost()
    host.video.tasks = [videoTask({ id: 'v-s', taskId: null, state: 'submitting', prompt: 'a kite in the rain' })]
    host.on('video:remove', () => {
      throw new StudioError('CONFLICT', 'This video is still being submitted. Remove it once the gateway has answered.')
    })
    const { user } = await renderVideo({ host })
    const card = await within(grid()).findByRole('gridcell', { name: 'a kite in the rain' })
    await user.click(within(card).getByRole('button', { name: 'More actions' }))
    await user.click(screen.getByRole('menuitem', { name: 'Remove' }))
    const dialog = await screen.findByRole('alertdialog', { name: 'Remove this video task?' })
    expect(dialog.textContent).toContain('still being submitted: it can be removed once the gateway has answered')
    expect(dialog.textContent).not.toContain('still running')
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }))
    expect((await within(dialog).findByRole('alert')).textContent).toContain('Remove it once the gateway has answered.')
    // Still open, with the task still on the board behind it.
    expect(screen.getByRole('alertdialog', { name: 'Remove this video task?' })).toBe(dialog)
    expect(host.callsTo('video:remove')).toEqual([{ id: 'v-s' }])
    expect(screen.getByRole('gridcell', { name: 'a kite in the rain', hidden: true })).toBeTruthy()
  })

  it('remixes a finished task and links the new card to its source', async () => {
    const host = new FakeHost()
    host.video.tasks = [succeeded(videoTask({ id: 'src', prompt: 'a paper boat' }))]
    const { user } = await renderVideo({ host })
    const source = await within(grid()).findByRole('gridcell', { name: 'a paper boat' })
    await user.click(within(source).getByRole('button', { name: 'Remix' }))
    const dialog = await screen.findByRole('dialog', { name: 'Remix “a paper boat”' })
    await user.click(within(dialog).getByRole('button', { name: 'Remix' }))
    expect(within(dialog).getByText('Write a prompt: this family needs one.')).toBeTruthy()
    expect(host.callsTo('video:remix')).toHaveLength(0)
    await user.type(
      within(dialog).getByRole('textbox', { name: 'How to rewrite or continue the video' }),
      'the boat sinks'
    )
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Aspect ratio' }), '3:2')
    await user.click(within(dialog).getByRole('button', { name: 'Remix' }))
    await waitFor(() =>
      expect(host.callsTo('video:remix')).toEqual([
        {
          sourceId: 'src',
          route: 'videos',
          model: 'gk-video-3',
          prompt: 'the boat sinks',
          size: '720P',
          aspect_ratio: '3:2'
        }
      ])
    )
    const remix = await within(grid()).findByRole('gridcell', { name: 'the boat sinks' })
    expect(within(remix).getByTestId('lineage').textContent).toBe('Remix of “a paper boat”')
    expect(within(grid()).getByRole('gridcell', { name: 'a paper boat' }).textContent).toContain('1 remix')
  })
})
