import { screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { descriptionOf, hasFocus, isInvalid } from '@renderer/testing/a11y'
import { renderImages, resetImages } from '@renderer/testing/render-images'

afterEach(resetImages)

const form = () => screen.getByRole('form', { name: 'Generate' })

describe('generate form', () => {
  it('refuses an empty prompt at the field, focuses it, and sends nothing', async () => {
    const { host, user } = await renderImages()
    await user.click(screen.getByRole('button', { name: 'Generate' }))
    const prompt = within(form()).getByRole('textbox', { name: 'Prompt' })
    expect(isInvalid(prompt)).toBe(true)
    expect(descriptionOf(prompt)).toContain('Write a prompt')
    expect(hasFocus(prompt)).toBe(true)
    expect(host.callsTo('images:generate')).toHaveLength(0)
  })

  it('imagegen: n is required and the size is W*H; a valid form sends exactly that family’s fields', async () => {
    const { host, user } = await renderImages()
    const f = within(form())
    await user.type(f.getByRole('textbox', { name: 'Prompt' }), 'a red kite')
    const n = f.getByRole('textbox', { name: 'Images per run' })
    await user.clear(n)
    const size = f.getByRole('textbox', { name: 'Size' })
    await user.type(size, '1024 by')
    await user.click(f.getByRole('button', { name: 'Generate' }))
    expect(isInvalid(n)).toBe(true)
    expect(isInvalid(size)).toBe(true)
    expect(descriptionOf(size)).toContain('width × height in pixels')
    expect(host.callsTo('images:generate')).toHaveLength(0)

    await user.type(n, '2')
    await user.clear(size)
    await user.type(size, '2048 x 2048')
    // The model is a combobox: the profile's names are offered, and any name can be typed.
    const model = f.getByRole('combobox', { name: 'Model' }) as HTMLInputElement
    expect(model.value).toBe('imagegen-4.0')
    expect([...(model.list?.options ?? [])].map((o) => o.value)).toEqual(['imagegen-4.0', 'imagegen-4.5'])
    await user.clear(model)
    await user.type(model, 'imagegen-4.5')
    await user.selectOptions(f.getByRole('combobox', { name: 'Resolution' }), '2k')
    await user.click(f.getByRole('button', { name: 'Add URL' }))
    await user.type(f.getByRole('textbox', { name: 'Reference image URL 1' }), 'https://example.com/ref.png')
    await user.click(f.getByRole('button', { name: 'Generate' }))
    expect(host.callsTo('images:generate')).toEqual([
      {
        family: 'imagegen',
        model: 'imagegen-4.5',
        prompt: 'a red kite',
        n: 2,
        size: '2048*2048',
        resolution: '2k',
        image: ['https://example.com/ref.png']
      }
    ])
  })

  it('image-model-2: a ratio shows the size it gives and the nearest-size fallback; n says empty or 0 means 1', async () => {
    const { user } = await renderImages()
    await user.click(screen.getByRole('radio', { name: 'Reference images and quality' }))
    const f = within(form())
    expect(descriptionOf(f.getByRole('textbox', { name: 'Images per run' }))).toContain('Empty or 0 means 1 image')
    const ratio = f.getByRole('combobox', { name: 'Ratio' })
    await user.selectOptions(ratio, '16:9')
    expect(descriptionOf(ratio)).toContain('16:9 gives 1920x1080.')
    expect(descriptionOf(ratio)).toContain('the nearest official size is used and the ratio is added to the prompt')
    expect((f.getByRole('combobox', { name: 'Size tier' }) as HTMLSelectElement).value).toBe('1920x1080')
    await user.selectOptions(ratio, '2:3')
    expect(descriptionOf(ratio)).toContain('2:3 gives 1024x1536.')
    // Picking a size tier clears the ratio.
    await user.selectOptions(f.getByRole('combobox', { name: 'Size tier' }), '1536x1152')
    expect((ratio as HTMLSelectElement).value).toBe('')
  })

  it('image-model-2: the watermark is a three-way choice sent as absent, true or false', async () => {
    const { host, user } = await renderImages()
    await user.click(screen.getByRole('radio', { name: 'Reference images and quality' }))
    const f = within(form())
    await user.type(f.getByRole('textbox', { name: 'Prompt' }), 'p')
    const group = f.getByRole('group', { name: 'Watermark' })
    expect((within(group).getByRole('radio', { name: 'Default (not sent)' }) as HTMLInputElement).checked).toBe(true)
    await user.click(f.getByRole('button', { name: 'Generate' }))
    await user.click(within(group).getByRole('radio', { name: 'Off' }))
    await user.click(f.getByRole('button', { name: 'Generate' }))
    await user.click(within(group).getByRole('radio', { name: 'On' }))
    await user.click(f.getByRole('button', { name: 'Generate' }))
    const sent = host.callsTo('images:generate') as { watermark: string; n?: number }[]
    expect(sent.map((r) => r.watermark)).toEqual(['absent', 'false', 'true'])
    expect(sent[0]).not.toHaveProperty('n')
  })

  it('shows a host refusal that names a field at that field', async () => {
    const { StudioError } = await import('@shared/errors')
    const { FakeHost } = await import('@renderer/testing/fake-host')
    const host = new FakeHost().on('images:generate', () => {
      throw new StudioError('INVALID_INPUT', 'imagegen models take reference images as http(s) URLs only.', {
        field: 'image.0'
      })
    })
    const { user } = await renderImages({ host })
    const f = within(form())
    await user.type(f.getByRole('textbox', { name: 'Prompt' }), 'p')
    await user.click(f.getByRole('button', { name: 'Add URL' }))
    const url = f.getByRole('textbox', { name: 'Reference image URL 1' })
    await user.type(url, 'https://example.com/a.png')
    await user.click(f.getByRole('button', { name: 'Generate' }))
    expect(await f.findByText(/http\(s\) URLs only/)).toBeTruthy()
    expect(isInvalid(url)).toBe(true)
  })
})
