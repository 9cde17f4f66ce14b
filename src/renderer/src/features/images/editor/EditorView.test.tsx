import { act, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { isInvalid } from '@renderer/testing/a11y'
import { FakeHost, grantUploads } from '@renderer/testing/fake-host'
import { galleryItem } from '@renderer/testing/fake-images'
import { imageFile, pngHeader, webpHeader } from '@renderer/testing/image-headers'
import { drag, openPainter, stubMaskExport } from '@renderer/testing/painter-kit'
import { renderImages } from '@renderer/testing/render-images'
import { StudioError } from '@shared/errors'
import { markSourceDrawn } from './canvas/painter-engine'
import { WARM_FALLBACK_MS } from './EditorView'
import { useEditorPanel } from './state/editor-panel'
import { maskExport } from './worker/mask-export'

const exporter = stubMaskExport({ rasterMs: 40, encodeMs: 180 })

const form = () => within(screen.getByRole('form', { name: 'Edit settings' }))

describe('edit flow', () => {
  it('refuses an empty prompt at the field: no mask export, no upload, no edit', async () => {
    const { host, user, stage } = await openPainter()
    drag(stage, [[300, 300]])
    await user.click(screen.getByRole('button', { name: 'Apply edit' }))
    expect(isInvalid(form().getByRole('textbox', { name: 'Prompt' }))).toBe(true)
    expect(exporter).not.toHaveBeenCalled()
    expect(host.calls.filter((c) => c.channel === 'files:upload' || c.channel === 'images:edit')).toHaveLength(0)
  })

  it('exports the mask at the source size, uploads it as mask.png, and sends the edit with it', async () => {
    const host = new FakeHost()
    host.uploadHandler = grantUploads({ fileId: 'mask-file-1', width: 4096, height: 4096 })
    const { user, stage } = await openPainter(host)
    drag(stage, [
      [300, 300],
      [400, 300]
    ])
    await user.type(form().getByRole('textbox', { name: 'Prompt' }), 'a red door')
    await user.selectOptions(form().getByRole('combobox', { name: 'Quality' }), 'high')
    await user.click(within(form().getByRole('group', { name: 'Watermark' })).getByRole('radio', { name: 'Off' }))
    await user.click(screen.getByRole('button', { name: 'Apply edit' }))
    await waitFor(() => expect(host.callsTo('images:edit')).toHaveLength(1))
    expect(exporter).toHaveBeenCalledTimes(1)
    const [ops, width, height] = exporter.mock.calls[0]
    expect([ops.length, width, height]).toEqual([1, 4096, 4096])
    expect(host.calls.find((c) => c.channel === 'files:upload')?.input).toMatchObject({
      meta: { purpose: 'image-edit', name: 'mask.png' }
    })
    expect(host.callsTo('images:edit')[0]).toEqual({
      source: { kind: 'gallery', itemId: 'src-1' },
      maskFileId: 'mask-file-1',
      prompt: 'a red door',
      model: 'imagegen-4.0',
      family: 'editNative',
      quality: 'high',
      watermark: 'false'
    })
  })

  it('offers per-model quality values and the native-only fields only for the native family', async () => {
    const { user } = await openPainter()
    const options = () =>
      Array.from((form().getByRole('combobox', { name: 'Quality' }) as HTMLSelectElement).options).map((o) => o.value)
    expect(options()).toEqual(['', 'auto', 'high', 'medium', 'low', 'hd', 'standard'])
    expect(form().getByRole('combobox', { name: 'Resolution' })).toBeTruthy()
    const model = form().getByRole('combobox', { name: 'Edit model' })
    await user.clear(model)
    await user.type(model, 'image-model-1')
    // The names put image-model-1 in the form family; its own quality words are a rule of the names.
    expect((form().getByRole('combobox', { name: 'Edit family' }) as HTMLSelectElement).value).toBe('editForm')
    expect(options()).toEqual(['', 'standard', 'high', 'medium', 'low'])
    expect(form().queryByRole('combobox', { name: 'Resolution' })).toBeNull()
    expect(form().queryByRole('combobox', { name: 'Ratio' })).toBeNull()
  })

  it('refuses a mask whose uploaded size differs from the source', async () => {
    const host = new FakeHost()
    host.uploadHandler = grantUploads({ fileId: 'm', width: 1024, height: 1024 })
    const { user, stage } = await openPainter(host)
    drag(stage, [[300, 300]])
    await user.type(form().getByRole('textbox', { name: 'Prompt' }), 'x')
    await user.click(screen.getByRole('button', { name: 'Apply edit' }))
    expect(await screen.findByText('The mask came out 1024×1024, not 4096×4096; it was not sent.')).toBeTruthy()
    expect(host.callsTo('images:edit')).toHaveLength(0)
  })

  it('shows the result with compare, warns when the edit changed pixels outside the mask, and protects', async () => {
    const { host, user, stage } = await openPainter()
    drag(stage, [[300, 300]])
    await user.type(form().getByRole('textbox', { name: 'Prompt' }), 'a red door')
    await user.click(screen.getByRole('button', { name: 'Apply edit' }))
    await waitFor(() => expect(host.callsTo('images:edit')).toHaveLength(1))
    const job = host.images.lastJob()
    const result = galleryItem({
      id: 'res-1',
      origin: 'edit',
      prompt: 'a red door',
      width: 4096,
      height: 4096,
      parentId: 'src-1',
      outsideMaskChange: 0.124
    })
    act(() => {
      host.images.update(job.jobId, {
        status: 'done',
        items: [result],
        warnings: ['The upstream seems to have ignored the mask.']
      })
    })
    const region = within(await screen.findByRole('region', { name: 'Result' }))
    expect(region.getByTestId('edit-result-image').getAttribute('src')).toBe('/media/res-1')
    const compare = region.getByRole('button', { name: 'Compare' })
    await user.click(compare)
    expect(region.getByLabelText('Showing the source')).toBeTruthy()
    await user.click(compare)
    expect(
      region.getByText('About 12.4% of the image changed outside your mask: this channel may have ignored it.')
    ).toBeTruthy()
    await user.click(region.getByRole('button', { name: 'Protect outside the mask' }))
    await waitFor(() => expect(host.callsTo('images:protect-outside-mask')).toHaveLength(1))
    expect(host.callsTo('images:protect-outside-mask')[0]).toMatchObject({ id: 'res-1' })
    expect(await screen.findByText('A protected copy was added to the gallery.')).toBeTruthy()
    await user.click(region.getByRole('button', { name: 'Back to the mask' }))
    expect(screen.getByRole('region', { name: 'Mask painter' })).toBeTruthy()
  })
  it('shows a failed edit precisely and leads back to the mask, which is kept', async () => {
    const { host, user, stage } = await openPainter()
    drag(stage, [[300, 300]])
    await user.type(form().getByRole('textbox', { name: 'Prompt' }), 'x')
    await user.click(screen.getByRole('button', { name: 'Apply edit' }))
    await waitFor(() => expect(host.callsTo('images:edit')).toHaveLength(1))
    act(() => {
      host.images.update(host.images.lastJob().jobId, {
        status: 'failed',
        error: { code: 'GATEWAY_VALIDATION', message: 'mask: must be the same size as the image', retryable: false }
      })
    })
    const region = within(await screen.findByRole('region', { name: 'Result' }))
    expect(region.getByText('mask: must be the same size as the image')).toBeTruthy()
    await user.click(region.getByRole('button', { name: 'Back to the mask' }))
    expect(screen.getByRole('region', { name: 'Mask painter' })).toBeTruthy()
    expect(
      within(screen.getByRole('region', { name: 'Mask painter' })).getByRole('button', { name: 'Undo' })
    ).toHaveProperty('disabled', false)
  })
})

describe('opening a file to edit', () => {
  it('shows the host’s precise refusal of a wrong type and opens nothing', async () => {
    const host = new FakeHost()
    host.uploadHandler = () => {
      throw new StudioError(
        'INVALID_INPUT',
        '"photo.png" is not a PNG, JPEG or WebP image: its name ends in .png, but its content is not an image.',
        { field: 'file' }
      )
    }
    const { user } = await renderImages({ host })
    await user.click(screen.getByRole('button', { name: 'Edit an image…' }))
    await user.upload(screen.getByTestId('editor-file-input'), imageFile(pngHeader(64, 64), 'photo.png'))
    const alert = await screen.findByRole('alert')
    expect(alert.textContent).toContain('This file can’t be edited')
    expect(alert.textContent).toContain('its content is not an image')
    expect(screen.queryByRole('region', { name: 'Mask painter' })).toBeNull()
  })

  it('refuses a file over 25 MB before a byte is sent', async () => {
    const { host, user } = await renderImages()
    await user.click(screen.getByRole('button', { name: 'Edit an image…' }))
    const big = new File([new Uint8Array(25 * 1024 * 1024 + 1)], 'huge.png', { type: 'image/png' })
    await user.upload(screen.getByTestId('editor-file-input'), big)
    expect((await screen.findByRole('alert')).textContent).toContain(
      '“huge.png” is 25 MB; pictures used here can be up to 25 MB. Nothing was uploaded.'
    )
    expect(host.calls.filter((c) => c.channel === 'files:upload')).toHaveLength(0)
  })

  it('opens an uploaded file in the painter with its size', async () => {
    const host = new FakeHost()
    host.uploadHandler = grantUploads({
      fileId: 'f-1',
      mimeType: 'image/webp',
      width: 6198,
      height: 2656,
      previewUrl: '/media/f-1'
    })
    const { user } = await renderImages({ host })
    await user.click(screen.getByRole('button', { name: 'Edit an image…' }))
    await user.upload(
      screen.getByTestId('editor-file-input'),
      imageFile(webpHeader(6198, 2656), 'wide.webp', 'image/webp')
    )
    expect(await screen.findByRole('region', { name: 'Mask painter' })).toBeTruthy()
    expect(screen.getByText(/wide\.webp · 6198×2656 source/)).toBeTruthy()
  })

  it('opens a dropped or pasted image too', async () => {
    const host = new FakeHost()
    host.uploadHandler = grantUploads((name) => ({
      fileId: `f-${name}`,
      width: 640,
      height: 480,
      previewUrl: '/media/x'
    }))
    const { user } = await renderImages({ host })
    const view = document.querySelector('.images-view') as HTMLElement
    const dropped = imageFile(pngHeader(640, 480), 'dropped.png')
    fireEvent.drop(view, { dataTransfer: { files: [dropped], types: ['Files'] } })
    expect(await screen.findByText(/dropped\.png · 640×480 source/)).toBeTruthy()
    await user.click(screen.getByRole('button', { name: 'Back to gallery' }))
    fireEvent.paste(view, { clipboardData: { files: [imageFile(pngHeader(640, 480), 'pasted.png')] } })
    expect(await screen.findByText(/pasted\.png · 640×480 source/)).toBeTruthy()
    expect(
      host.calls
        .filter((c) => c.channel === 'files:upload')
        .map((c) => (c.input as { meta: { purpose: string } }).meta.purpose)
    ).toEqual(['image-edit', 'image-edit'])
  })
})

describe('the mask export worker of an editing session', () => {
  it('starts once the source is on screen, not beside its decode, and stops with the session', async () => {
    const release = vi.fn()
    const warm = vi.fn(() => release)
    maskExport.warm = warm
    const { user } = await openPainter()
    expect(warm).not.toHaveBeenCalled()
    act(() => markSourceDrawn(null))
    await waitFor(() => expect(warm).toHaveBeenCalledTimes(1))
    // A later redraw (zoom, a new frame) does not start a second one.
    act(() => markSourceDrawn(null))
    await new Promise((r) => setTimeout(r, 10))
    expect(warm).toHaveBeenCalledTimes(1)
    expect(release).not.toHaveBeenCalled()
    await user.click(screen.getByRole('button', { name: 'Back to gallery' }))
    expect(release).toHaveBeenCalledTimes(1)
  })

  it('is not started by a draw after the session ended', async () => {
    const warm = vi.fn(() => () => {})
    maskExport.warm = warm
    const { user } = await openPainter()
    await user.click(screen.getByRole('button', { name: 'Back to gallery' }))
    act(() => markSourceDrawn(null))
    await new Promise((r) => setTimeout(r, 10))
    expect(warm).not.toHaveBeenCalled()
  })

  it('starts after a while when the source never draws (it failed to load)', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true })
    try {
      const warm = vi.fn(() => () => {})
      maskExport.warm = warm
      await openPainter()
      act(() => void vi.advanceTimersByTime(WARM_FALLBACK_MS - 200))
      expect(warm).not.toHaveBeenCalled()
      act(() => void vi.advanceTimersByTime(400))
      expect(warm).toHaveBeenCalledTimes(1)
    } finally {
      vi.useRealTimers()
    }
  })
})

describe('docked edit panel', () => {
  afterEach(() => useEditorPanel.getState().setOpen(true))

  it('folds from its button and from \\ (not while typing), keeps the prompt, and remembers the choice', async () => {
    const { user, stage } = await openPainter()
    await user.type(form().getByRole('textbox', { name: 'Prompt' }), 'a kite')
    // Typing the key in a text field types it.
    await user.type(form().getByRole('textbox', { name: 'Prompt' }), '\\')
    expect(screen.getByRole('button', { name: 'Hide edit panel' }).getAttribute('aria-expanded')).toBe('true')
    stage.focus()
    await user.keyboard('\\')
    expect(screen.queryByRole('form', { name: 'Edit settings' })).toBeNull()
    expect(localStorage.getItem('studio.editor.panel.v1')).toBe('closed')
    const show = screen.getByRole('button', { name: 'Show edit panel' })
    expect(show.getAttribute('aria-expanded')).toBe('false')
    await user.click(show)
    expect(form().getByRole('textbox', { name: 'Prompt' })).toHaveProperty('value', 'a kite\\')
    expect(localStorage.getItem('studio.editor.panel.v1')).toBe('open')
  })
})
