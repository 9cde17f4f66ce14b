import { act, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { resetHandoff, useHandoff } from '@renderer/store/handoff'
import { FakeHost } from '@renderer/testing/fake-host'
import { renderVideo, resetVideo } from '@renderer/testing/render-video'

afterEach(() => {
  resetVideo()
  resetHandoff()
})

const form = () => screen.getByRole('form', { name: 'Create' })
const frame = (slot: 'first' | 'last' | 'reference', itemId: string, label: string) =>
  act(() => useHandoff.getState().send({ kind: 'video-frame', slot, itemId, label, thumbUrl: `/media/${itemId}` }))
const notice = () => document.querySelector('.video-notice')?.textContent ?? ''

describe('a gallery image handed to the video Create form', () => {
  it('as first frame: the first family keeps it, says so, and sends it as a gallery reference', async () => {
    const { host, user } = await renderVideo()
    frame('first', 'img-1', 'a fox')
    await waitFor(() => expect(notice()).toBe('“a fox” is now the first frame (Unified · first family, vidq2-pro).'))
    await user.type(within(form()).getByRole('textbox', { name: 'Prompt' }), 'the fox runs')
    await user.click(within(form()).getByRole('button', { name: 'Create video' }))
    await waitFor(() => expect(host.callsTo('video:create')).toHaveLength(1))
    expect(host.callsTo('video:create')[0]).toMatchObject({
      family: 'vidq',
      images: [{ kind: 'gallery', itemId: 'img-1' }]
    })
  })

  it('as last frame while the multipart family is chosen: says its model cannot, switches to one that can, and keeps first before last', async () => {
    const { host, user } = await renderVideo()
    await user.click(screen.getByRole('radio', { name: 'Video object · multipart' }))
    frame('last', 'img-2', 'the end')
    await waitFor(() =>
      expect(notice()).toBe(
        'gk-video-3 cannot take a last frame from the gallery; switched to Unified · first family (vidq2-pro), which can. A video from first and last frames needs both: add a first frame too.'
      )
    )
    expect((screen.getByRole('radio', { name: 'Unified · first family' }) as HTMLInputElement).checked).toBe(true)
    frame('first', 'img-1', 'the start')
    await waitFor(() => expect(notice()).toContain('“the start” is now the first frame'))
    await user.click(within(form()).getByRole('button', { name: 'Create video' }))
    await waitFor(() => expect(host.callsTo('video:create')).toHaveLength(1))
    expect(host.callsTo('video:create')[0]).toMatchObject({
      images: [
        { kind: 'gallery', itemId: 'img-1' },
        { kind: 'gallery', itemId: 'img-2' }
      ]
    })
  })

  it('as reference: the first family takes no reference images, so the multipart family gets it', async () => {
    const { host, user } = await renderVideo()
    frame('reference', 'img-3', 'a style')
    await waitFor(() =>
      expect(notice()).toMatch(
        /^vidq2-pro cannot take a reference image from the gallery; switched to Video object · multipart \(gk-video-3\), which can\.$/
      )
    )
    expect((screen.getByRole('radio', { name: 'Video object · multipart' }) as HTMLInputElement).checked).toBe(true)
    await user.type(within(form()).getByRole('textbox', { name: 'Prompt' }), 'in this style')
    await user.click(within(form()).getByRole('button', { name: 'Create video' }))
    await waitFor(() => expect(host.callsTo('video:create')).toHaveLength(1))
    expect(host.callsTo('video:create')[0]).toMatchObject({
      family: 'gk',
      references: [{ kind: 'gallery', itemId: 'img-3' }]
    })
  })
})

describe('a video handed to the Video area', () => {
  it('to remix: opens the remix dialog for that task; a task gone from the board is told, not opened', async () => {
    const host = new FakeHost()
    host.video.seed(2, (i) => ({ state: 'succeeded', prompt: `video ${i}` }))
    await renderVideo({ host })
    await screen.findByRole('gridcell', { name: 'video 1' })
    act(() => useHandoff.getState().send({ kind: 'video-remix', taskId: 'v-1' }))
    expect(await screen.findByRole('dialog', { name: 'Remix “video 1”' })).toBeTruthy()
    act(() => useHandoff.getState().send({ kind: 'video-remix', taskId: 'v-9' }))
    await waitFor(() => expect(notice()).toBe('That video is no longer on the board, so it cannot be remixed.'))
  })
})
