import { screen, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { resetHandoff, useHandoff, type Handoff } from '@renderer/store/handoff'
import { FakeHost } from '@renderer/testing/fake-host'
import { galleryItem } from '@renderer/testing/fake-images'
import { renderImages, resetImages } from '@renderer/testing/render-images'

// The hand-offs sent, in order: the Video area (a chunk already loaded by an earlier test) may take
// one at once, so what is pending right after the click is not a reliable witness.
const sent: Handoff[] = []
let stopWatching = () => {}
beforeEach(() => {
  sent.length = 0
  stopWatching = useHandoff.subscribe((s, prev) => {
    if (s.pending && s.pending !== prev.pending) sent.push(s.pending)
  })
})
afterEach(() => {
  stopWatching()
  resetImages()
  resetHandoff()
})

function hostWithRun(): FakeHost {
  const host = new FakeHost()
  host.compare.runs.set('run-board-0001', {
    id: 'run-board-0001',
    area: 'images',
    profileId: 'sandbox',
    prompt: 'a lighthouse',
    createdAt: Date.UTC(2026, 10, 25, 9),
    cells: [
      {
        model: 'imagegen-4.0',
        family: 'imagegen',
        ref: 'j1',
        state: 'done',
        progress: 100,
        startedAt: 1_000,
        endedAt: 13_000,
        cost: { amount: 1200, basis: 'exact' },
        items: [galleryItem({ id: 'i1', model: 'imagegen-4.0' })]
      },
      {
        model: 'imagegen-4.5',
        family: 'imagegen',
        ref: 'j2',
        state: 'failed',
        progress: null,
        startedAt: 1_000,
        endedAt: 2_000,
        error: { code: 'GATEWAY_ERROR', message: 'upstream down', retryable: false }
      },
      { model: 'image-model-2', family: 'image2', ref: 'j3', state: 'running', progress: null, startedAt: Date.now() }
    ]
  })
  return host
}

describe('the images compare board', () => {
  it('shows each cell side by side with its status, time, quota and result; keeps one; hands a result to video', async () => {
    const host = hostWithRun()
    const { user } = await renderImages({ host })
    const board = await screen.findByRole('region', { name: 'Compare runs' })
    const done = within(board).getByRole('article', { name: /^imagegen-4\.0 — Done/ })
    expect(done.textContent).toContain('Took 12 s')
    expect(done.textContent).toContain('Quota spent: 1,200')
    expect(within(done).getByRole('img').getAttribute('src')).toBe('/media/i1')
    const failed = within(board).getByRole('article', { name: /^imagegen-4\.5 — Failed/ })
    expect(failed.textContent).toContain('upstream down')
    expect(within(failed).queryByRole('button', { name: 'Keep' })).toBeNull()
    expect(within(board).getByRole('article', { name: /^image-model-2 — Running/ }).textContent).toMatch(
      /Running for \d+ s/
    )

    await user.click(within(done).getByRole('button', { name: 'Keep' }))
    expect(host.callsTo('compare:keep-cell')).toEqual([{ runId: 'run-board-0001', index: 0 }])
    expect(await within(done).findByRole('button', { name: 'Kept' })).toBeTruthy()

    await user.click(within(done).getByRole('button', { name: 'More actions' }))
    await user.click(screen.getByRole('menuitem', { name: 'Use as video first frame' }))
    expect(sent.at(-1)).toMatchObject({ kind: 'video-frame', slot: 'first', itemId: 'i1' })
  })

  it('hands a cell result to the video form as its last frame, as the gallery does (en + zh)', async () => {
    const { user } = await renderImages({ host: hostWithRun() })
    const board = await screen.findByRole('region', { name: 'Compare runs' })
    const done = within(board).getByRole('article', { name: /^imagegen-4\.0 — Done/ })
    await user.click(within(done).getByRole('button', { name: 'More actions' }))
    await user.click(screen.getByRole('menuitem', { name: 'Use as last frame' }))
    expect(sent.at(-1)).toMatchObject({ kind: 'video-frame', slot: 'last', itemId: 'i1', thumbUrl: '/media/i1' })
    resetImages()
    resetHandoff()

    const host = hostWithRun()
    host.settings = { ...host.settings, language: 'zh' }
    const zh = await renderImages({ host, language: 'zh' })
    const zhBoard = await screen.findByRole('region', { name: '对比运行' })
    const zhDone = within(zhBoard).getAllByRole('article')[0]
    await zh.user.click(within(zhDone).getByRole('button', { name: '更多操作' }))
    await zh.user.click(screen.getByRole('menuitem', { name: '用作尾帧' }))
    expect(sent).toHaveLength(2)
    expect(sent.at(-1)).toMatchObject({ kind: 'video-frame', slot: 'last', itemId: 'i1' })
  })

  it('a cell updated by the host shows its result without a reload', async () => {
    const host = hostWithRun()
    await renderImages({ host })
    const board = await screen.findByRole('region', { name: 'Compare runs' })
    host.compare.update('run-board-0001', 2, {
      state: 'done',
      endedAt: Date.now(),
      items: [galleryItem({ id: 'i3', model: 'image-model-2' })]
    })
    const cell = await within(board).findByRole('article', { name: /^image-model-2 — Done/ })
    expect(within(cell).getByRole('img').getAttribute('src')).toBe('/media/i3')
  })
})
