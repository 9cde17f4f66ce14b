import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { imageFile, pngHeader } from '@renderer/testing/image-headers'
import { renderVideo, resetVideo } from '@renderer/testing/render-video'

afterEach(resetVideo)

/** The accessible description: the texts its aria-describedby names (help and error). */
function described(el: HTMLElement): string {
  return (el.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ')
}

const form = () => screen.getByRole('form', { name: 'Create' })
const prompt = () => within(form()).getByRole('textbox', { name: 'Prompt' })

/** The model field is a combobox: the profile's names are suggestions and any name can be typed. */
async function pickModel(
  user: { clear(e: Element): Promise<void>; type(e: Element, t: string): Promise<void> },
  field: HTMLElement,
  name: string
): Promise<void> {
  await user.clear(field)
  await user.type(field, name)
}

describe('video create forms', () => {
  it('refuses a 2,001-character prompt and duration 11 at their fields, focuses the first, and sends nothing', async () => {
    const { host, user } = await renderVideo()
    fireEvent.change(prompt(), { target: { value: 'x'.repeat(2001) } })
    const duration = within(form()).getByRole('textbox', { name: 'Duration (seconds)' })
    await user.clear(duration)
    await user.type(duration, '11')
    expect(within(form()).getByText('2,001 / 2,000 characters')).toBeTruthy()
    await user.click(within(form()).getByRole('button', { name: 'Create video' }))
    expect(described(prompt())).toContain('The prompt is 2,001 characters; at most 2,000.')
    expect(described(duration)).toContain('A whole number of seconds from 1 to 10.')
    await waitFor(() => expect(document.activeElement).toBe(prompt()))
    expect(host.callsTo('video:create')).toHaveLength(0)
  })

  it('shows q2 defaults before sending and sends exactly the family request', async () => {
    const { host, user } = await renderVideo()
    expect((within(form()).getByRole('combobox', { name: 'Resolution' }) as HTMLInputElement).value).toBe('720p')
    expect((within(form()).getByRole('textbox', { name: 'Duration (seconds)' }) as HTMLInputElement).value).toBe('5')
    await user.type(prompt(), 'a fox in snow')
    await user.click(within(form()).getByRole('checkbox', { name: 'Background music' }))
    await user.click(within(form()).getByRole('button', { name: 'Create video' }))
    await waitFor(() => expect(host.callsTo('video:create')).toHaveLength(1))
    expect(host.callsTo('video:create')[0]).toEqual({
      family: 'vidq',
      model: 'vidq2-pro',
      images: [],
      prompt: 'a fox in snow',
      aspect_ratio: '16:9',
      bgm: true,
      duration: 5,
      resolution: '720p'
    })
    expect(await screen.findByRole('gridcell', { name: 'a fox in snow' })).toBeTruthy()
  })

  it('explains 3:4 on a q1 model, voice_id on q3, and refuses meta_data that is not JSON', async () => {
    const { host, user } = await renderVideo()
    const model = within(form()).getByRole('combobox', { name: 'Model' })
    await pickModel(user, model, 'vidq3-pro')
    expect(screen.getByTestId('voice-no-effect').textContent).toContain('The voice has no effect on vidq3-pro')
    await pickModel(user, model, 'vidq1')
    await user.selectOptions(within(form()).getByRole('combobox', { name: 'Aspect ratio' }), '3:4')
    await user.type(prompt(), 'p')
    await user.click(screen.getByText('Advanced'))
    fireEvent.change(within(form()).getByRole('textbox', { name: 'Extra metadata (JSON)' }), {
      target: { value: '{"a":' }
    })
    await user.click(within(form()).getByRole('button', { name: 'Create video' }))
    expect(described(within(form()).getByRole('combobox', { name: 'Aspect ratio' }))).toContain(
      'vidq1 takes the aspect ratios 16:9, 9:16, 1:1, not 3:4.'
    )
    expect(described(within(form()).getByRole('textbox', { name: 'Extra metadata (JSON)' }))).toContain(
      'This is not valid JSON'
    )
    expect(host.callsTo('video:create')).toHaveLength(0)
  })

  it('refuses a 60 MB reference and a third image before any upload', async () => {
    const { host, user } = await renderVideo()
    const input = screen.getByTestId('unifiedFirst-refs-file-input')
    const big = new File([new Uint8Array(8)], 'huge.png', { type: 'image/png' })
    Object.defineProperty(big, 'size', { value: 60 * 1024 * 1024 })
    await user.upload(input, big)
    expect(await screen.findByText('“huge.png” is 60 MB; video references accept files up to 50 MB.')).toBeTruthy()
    expect(host.calls.filter((c) => c.channel === 'files:upload')).toHaveLength(0)
    const one = imageFile(pngHeader(640, 360), 'one.png')
    const two = imageFile(pngHeader(640, 360), 'two.png')
    await user.upload(input, [one, two])
    await waitFor(() =>
      expect(screen.getByTestId('unifiedFirst-mode').textContent).toContain('Two images: first and last frame.')
    )
    expect(
      (within(screen.getByTestId('unifiedFirst-refs')).getByRole('button', { name: 'Add image…' }) as HTMLButtonElement)
        .disabled
    ).toBe(true)
  })

  it('shows the forced length of gk-video-3-pro and sends it with file references', async () => {
    const { host, user } = await renderVideo()
    await user.click(screen.getByRole('radio', { name: 'Video object · multipart' }))
    await pickModel(user, within(form()).getByRole('combobox', { name: 'Model' }), 'gk-video-3-pro')
    expect(screen.getByTestId('videosMultipart-forced').textContent).toContain(
      '10 s, fixed by the gateway for gk-video-3-pro.'
    )
    expect((within(form()).getByRole('textbox', { name: 'Seconds' }) as HTMLButtonElement).disabled).toBe(true)
    await user.upload(screen.getByTestId('videosMultipart-refs-file-input'), imageFile(pngHeader(512, 512), 'ref.png'))
    await screen.findByText('File ref.png')
    await user.type(prompt(), 'waves')
    await user.click(within(form()).getByRole('button', { name: 'Create video' }))
    await waitFor(() => expect(host.callsTo('video:create')).toHaveLength(1))
    expect(host.callsTo('video:create')[0]).toMatchObject({
      family: 'gk',
      model: 'gk-video-3-pro',
      seconds: 10,
      size: '720P',
      references: [{ kind: 'file' }]
    })
  })

  it('imports an asset, shows it Active when the host says so, and picks it into the JSON family', async () => {
    const { host, user } = await renderVideo()
    await user.click(screen.getByRole('radio', { name: 'Video object · JSON' }))
    await user.click(screen.getByRole('tab', { name: 'Assets' }))
    await user.type(screen.getByRole('textbox', { name: 'Group name' }), 'Shots')
    await user.click(screen.getByRole('button', { name: 'Create group' }))
    await screen.findByRole('option', { name: 'Shots (group-1)' })
    const importForm = screen.getByRole('form', { name: 'Import an asset' })
    await user.type(within(importForm).getByRole('textbox', { name: 'Public URL' }), 'http://example.com/a.png')
    await user.type(within(importForm).getByRole('textbox', { name: 'Name' }), 'hero')
    await user.click(within(importForm).getByRole('button', { name: 'Import' }))
    expect(described(within(importForm).getByRole('textbox', { name: 'Public URL' }))).toContain(
      'Use a public https:// address.'
    )
    expect(host.callsTo('video:assets-import')).toHaveLength(0)
    await user.clear(within(importForm).getByRole('textbox', { name: 'Public URL' }))
    await user.type(within(importForm).getByRole('textbox', { name: 'Public URL' }), 'https://example.com/a.png')
    await user.click(within(importForm).getByRole('button', { name: 'Import' }))
    const row = await screen.findByRole('listitem', { name: 'hero' })
    expect(within(row).getByTestId('asset-state').textContent).toContain('Processing')
    host.video.updateAsset('asset-1', { state: 'active', rawStatus: 'Active' })
    await waitFor(() => expect(within(row).getByTestId('asset-state').textContent).toContain('Active'))
    await user.click(within(row).getByRole('button', { name: 'Use hero in the form' }))
    expect(await screen.findByText('Asset hero')).toBeTruthy()
    expect((screen.getByRole('radio', { name: 'Image to video' }) as HTMLInputElement).checked).toBe(true)
    await user.type(prompt(), 'hero walks')
    await user.click(within(form()).getByRole('button', { name: 'Create video' }))
    await waitFor(() =>
      expect(host.callsTo('video:create')[0]).toMatchObject({
        family: 'kl',
        scenario: 'image',
        image: { kind: 'asset', assetId: 'asset-1' }
      })
    )
  })
})
